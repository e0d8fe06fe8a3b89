import type { NotificationMonthRow } from '../../../../contract/hourReports';
import { ReportTable } from '../table/ReportTable';
import type { ReportColumn } from '../table/reportColumns';

const count = (value: number) => String(value);
const orDash = (value: number | null, unit = '') => (value === null ? '—' : `${value}${unit}`);

const COLUMNS: readonly ReportColumn<NotificationMonthRow>[] = [
  { label: 'Client', text: (row) => row.clientName },
  { label: 'Month', text: (row) => row.month },
  { label: 'Due', text: (row) => count(row.due), numeric: true },
  { label: 'On time', text: (row) => count(row.onTime), numeric: true },
  { label: 'Late', text: (row) => count(row.late), numeric: true },
  { label: 'Not notified', text: (row) => count(row.overdue), numeric: true },
  { label: 'On time (%)', text: (row) => orDash(row.onTimePercent), numeric: true },
  { label: 'Median delay (min)', text: (row) => orDash(row.medianDelayMinutes), numeric: true },
];

/**
 * How each client's protocol notifications were met, per month, as the server reckoned them: the share on
 * time of those due and the median minutes from the event to the call (DESIGN §4 "Notifications").
 */
export const NotificationsTable = ({
  rows,
  csvName,
}: {
  rows: readonly NotificationMonthRow[];
  csvName: string;
}) => (
  <ReportTable
    title="Notifications on time per client"
    columns={COLUMNS}
    rows={rows}
    rowKey={(row) => `${row.clientId} ${row.month}`}
    csvName={csvName}
    emptyText="No event called for a notification in these months."
    note="Due: events a protocol rule covers whose notification time has passed or that were notified; pending ones are not counted yet."
  />
);
