import type { CycleStatus } from '../../../../contract/billing';
import { monthLabel } from '../reportFormat';
import type { ReportColumn } from '../table/reportColumns';

/** The columns the billable-hours tables share; every figure and total is the server's string. */

export const NO_RATE = 'No rate';

const STATUS_LABELS: Record<CycleStatus, string> = { open: 'Open', closed: 'Closed', invoiced: 'Invoiced' };

export const monthColumn = <Row extends { month: string }>(): ReportColumn<Row> => ({
  label: 'Month',
  text: (row) => monthLabel(row.month),
  total: 'Total',
});

export const hoursColumn = <Row extends { hours: string }>(total: string): ReportColumn<Row> => ({
  label: 'Hours',
  text: (row) => row.hours,
  numeric: true,
  total,
});

/** A month without a rate has no amount: it says so rather than showing 0.00. */
export const amountColumn = <Row extends { amount: string | null }>(total: string): ReportColumn<Row> => ({
  label: 'Amount',
  text: (row) => row.amount ?? NO_RATE,
  numeric: true,
  total,
});

export const casesColumn = <Row extends { cases: number }>(total: number): ReportColumn<Row> => ({
  label: 'Cases',
  text: (row) => String(row.cases),
  numeric: true,
  total: String(total),
});

export const rateColumn = <Row extends { rate: string | null }>(): ReportColumn<Row> => ({
  label: 'Rate',
  text: (row) => row.rate ?? NO_RATE,
  numeric: true,
});

export const statusColumn = <Row extends { status: CycleStatus }>(): ReportColumn<Row> => ({
  label: 'Status',
  text: (row) => STATUS_LABELS[row.status],
});

/** What the amount total leaves out, under the table, in plain words. */
export const unratedNote = (unratedMonths: number) =>
  unratedMonths === 0
    ? undefined
    : unratedMonths === 1
      ? 'The hours of 1 month have no rate yet, so the amount total leaves them out.'
      : `The hours of ${unratedMonths} months have no rate yet, so the amount total leaves them out.`;
