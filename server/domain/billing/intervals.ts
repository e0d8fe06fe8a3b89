/**
 * Half-open time intervals on the whole-minute grid (DESIGN §4 "Hours and money"): every duration the
 * billing counts is a whole number of minutes, so intervals are floored to UTC minutes before counting.
 */

/** Epoch milliseconds, half-open: [start, end). */
export interface Interval {
  start: number;
  end: number;
}

export const MINUTE_MS = 60_000;

const floorToMinute = (instant: number) => Math.floor(instant / MINUTE_MS) * MINUTE_MS;

/** Floors both ends to whole UTC minutes; `undefined` when nothing is left. */
export function toMinuteGrid(interval: Interval): Interval | undefined {
  const start = floorToMinute(interval.start);
  const end = floorToMinute(interval.end);
  return end > start ? { start, end } : undefined;
}

/** Whole minutes of one interval already on the grid. */
export const minutesOf = (interval: Interval) => (interval.end - interval.start) / MINUTE_MS;

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

/** Whole minutes of the union clipped to `window`: overlapping logs count once. */
export function clippedMinutes(intervals: readonly Interval[], window: Interval): number {
  const grid = toMinuteGrid(window);
  if (!grid) return 0;
  let minutes = 0;
  for (const { start, end } of unionIntervals(intervals)) {
    const clipped = Math.min(end, grid.end) - Math.max(start, grid.start);
    if (clipped > 0) minutes += clipped / MINUTE_MS;
  }
  return minutes;
}
