import type { ReportMonthRow } from '../../../../contract/hourReports';
import { ReportTable } from '../table/ReportTable';
import type { ReportColumn } from '../table/reportColumns';

const count = (value: number) => String(value);
const orDash = (value: number | null) => (value === null ? '—' : String(value));

const COLUMNS: readonly ReportColumn<ReportMonthRow>[] = [
  { label: 'Client', text: (row) => row.clientName },
  { label: 'Month', text: (row) => row.month },
  { label: 'Due', text: (row) => count(row.due), numeric: true },
  { label: 'On time', text: (row) => count(row.onTime), numeric: true },
  { label: 'Late', text: (row) => count(row.late), numeric: true },
  { label: 'Not signed', text: (row) => count(row.overdue), numeric: true },
  { label: 'Reports on time (%)', text: (row) => orDash(row.onTimePercent), numeric: true },
];

/**
 * How each client's reports (preliminary, daily, final) were signed against the protocol's turnaround, per
 * month they fell due, as the server reckoned them (DESIGN §4 "Reports due").
 */
export const ReportsOnTimeTable = ({
  rows,
  csvName,
}: {
  rows: readonly ReportMonthRow[];
  csvName: string;
}) => (
  <ReportTable
    title="Reports on time per client"
    columns={COLUMNS}
    rows={rows}
    rowKey={(row) => `${row.clientId} ${row.month}`}
    csvName={csvName}
    emptyText="No report fell due in these months."
    note="Due: reports whose due time has passed or that were signed; those not due yet are not counted."
  />
);
