import type { CycleStatus } from '../../../contract/billing';
import { isUnrated } from '../../../contract/billingMonths';
import { monthIn } from '../../../contract/calendar';

/**
 * How billing pages write months, periods and statuses. Hours and money are shown exactly as the server
 * sent them ("12.50", "1569.75"): nothing here parses them (DESIGN §4 "Hours and money").
 */

export const CYCLE_STATUS_LABELS: Record<CycleStatus, string> = {
  open: 'Open',
  closed: 'Closed',
  invoiced: 'Invoiced',
};

/** `2026-10` → "October 2026", in the user's locale. */
export function monthLabel(month: string): string {
  const [year, index] = month.split('-').map(Number) as [number, number];
  // Noon UTC of the 1st, written in UTC: the same calendar month in every browser zone.
  return new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    Date.UTC(year, index - 1, 1, 12),
  );
}

/** The browser's current month (`YYYY-MM`): the billing home's "this month". */
export const browserMonth = (now = new Date()) =>
  monthIn(Intl.DateTimeFormat().resolvedOptions().timeZone, now);

/**
 * A statement's period in the client's zone, e.g. "October 1, 2026 – October 31, 2026, America/Chicago".
 * The server's `periodEnd` is the next month's first instant, so the last day is the instant before it.
 */
export function periodLabel(periodStart: string, periodEnd: string, timeZone: string): string {
  const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeZone });
  return `${day.format(new Date(periodStart))} – ${day.format(new Date(Date.parse(periodEnd) - 1))}, ${timeZone}`;
}

/** A month to bill that has no rate yet: still open, with hours and no rate (as the reports count it). */
export const needsRate = (figures: { minutes: number; status: CycleStatus; rate: string | null }) =>
  figures.status === 'open' && isUnrated(figures);

/** "1 client", "3 clients". */
export const clientCount = (count: number) => `${count} ${count === 1 ? 'client' : 'clients'}`;
