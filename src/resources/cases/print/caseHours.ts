import type { TimeLog } from '../../../../contract/timeLogs';

/**
 * A case's hours from its time logs (DESIGN §4 "Hours and money"), for its printed report. Billable hours
 * are the union of the billable logs, so two technologists' overlapping logs count once; a technologist's
 * hours are the union of their own logs. Voided logs count for nothing. Durations are whole minutes.
 */

interface Interval {
  start: number;
  end: number;
}

export interface TechnologistHours {
  technologist: string;
  loggedMinutes: number;
  billableMinutes: number;
}

export interface CaseHours {
  /** By username, in the order their first log starts. */
  technologists: TechnologistHours[];
  /** Any activity by anyone, overlaps counted once. */
  loggedMinutes: number;
  billableMinutes: number;
}

export interface CaseHoursOptions {
  now: Date;
  /** A running log (no end) counts up to the recording end when the recording has ended, else up to now. */
  recordingEnd: string | null;
}

const MINUTE_MS = 60_000;

/** The whole minutes covered by intervals that may overlap. */
export function unionMinutes(intervals: readonly Interval[]): number {
  let covered = 0;
  let reached = Number.NEGATIVE_INFINITY;
  for (const { start, end } of intervals.toSorted((a, b) => a.start - b.start)) {
    const from = Math.max(start, reached);
    if (end > from) covered += end - from;
    reached = Math.max(reached, end);
  }
  return Math.floor(covered / MINUTE_MS);
}

export function caseHours(logs: readonly TimeLog[], { now, recordingEnd }: CaseHoursOptions): CaseHours {
  const openEnd = Math.min(now.getTime(), recordingEnd ? Date.parse(recordingEnd) : Number.POSITIVE_INFINITY);
  const live = logs
    .filter((log) => !log.voided)
    .map((log) => ({
      log,
      interval: { start: Date.parse(log.start), end: log.end ? Date.parse(log.end) : openEnd },
    }))
    .toSorted((a, b) => a.interval.start - b.interval.start);
  const minutesOf = (entries: typeof live) => ({
    loggedMinutes: unionMinutes(entries.map(({ interval }) => interval)),
    billableMinutes: unionMinutes(entries.filter(({ log }) => log.billable).map(({ interval }) => interval)),
  });
  const technologists = [...new Set(live.map(({ log }) => log.technologist))].map((technologist) => ({
    technologist,
    ...minutesOf(live.filter(({ log }) => log.technologist === technologist)),
  }));
  return { technologists, ...minutesOf(live) };
}

/** Minutes as decimal hours with two places, as the API writes hours: 750 → "12.50". */
export function formatHours(minutes: number): string {
  const hundredths = Math.round(((minutes % 60) * 100) / 60);
  return `${Math.floor(minutes / 60)}.${String(hundredths).padStart(2, '0')}`;
}
