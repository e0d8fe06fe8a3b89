/** How the reports write months, in the user's locale. */

const MONTH_FORMAT = new Intl.DateTimeFormat(undefined, { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** "Dec 2025" for `2025-12`. */
export function monthLabel(month: string): string {
  const [year, index] = month.split('-').map(Number) as [number, number];
  return MONTH_FORMAT.format(Date.UTC(year, index - 1, 1));
}

/** A CSV file's name: what it holds and the months, e.g. `hours-per-month-2025-12-to-2026-11`. */
export const csvFileName = (what: string, from: string, to: string) => `${what}-${from}-to-${to}`;
