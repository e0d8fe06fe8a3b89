import Button from '@mui/material/Button';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useState } from 'react';
import type { MonthRange } from '../../../contract/billing';
import { PAGE_PATHS } from '../../../contract/paths';
import { type SummaryFigure, SummaryTable } from './billable/SummaryTable';
import { ReportError } from './ReportError';
import { ReportLink } from './ReportLink';
import { ReportPage } from './ReportPage';
import { useHoursSummary } from './reportQueries';
import { TablesSkeleton } from './TablesSkeleton';

const BillableHoursSummary = ({ range }: { range: MonthRange }) => {
  const [figure, setFigure] = useState<SummaryFigure>('hours');
  const { data: summary, error } = useHoursSummary(range);
  if (error) return <ReportError error={error} />;
  return (
    <>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={figure}
        aria-label="Figures shown"
        onChange={(_event, chosen: SummaryFigure | null) => chosen && setFigure(chosen)}
        sx={{ alignSelf: 'flex-start' }}
      >
        <ToggleButton value="hours">Hours</ToggleButton>
        <ToggleButton value="amount">Amounts</ToggleButton>
      </ToggleButtonGroup>
      {summary ? <SummaryTable summary={summary} figure={figure} /> : <TablesSkeleton />}
    </>
  );
};

/** `/reporting/continuous-monitoring/billable-hours/summary`: clients × months with totals. */
export const BillableHoursSummaryPage = () => (
  <ReportPage
    title="Billable hours summary"
    description="Each client's billable hours or amounts month by month, with the totals."
    actions={
      <Button component={ReportLink} to={PAGE_PATHS.billableHoursReport}>
        Charts
      </Button>
    }
  >
    {(range) => <BillableHoursSummary range={range} />}
  </ReportPage>
);
