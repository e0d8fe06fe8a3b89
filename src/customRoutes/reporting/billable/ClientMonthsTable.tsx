import type { ClientHoursReport, MonthFigures } from '../../../../contract/billing';
import { csvFileName } from '../reportFormat';
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

/** A client's months: hours, the cycle's rate, amount and status, with the server's totals. */
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
    rows={report.months}
    rowKey={(row) => row.month}
    csvName={csvFileName(`billable-hours-${report.client.code.toLowerCase()}`, report.from, report.to)}
    emptyText="No months in this range."
    note={unratedNote(report.totals.unratedMonths)}
  />
);
