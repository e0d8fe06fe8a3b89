import type { ReactNode } from 'react';

/** A column of a report table, shown on screen and written to its CSV alike. */
export interface ReportColumn<Row> {
  /** The header, also the CSV column's name. */
  label: string;
  /** The cell as text, exactly as the server sent it: shown, and written to the CSV. */
  text: (row: Row) => string;
  /** What the cell shows when text is not enough (a link, a mark); the CSV keeps `text`. */
  render?: (row: Row) => ReactNode;
  /** Hours, amounts and counts: aligned right. */
  numeric?: boolean;
  /** The column's cell in the totals row: the server's total, or "Total" in the first column. */
  total?: string;
}

/** Whether the table ends with a totals row: some column has a total. */
export const hasTotals = <Row>(columns: readonly ReportColumn<Row>[]) =>
  columns.some((column) => column.total !== undefined);

/** The table's lines for the CSV, the totals row last (`downloadTable` keeps text from running as a formula). */
export function csvRows<Row>(columns: readonly ReportColumn<Row>[], rows: readonly Row[]) {
  const line = (cell: (column: ReportColumn<Row>) => string) =>
    Object.fromEntries(columns.map((column) => [column.label, cell(column)]));
  const lines = rows.map((row) => line((column) => column.text(row)));
  if (hasTotals(columns)) lines.push(line((column) => column.total ?? ''));
  return lines;
}
