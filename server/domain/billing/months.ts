import { TZDate } from '@date-fns/tz';
import { startOfDay } from 'date-fns';
import { addMonths, monthsBetween } from '../../../contract/billingMonths';
import { clippedMinutes, type Interval, unionIntervals, unionMinutes } from '../../../contract/hours';

/**
 * Billing months are the client's local calendar months (DESIGN §4): local midnight of the 1st to local
 * midnight of the next 1st, so a month holding a DST change is an hour shorter or longer.
 */

/** Month starts already worked out, by zone and month: the zones' rules do not change while we run. */
const monthStarts = new Map<string, number>();

/** The first instant of local month `month` (`YYYY-MM`) in `timeZone`. */
function monthStart(month: string, timeZone: string): number {
  const key = `${timeZone} ${month}`;
  const known = monthStarts.get(key);
  // Stryker disable next-line ConditionalExpression: without the cache the start is worked out again, the same.
  if (known !== undefined) return known;
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  // TZDate reads the parts as local time; where midnight does not exist it answers the day's first instant.
  const start = new TZDate(year, monthNumber - 1, 1, timeZone).getTime();
  monthStarts.set(key, start);
  return start;
}

/** From local midnight of the 1st to local midnight of the next month's 1st. */
export function monthWindow(month: string, timeZone: string): Interval {
  return { start: monthStart(month, timeZone), end: monthStart(addMonths(month, 1), timeZone) };
}

/** Whether local month `month` is over in `timeZone` at `now`: a month still running cannot close. */
export const monthEnded = (month: string, timeZone: string, now: number) =>
  now >= monthWindow(month, timeZone).end;

/** `2026-10` → "October 2026", as the server names a month in its messages (English, whatever the zone). */
export const monthName = (month: string) =>
  new Date(`${month}-01T12:00:00Z`).toLocaleString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/**
 * The local `YYYY-MM` of an instant: its UTC month or a neighbour (no zone is 24 h from UTC), told apart by
 * the month starts already worked out, so most calls need no time-zone arithmetic at all.
 */
export function monthOf(instant: number, timeZone: string): string {
  const utc = new Date(instant);
  const guess = `${String(utc.getUTCFullYear()).padStart(4, '0')}-${String(utc.getUTCMonth() + 1).padStart(2, '0')}`;
  if (instant < monthStart(guess, timeZone)) return addMonths(guess, -1);
  const next = addMonths(guess, 1);
  return instant < monthStart(next, timeZone) ? guess : next;
}

/** The first instant of the local day holding `instant`. */
export function localMidnight(instant: number, timeZone: string): number {
  return startOfDay(new TZDate(instant, timeZone)).getTime();
}

/** Minutes of the union per local month, months ascending, months without minutes left out. */
export function minutesByMonth(intervals: readonly Interval[], timeZone: string): Map<string, number> {
  const union = unionIntervals(intervals);
  const byMonth = new Map<string, number>();
  const first = union[0];
  const last = union.at(-1);
  // Stryker disable next-line LogicalOperator: a union has a first interval exactly when it has a last one.
  if (!first || !last) return byMonth;
  // Each month's window once (time-zone arithmetic is the costly part), then one pass over both sorted lists.
  // The bounds below only decide which months are visited; a month the union does not reach adds nothing.
  // Stryker disable next-line ArithmeticOperator: one month more at the end is a month the union does not reach.
  const months = monthsBetween(monthOf(first.start, timeZone), monthOf(last.end - 1, timeZone));
  const starts = [...months, addMonths(months.at(-1) as string, 1)].map((month) =>
    monthStart(month, timeZone),
  );
  let index = 0;
  for (const interval of union) {
    // Stryker disable next-line ConditionalExpression,EqualityOperator: skipping fewer months visits earlier ones.
    while ((starts[index + 1] as number) <= interval.start) index += 1;
    // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator: going on visits later ones.
    for (let at = index; at < months.length && (starts[at] as number) < interval.end; at += 1) {
      const window = { start: starts[at] as number, end: starts[at + 1] as number };
      const minutes = clippedMinutes([interval], window);
      const month = months[at] as string;
      if (minutes > 0) byMonth.set(month, (byMonth.get(month) ?? 0) + minutes);
    }
  }
  return byMonth;
}

/** A technologist's span on a case of a client in `timeZone`. */
export interface ZonedSpan extends Interval {
  technologist: string;
  timeZone: string;
}

/**
 * Each technologist's monitoring minutes per month: the union of their spans (DESIGN §4 "Concurrent
 * monitoring": four patients at once count once). A minute belongs to the local month of the client whose
 * case it was logged on, so a month is the client's month as everywhere else; spans of clients in different
 * zones are cut into their own months first, then joined per technologist and month. Only at a month's edge,
 * where two zones name the same instant differently, can a minute watched for two clients count in both months.
 */
export function technologistMinutesByMonth(spans: readonly ZonedSpan[]) {
  const pieces = new Map<string, { technologist: string; month: string; intervals: Interval[] }>();
  for (const { technologist, timeZone, start, end } of spans) {
    // Stryker disable next-line ConditionalExpression,EqualityOperator: an empty span counts 0 minutes, left out below.
    if (end <= start) continue;
    // Stryker disable next-line ArithmeticOperator: a month more is an empty piece, counting 0 minutes, left out below.
    for (const month of monthsBetween(monthOf(start, timeZone), monthOf(end - 1, timeZone))) {
      const window = monthWindow(month, timeZone);
      const piece = { start: Math.max(start, window.start), end: Math.min(end, window.end) };
      const key = `${technologist} ${month}`;
      const found = pieces.get(key);
      if (found) found.intervals.push(piece);
      else pieces.set(key, { technologist, month, intervals: [piece] });
    }
  }
  return [...pieces.values()]
    .map(({ technologist, month, intervals }) => ({ technologist, month, minutes: unionMinutes(intervals) }))
    .filter((row) => row.minutes > 0);
}
