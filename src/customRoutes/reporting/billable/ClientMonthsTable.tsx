import type { ClientHoursReport, MonthFigures } from '../../../../contract/hourReports';
import { csvFileName } from '../reportFormat';
import { newestFirstSinceFirstActivity } from '../reportMonths';
import { ReportTable } from '../table/ReportTable';
import {
  amountColumn,
  casesColumn,
  hoursColumn,
  monthColumn,
  rateColumn,
  statusColumn,
  unratedNote,
} from './figureColumns';

/**
 * A client's months, newest first from its first month with hours or cases: hours, the cycle's rate, amount
 * and status, with the server's totals.
 */
export const ClientMonthsTable = ({ report }: { report: ClientHoursReport }) => (
  <ReportTable<MonthFigures>
    title="Billable hours per month"
    columns={[
      monthColumn(),
      hoursColumn(report.totals.hours),
      rateColumn(),
      amountColumn(report.totals.amount),
      statusColumn(),
      casesColumn(report.totals.cases),
    ]}
    rows={newestFirstSinceFirstActivity(report.months)}
    rowKey={(row) => row.month}
    csvName={csvFileName(`billable-hours-${report.client.code.toLowerCase()}`, report.from, report.to)}
    emptyText="No billable hours in these months."
    note={unratedNote(report.totals.unratedMonths)}
  />
);
