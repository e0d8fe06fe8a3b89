import { type Interval, openLogEnd, unionMinutes } from '../../../../contract/hours';
import { DEFAULT_MAX_OPEN_LOG_HOURS, type TimeLog } from '../../../../contract/timeLogs';

/**
 * A case's hours from its time logs (DESIGN §4 "Hours and money"), for its printed report, by the rules of
 * `contract/hours` the server bills by. Billable hours are the union of the billable logs, so two
 * technologists' overlapping logs count once; a technologist's hours are the union of their own logs.
 * Voided logs count for nothing.
 */

interface TechnologistHours {
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
  /** A running log (no end) counts as billing counts it: up to the cap of DESIGN §4 "Open logs". */
  recordingEnd: string | null;
  maxOpenLogHours?: number;
}

export function caseHours(
  logs: readonly TimeLog[],
  { now, recordingEnd, maxOpenLogHours = DEFAULT_MAX_OPEN_LOG_HOURS }: CaseHoursOptions,
): CaseHours {
  const cap = {
    now: now.getTime(),
    recordingEnd: recordingEnd ? Date.parse(recordingEnd) : null,
    maxOpenLogHours,
  };
  const live = logs
    .filter((log) => !log.voided)
    .map((log) => {
      const start = Date.parse(log.start);
      const interval: Interval = {
        start,
        end: log.end ? Date.parse(log.end) : openLogEnd({ start, activity: log.activity }, cap),
      };
      return { log, interval };
    })
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
