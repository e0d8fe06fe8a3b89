import Button from '@mui/material/Button';
import type { MonthRange } from '../../../contract/billing';
import { PAGE_PATHS } from '../../../contract/paths';
import { ClientTotalsTable } from './billable/ClientTotalsTable';
import { MonthTotalsTable } from './billable/MonthTotalsTable';
import { ChartsRow } from './ChartsRow';
import { ClientHoursChart, clientHoursOf } from './charts/ClientHoursChart';
import { MonthlyHoursChart } from './charts/MonthlyHoursChart';
import { ReportError } from './ReportError';
import { ReportLink } from './ReportLink';
import { ReportPage } from './ReportPage';
import { useHoursSummary } from './reportQueries';
import { TablesSkeleton } from './TablesSkeleton';

const BillableHoursReport = ({ range }: { range: MonthRange }) => {
  const { data: summary, error, isPending } = useHoursSummary(range);
  if (error) return <ReportError error={error} />;
  return (
    <>
      <ChartsRow>
        <MonthlyHoursChart months={summary?.monthTotals ?? []} loading={isPending} />
        <ClientHoursChart clients={summary ? clientHoursOf(summary) : []} loading={isPending} />
      </ChartsRow>
      {summary ? (
        <>
          <MonthTotalsTable summary={summary} />
          <ClientTotalsTable summary={summary} />
        </>
      ) : (
        <TablesSkeleton />
      )}
    </>
  );
};

/** `/reporting/continuous-monitoring/billable-hours`: every client's billable hours and amounts. */
export const BillableHoursPage = () => (
  <ReportPage
    title="Billable hours"
    description="Billable hours and amounts per month and per client."
    actions={
      <Button component={ReportLink} to={PAGE_PATHS.billableHoursSummary}>
        Summary by client and month
      </Button>
    }
  >
    {(range) => <BillableHoursReport range={range} />}
  </ReportPage>
);
