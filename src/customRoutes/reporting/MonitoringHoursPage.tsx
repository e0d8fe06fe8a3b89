import type { MonthRange } from '../../../contract/billing';
import { PAGE_PATHS } from '../../../contract/paths';
import { TechnologistHoursChart } from './charts/TechnologistHoursChart';
import { TurnaroundChart } from './charts/TurnaroundChart';
import { CallsSection } from './monitoring/CallsSection';
import { ClientPicker } from './monitoring/ClientPicker';
import { NotificationsTable } from './monitoring/NotificationsTable';
import { ReportsOnTimeTable } from './monitoring/ReportsOnTimeTable';
import { TurnaroundTable, turnaroundRows } from './monitoring/TurnaroundTable';
import { ReportError } from './ReportError';
import { ReportPage } from './ReportPage';
import { csvFileName } from './reportFormat';
import { hoursByMonth } from './reportPivot';
import { useMonitoringHours, useTurnaround } from './reportQueries';
import { TablesSkeleton } from './TablesSkeleton';
import { HoursByMonthTable } from './table/HoursByMonthTable';

/**
 * Orders and their turnaround, and the critical calls (DESIGN §4 turn 4), from one report: charts of the
 * shares on time, and the tables with their CSV.
 */
const TurnaroundReport = ({ range }: { range: MonthRange }) => {
  const { data: report, error, isPending } = useTurnaround(range);
  if (error) return <ReportError error={error} />;
  const rows = turnaroundRows(report?.months ?? []);
  return (
    <>
      <TurnaroundChart rows={rows} loading={isPending} />
      {report && (
        <TurnaroundTable
          rows={rows}
          csvName={csvFileName('order-turnaround-per-client', range.from, range.to)}
        />
      )}
      <CallsSection
        months={report?.months}
        loading={isPending}
        csvName={csvFileName('critical-calls-per-client', range.from, range.to)}
      />
    </>
  );
};

const MonitoringHoursReport = ({ range }: { range: MonthRange }) => {
  const { data: report, error, isPending } = useMonitoringHours(range);
  if (error) return <ReportError error={error} />;
  const months = report?.months ?? [];
  const technologists = hoursByMonth(
    report?.byTechnologist ?? [],
    (row) => row.technologist,
    (row) => row.name,
  );
  const clients = hoursByMonth(
    report?.byClient ?? [],
    (row) => row.clientId,
    (row) => row.clientName,
  );
  return (
    <>
      <ClientPicker clients={clients} />
      <TechnologistHoursChart months={months} technologists={technologists} loading={isPending} />
      {report ? (
        <>
          <HoursByMonthTable
            title="Monitoring hours per technologist"
            rowLabel="Technologist"
            months={months}
            rows={technologists}
            csvName={csvFileName('monitoring-hours-per-technologist', report.from, report.to)}
            emptyText="No technologist logged time in these months."
          />
          <HoursByMonthTable
            title="Monitoring hours per client"
            rowLabel="Client"
            months={months}
            rows={clients}
            linkTo={(client) => PAGE_PATHS.clientMonitoringHours(client.key)}
            csvName={csvFileName('monitoring-hours-per-client', report.from, report.to)}
            emptyText="No client was monitored in these months."
          />
          <NotificationsTable
            rows={report.notifications}
            csvName={csvFileName('notifications-per-client', report.from, report.to)}
          />
          <ReportsOnTimeTable
            rows={report.reports}
            csvName={csvFileName('reports-on-time-per-client', report.from, report.to)}
          />
          <TurnaroundReport range={range} />
        </>
      ) : (
        <TablesSkeleton />
      )}
    </>
  );
};

/** `/reporting/continuous-monitoring/monitoring-hours`: time logged per technologist and per client. */
export const MonitoringHoursPage = () => (
  <ReportPage
    title="Monitoring hours"
    description="Time logged per technologist and per client each month, the notifications made, reports signed and orders turned around on time; pick a client for its cases."
  >
    {(range) => <MonitoringHoursReport range={range} />}
  </ReportPage>
);
