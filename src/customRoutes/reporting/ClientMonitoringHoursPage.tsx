import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import { useParams } from 'react-router-dom';
import type { MonthRange } from '../../../contract/billing';
import { PAGE_PATHS } from '../../../contract/paths';
import { ClientHeading } from './ClientHeading';
import { CaseHoursChart } from './charts/CaseHoursChart';
import { ReportError } from './ReportError';
import { ReportLink } from './ReportLink';
import { ReportPage } from './ReportPage';
import { csvFileName } from './reportFormat';
import { hoursByMonth } from './reportPivot';
import { useMonitoringHours } from './reportQueries';
import { TablesSkeleton } from './TablesSkeleton';
import { HoursByMonthTable } from './table/HoursByMonthTable';

const ClientMonitoringHours = ({ clientId, range }: { clientId: string; range: MonthRange }) => {
  const { data: report, error, isPending } = useMonitoringHours(range, clientId);
  if (error) return <ReportError error={error} />;
  const months = report?.months ?? [];
  const cases = hoursByMonth(
    report?.byCase ?? [],
    (row) => row.caseId,
    (row) => row.caseNumber,
  );
  const technologists = hoursByMonth(
    report?.byTechnologist ?? [],
    (row) => row.technologist,
    (row) => row.name,
  );
  const fileName = (what: string) =>
    csvFileName(`${what}-${report?.client?.code.toLowerCase() ?? clientId}`, range.from, range.to);
  return (
    <>
      {report?.client && <ClientHeading client={report.client} />}
      <CaseHoursChart months={months} cases={cases} loading={isPending} />
      {report ? (
        <>
          <HoursByMonthTable
            title="Monitoring hours per case"
            rowLabel="Case"
            months={months}
            rows={cases}
            csvName={fileName('monitoring-hours-per-case')}
            emptyText="No case of this client was monitored in these months."
          />
          <HoursByMonthTable
            title="Monitoring hours per technologist"
            rowLabel="Technologist"
            months={months}
            rows={technologists}
            csvName={fileName('monitoring-hours-per-technologist')}
            emptyText="No technologist logged time on this client's cases in these months."
          />
        </>
      ) : (
        <TablesSkeleton />
      )}
    </>
  );
};

/** `…/monitoring-hours/{clientId}` (base layout, no menu): one client's cases and technologists per month. */
export const ClientMonitoringHoursPage = () => {
  const { clientId = '' } = useParams();
  return (
    <ReportPage
      title="Client monitoring hours"
      description="A client's monitoring hours per case and per technologist, month by month."
      actions={
        <Button component={ReportLink} to={PAGE_PATHS.monitoringHoursReport} startIcon={<ArrowBackIcon />}>
          Back to monitoring hours
        </Button>
      }
    >
      {(range) => <ClientMonitoringHours clientId={clientId} range={range} />}
    </ReportPage>
  );
};
