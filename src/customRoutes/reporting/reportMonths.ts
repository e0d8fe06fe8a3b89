/**
 * How the report tables order their months for a person: newest first, so the month being worked on and
 * the totals are in view, and without the months before anything happened (before a client's first case
 * there is nothing to report, not an "Open" month of zeros).
 */

interface MonthActivity {
  month: string;
  minutes: number;
  cases: number;
}

const hasActivity = (row: MonthActivity) => row.minutes !== 0 || row.cases !== 0;

/** The rows from the first month with hours or cases on, newest first. */
export function newestFirstSinceFirstActivity<Row extends MonthActivity>(rows: readonly Row[]): Row[] {
  const chronological = [...rows].sort((a, b) => a.month.localeCompare(b.month));
  const first = chronological.findIndex(hasActivity);
  return first === -1 ? [] : chronological.slice(first).reverse();
}

/** The months (`YYYY-MM`) from the first one for which `hasData` holds on, newest first. */
export function newestMonthsSince(months: readonly string[], hasData: (month: string) => boolean): string[] {
  const chronological = [...months].sort();
  const first = chronological.findIndex(hasData);
  return first === -1 ? [] : chronological.slice(first).reverse();
}

/** Whether a client's month comes before its first month with hours or cases in the report. */
export function beforeFirstActivity(rows: readonly MonthActivity[], month: string): boolean {
  const first = [...rows].sort((a, b) => a.month.localeCompare(b.month)).find(hasActivity);
  return !first || month < first.month;
}
