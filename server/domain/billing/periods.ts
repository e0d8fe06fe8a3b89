import { TZDate } from '@date-fns/tz';
import { type BillingPeriodStart, RECORDING_START } from '../../../contract/billingPeriods';
import type { Interval } from '../../../contract/hours';

/**
 * The billing periods of a recording (DESIGN §4 "Reading, reporting and billing"): consecutive periods that
 * cover it, the first one holding its start. With `recording-start` each lasts 24 hours from the recording's
 * start; with a local time `HH:MM` each runs from one local billing-day start to the next, so a period
 * holding a DST change lasts 23 or 25 hours and the next one still starts at `HH:MM`, never drifting. A
 * billing-day start that a spring-forward gap skips falls on the first instant after the gap (TZDate's
 * reading of a local time that does not exist).
 */

export interface BillingPeriodOptions {
  timeZone: string;
  billingPeriodStart: BillingPeriodStart;
}

const DAY_MS = 24 * 60 * 60 * 1000;

type LocalDate = { year: number; month: number; day: number };

/** Local dates already worked out, by zone and instant: the board asks for each recording's start on each call. */
const localDates = new Map<string, LocalDate>();
const MAX_KEPT_LOCAL_DATES = 100_000;

/** The local calendar date of an instant in a zone. */
function localDate(instant: number, timeZone: string): LocalDate {
  const key = `${timeZone} ${instant}`;
  let known = localDates.get(key);
  if (known === undefined) {
    const date = new TZDate(instant, timeZone);
    known = { year: date.getFullYear(), month: date.getMonth(), day: date.getDate() };
    if (localDates.size >= MAX_KEPT_LOCAL_DATES) localDates.clear();
    localDates.set(key, known);
  }
  return known;
}

/**
 * The billing-day starts already worked out, by zone, `HH:MM` and local date: a TZDate is slow to build,
 * and the board works out every day of each monitored recording on each call. Cleared when it grows past
 * a bound, so it cannot grow without end.
 */
const dayStarts = new Map<string, number>();
const MAX_KEPT_DAY_STARTS = 100_000;

/** The instant of `HH:MM` on a local calendar date (`day` may run past the month's end: it carries over). */
function billingDayStart(date: LocalDate, hhmm: string, timeZone: string) {
  const key = `${timeZone} ${hhmm} ${date.year} ${date.month} ${date.day}`;
  let instant = dayStarts.get(key);
  // Stryker disable next-line ConditionalExpression: without the cache the start is worked out again, the same.
  if (instant === undefined) {
    const [hours, minutes] = hhmm.split(':').map(Number) as [number, number];
    instant = new TZDate(date.year, date.month, date.day, hours, minutes, timeZone).getTime();
    // Stryker disable next-line ConditionalExpression,EqualityOperator: clearing early or never only costs time.
    if (dayStarts.size >= MAX_KEPT_DAY_STARTS) dayStarts.clear();
    dayStarts.set(key, instant);
  }
  return instant;
}

export function billingPeriods(recording: Interval, options: BillingPeriodOptions): Interval[] {
  const { start, end } = recording;
  if (!(end > start)) return [];
  const periods: Interval[] = [];
  if (options.billingPeriodStart === RECORDING_START) {
    for (let at = start; at < end; at += DAY_MS) periods.push({ start: at, end: at + DAY_MS });
    return periods;
  }
  const first = localDate(start, options.timeZone);
  // The billing day holding the start began today at HH:MM, or yesterday when that is still ahead.
  let day = billingDayStart(first, options.billingPeriodStart, options.timeZone) <= start ? 0 : -1;
  const dayStart = (offset: number) =>
    billingDayStart({ ...first, day: first.day + offset }, options.billingPeriodStart, options.timeZone);
  for (let at = dayStart(day); at < end; day += 1) {
    const next = dayStart(day + 1);
    periods.push({ start: at, end: next });
    at = next;
  }
  return periods;
}
