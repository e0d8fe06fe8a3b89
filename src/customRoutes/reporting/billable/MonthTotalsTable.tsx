import type { HoursSummary } from '../../../../contract/hourReports';
import { csvFileName } from '../reportFormat';
import { newestFirstSinceFirstActivity } from '../reportMonths';
import { ReportTable } from '../table/ReportTable';
import { amountColumn, casesColumn, hoursColumn, monthColumn, unratedNote } from './figureColumns';

type MonthTotal = HoursSummary['monthTotals'][number];

/** Every client together, month by month (newest first, from the first with hours), with the server's totals. */
export const MonthTotalsTable = ({ summary }: { summary: HoursSummary }) => (
  <ReportTable<MonthTotal>
    title="Billable hours per month"
    columns={[
      monthColumn(),
      hoursColumn(summary.totals.hours),
      amountColumn(summary.totals.amount),
      casesColumn(summary.totals.cases),
    ]}
    rows={newestFirstSinceFirstActivity(summary.monthTotals)}
    rowKey={(row) => row.month}
    csvName={csvFileName('billable-hours-per-month', summary.from, summary.to)}
    emptyText="No billable hours in these months."
    note={unratedNote(summary.totals.unratedMonths)}
  />
);
