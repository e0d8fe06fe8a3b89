/** A technologist, client or case with its hours per month (`YYYY-MM` → "12.50"), as the server wrote them. */
export interface HoursByMonth {
  key: string;
  label: string;
  hours: Readonly<Record<string, string>>;
}

/**
 * The server's rows, one per thing per month, as one row per thing, ordered by name; tables and charts
 * lay them out by month. Nothing is added up: each figure is the server's.
 */
export function hoursByMonth<Row extends { month: string; hours: string }>(
  rows: readonly Row[],
  keyOf: (row: Row) => string | number,
  labelOf: (row: Row) => string,
): HoursByMonth[] {
  const grouped = new Map<string, { key: string; label: string; hours: Record<string, string> }>();
  for (const row of rows) {
    const key = String(keyOf(row));
    const entry = grouped.get(key) ?? { key, label: labelOf(row), hours: {} };
    entry.hours[row.month] = row.hours;
    grouped.set(key, entry);
  }
  return [...grouped.values()].sort((a, b) => a.label.localeCompare(b.label, undefined, { numeric: true }));
}
