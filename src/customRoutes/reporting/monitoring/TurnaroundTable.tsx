import type { TargetFigures, TurnaroundMonth } from '../../../../contract/turnaround';
import { PRIORITY_LABELS } from '../../../resources/cases/clocks/ClockStatus';
import { ReportTable } from '../table/ReportTable';
import type { ReportColumn } from '../table/reportColumns';

/** One row per client, month and priority that had orders. */
export interface TurnaroundRow {
  clientId: number;
  clientName: string;
  month: string;
  priority: TurnaroundMonth['orders'][number]['priority'];
  orders: number;
  hookup: TargetFigures;
  firstReview: TargetFigures;
}

export const turnaroundRows = (months: readonly TurnaroundMonth[]): TurnaroundRow[] =>
  months.flatMap(({ clientId, clientName, month, orders }) =>
    orders
      .filter((figures) => figures.orders > 0)
      .map((figures) => ({ clientId, clientName, month, ...figures })),
  );

const percent = (share: number | null) => (share === null ? '—' : String(Math.round(share * 1000) / 10));
const minutes = (value: number | null) => (value === null ? '—' : String(value));

const COLUMNS: readonly ReportColumn<TurnaroundRow>[] = [
  { label: 'Client', text: (row) => row.clientName },
  { label: 'Month', text: (row) => row.month },
  { label: 'Priority', text: (row) => PRIORITY_LABELS[row.priority] },
  { label: 'Orders', text: (row) => String(row.orders), numeric: true },
  { label: 'Hookup on time (%)', text: (row) => percent(row.hookup.share), numeric: true },
  { label: 'Median order to hookup (min)', text: (row) => minutes(row.hookup.medianMinutes), numeric: true },
  { label: 'First review on time (%)', text: (row) => percent(row.firstReview.share), numeric: true },
  {
    label: 'Median hookup to first review (min)',
    text: (row) => minutes(row.firstReview.medianMinutes),
    numeric: true,
  },
];

/** Orders per client, month and priority against the protocol's turnaround targets (DESIGN §4 turn 4). */
export const TurnaroundTable = ({ rows, csvName }: { rows: readonly TurnaroundRow[]; csvName: string }) => (
  <ReportTable
    title="Order turnaround per client"
    columns={COLUMNS}
    rows={rows}
    rowKey={(row) => `${row.clientId} ${row.month} ${row.priority}`}
    csvName={csvName}
    emptyText="No order was placed in these months."
    note="On time: of the clocks met or already breached; those still running within target are not counted."
  />
);
