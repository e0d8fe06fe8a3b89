/**
 * The hours rules the server and the browser share (DESIGN §4 "Hours and money", "Hours rules once"):
 * half-open intervals on the whole-minute grid, their union and clipping, the cap on an open time log, and
 * minutes written as hours. Every duration billed is a whole number of minutes: both ends of an interval are
 * floored to UTC minutes before counting, so a log of 10:00:40–11:00:20 counts 60 minutes (10:00–11:00).
 */

/** Epoch milliseconds, half-open: [start, end). */
export interface Interval {
  start: number;
  end: number;
}

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;

/** A hookup may start, and a takedown end, this long outside the recording (DESIGN §4 "Windows"). */
export const HOOKUP_LEAD_HOURS = 4;
export const TAKEDOWN_TRAIL_HOURS = 4;

/** The whole UTC minute an instant falls in: billing's grid. */
export const floorToMinute = (instant: number) => Math.floor(instant / MINUTE_MS) * MINUTE_MS;

/** Floors both ends to whole UTC minutes; `undefined` when nothing is left. */
export function toMinuteGrid(interval: Interval): Interval | undefined {
  const start = floorToMinute(interval.start);
  const end = floorToMinute(interval.end);
  return end > start ? { start, end } : undefined;
}

/** Whole minutes of one interval already on the grid. */
export const minutesOf = (interval: Interval) => (interval.end - interval.start) / MINUTE_MS;

/**
 * The minutes of the span from `start` to `end` (epoch ms) as billing counts that interval alone: both ends
 * floored to the minute, so 10:00:30–11:00:10 is 60 minutes; nothing when it ends before its next minute.
 * Every duration shown on screen, in print and in CSV is this (DESIGN §4 "Round three (turn 4)").
 */
export function spanMinutes(start: number, end: number): number {
  const grid = toMinuteGrid({ start, end });
  return grid ? minutesOf(grid) : 0;
}

/** Whole minutes as they are shown: "45 min", "1 h", "1 h 59 min", "26 h 5 min". */
export function formatDuration(minutes: number): string {
  assertWhole(minutes, 'Minutes');
  const rest = minutes % 60;
  const hours = (minutes - rest) / 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** The union on the minute grid: sorted, with overlapping or touching intervals merged. */
export function unionIntervals(intervals: readonly Interval[]): Interval[] {
  const gridded = intervals
    .map(toMinuteGrid)
    .filter((interval): interval is Interval => interval !== undefined)
    .sort((a, b) => a.start - b.start);
  const union: Interval[] = [];
  for (const interval of gridded) {
    const last = union.at(-1);
    if (last && interval.start <= last.end) last.end = Math.max(last.end, interval.end);
    else union.push({ ...interval });
  }
  return union;
}

/** Whole minutes covered by intervals that may overlap: overlapping logs count once. */
export const unionMinutes = (intervals: readonly Interval[]) =>
  unionIntervals(intervals).reduce((sum, interval) => sum + minutesOf(interval), 0);

/** Whole minutes of the union clipped to `window`. */
export function clippedMinutes(intervals: readonly Interval[], window: Interval): number {
  const grid = toMinuteGrid(window);
  if (!grid) return 0;
  let minutes = 0;
  for (const { start, end } of unionIntervals(intervals)) {
    const clipped = Math.min(end, grid.end) - Math.max(start, grid.start);
    // Stryker disable next-line EqualityOperator: adding an empty overlap (0) changes nothing.
    if (clipped > 0) minutes += clipped / MINUTE_MS;
  }
  return minutes;
}

export interface OpenLogCap {
  now: number;
  /** The case's recording end, when set. */
  recordingEnd: number | null;
  maxOpenLogHours: number;
}

/**
 * Where an open (running) log stops counting: the earliest of now, the recording end (a takedown's plus its
 * allowance) and its start plus `maxOpenLogHours` (DESIGN §4 "Open logs"), so a log forgotten for days
 * bills one shift at most and never past the recording.
 */
export function openLogEnd(
  { start, activity }: { start: number; activity: string },
  { now, recordingEnd, maxOpenLogHours }: OpenLogCap,
): number {
  const trail = activity === 'takedown' ? TAKEDOWN_TRAIL_HOURS * HOUR_MS : 0;
  return Math.min(
    now,
    recordingEnd === null ? Number.POSITIVE_INFINITY : recordingEnd + trail,
    start + maxOpenLogHours * HOUR_MS,
  );
}

/** An open log older than `maxOpenLogHours` is stale: forgotten, most likely. */
export const isStaleOpenLog = (start: number, now: number, maxOpenLogHours: number) =>
  now - start > maxOpenLogHours * HOUR_MS;

export function assertWhole(value: number, what: string): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} must be a whole number, got ${value}`);
}

/** `numerator / denominator` rounded half away from zero, exactly, for safe integers. */
export function divideHalfUp(numerator: number, denominator: number): number {
  // A product past 2^53 would already have lost its last digits.
  assertWhole(numerator, 'The amount before rounding');
  const magnitude = Math.abs(numerator);
  const remainder = magnitude % denominator;
  // (magnitude - remainder) is a multiple of denominator, so this division is exact.
  const quotient = (magnitude - remainder) / denominator + (remainder * 2 >= denominator ? 1 : 0);
  // Stryker disable next-line EqualityOperator: a zero numerator has a zero quotient either way.
  return numerator < 0 && quotient > 0 ? -quotient : quotient;
}

/** Hundredths written with 2 places and a sign only when not zero: -5 → "-0.05". */
export function twoPlaces(hundredths: number): string {
  const magnitude = Math.abs(hundredths);
  const fraction = magnitude % 100;
  const sign = hundredths < 0 ? '-' : '';
  return `${sign}${(magnitude - fraction) / 100}.${String(fraction).padStart(2, '0')}`;
}

/** Minutes as hours with 2 places, rounded half-up once: 90 → "1.50", 1 → "0.02", -5 → "-0.08". */
export function hoursOf(minutes: number): string {
  assertWhole(minutes, 'Minutes');
  return twoPlaces(divideHalfUp(minutes * 100, 60));
}

/** A log runs forwards: its end, once set, strictly after its start (epoch milliseconds). */
export const runsBackwards = (start: number, end: number | null) => end !== null && end <= start;
