import { wallClockFormat } from '../../contract/calendar';
import type { FieldError } from '../../contract/envelope';
import {
  HOOKUP_LEAD_HOURS,
  HOUR_MS,
  openLogEnd,
  runsBackwards,
  TAKEDOWN_TRAIL_HOURS,
} from '../../contract/hours';
import { FUTURE_SKEW_MINUTES } from '../../contract/recordRules';
import { BACKWARDS_LOG_MESSAGE, MAX_TIME_LOG_HOURS, type TimeLogActivity } from '../../contract/timeLogs';

/**
 * What a time log may be (DESIGN §4 "Monitoring operations"), as pure rules: its shape (forwards, not in the
 * future, at most one shift long) and its window in the study (a hookup before the recording, a takedown
 * after it, everything else within it).
 */

/** Clocks of a browser and the server differ: a record up to this far ahead of the server is not "the future". */
export const FUTURE_TOLERANCE_MS = FUTURE_SKEW_MINUTES * 60_000;

export interface LogTimes {
  activity: TimeLogActivity;
  start: number;
  end: number | null;
}

/** The 400 fields of a log that runs backwards, lies in the future or is longer than a shift. */
export function logShapeErrors({ start, end }: LogTimes, now: number): FieldError[] {
  const future = (field: 'start' | 'end', at: number | null) =>
    // Stryker disable next-line ConditionalExpression: null compares as 0, never after now.
    at !== null && at > now + FUTURE_TOLERANCE_MS
      ? [{ field, message: `A time log cannot ${field} more than 5 minutes after now` }]
      : [];
  return [
    ...future('start', start),
    ...future('end', end),
    ...(runsBackwards(start, end) ? [{ field: 'end', message: BACKWARDS_LOG_MESSAGE }] : []),
    // Stryker disable next-line ConditionalExpression: null - start is negative, never longer than a shift.
    ...(end !== null && end - start > MAX_TIME_LOG_HOURS * HOUR_MS
      ? [
          {
            field: 'end',
            message: `A time log lasts at most ${MAX_TIME_LOG_HOURS} h (one shift): split a longer one into shifts`,
          },
        ]
      : []),
  ];
}

export interface StudyTimes {
  recordingStart: number | null;
  recordingEnd: number | null;
  /** The client's zone: the window is named in it. */
  timeZone: string;
}

/** "Nov 23, 04:05 MST": a moment as the case's client reads it. */
export const inZone = (at: number, timeZone: string): string =>
  wallClockFormat(timeZone, { locale: 'en-US', withYear: false }).format(at);

/** The window a log of the activity lies in: `undefined` before the recording start (only hookups then). */
export function logWindow(
  activity: TimeLogActivity,
  { recordingStart, recordingEnd }: StudyTimes,
): { earliest: number; latest: number | null } | undefined {
  if (recordingStart === null) return undefined;
  const earliest = activity === 'hookup' ? recordingStart - HOOKUP_LEAD_HOURS * HOUR_MS : recordingStart;
  if (recordingEnd === null) return { earliest, latest: null };
  return {
    earliest,
    latest: activity === 'takedown' ? recordingEnd + TAKEDOWN_TRAIL_HOURS * HOUR_MS : recordingEnd,
  };
}

/** The latest end the rules allow a running log: where it stops counting, were now never to come. */
export const latestEnd = (log: LogTimes, { recordingEnd }: StudyTimes, maxOpenLogHours: number): number =>
  openLogEnd(log, { now: Number.POSITIVE_INFINITY, recordingEnd, maxOpenLogHours });

/** Why the log lies outside the window its activity allows (409), or `undefined`. */
export function logWindowRefusal(log: LogTimes, study: StudyTimes): string | undefined {
  const window = logWindow(log.activity, study);
  if (!window) {
    return log.activity === 'hookup'
      ? undefined
      : `Only a hookup log is accepted before the recording start is set: set the recording start first (this is a ${log.activity} log)`;
  }
  const { earliest, latest } = window;
  const tooEarly = log.start < earliest;
  const tooLate = latest !== null && (log.end ?? log.start) > latest;
  if (!tooEarly && !tooLate) return undefined;
  const at = (instant: number) => inZone(instant, study.timeZone);
  const span = `from ${at(earliest)} ${latest === null ? 'on (the recording is running)' : `to ${at(latest)}`}`;
  const allowance =
    log.activity === 'hookup'
      ? `start at most ${HOOKUP_LEAD_HOURS} h before the recording start and lie within the recording`
      : log.activity === 'takedown'
        ? `lie within the recording and end at most ${TAKEDOWN_TRAIL_HOURS} h after its end`
        : 'lie within the recording';
  return `A ${log.activity} log must ${allowance}: ${span}`;
}

/** Where a technologist stands for a log on a case: assigned to it, their active cases, their running logs. */
export interface LogStanding {
  assigned: boolean;
  activeCases: number;
  /** Case numbers of their running logs on other cases. */
  runningElsewhere: readonly string[];
}

/**
 * Why the log may not be theirs (409), or undefined: a log given to a technologist needs them assigned to
 * the case, and a log that starts running may not make their running logs outnumber their active cases.
 */
export function logStandingRefusal(
  technologist: string,
  caseNumber: string,
  standing: LogStanding,
  { newOwner, starts }: { newOwner: boolean; starts: boolean },
): string | undefined {
  if (newOwner && !standing.assigned) {
    return `${technologist} is not assigned to case ${caseNumber}: assign them to the case before logging time on it`;
  }
  const running = standing.runningElsewhere.length;
  if (starts && running + 1 > standing.activeCases) {
    return `${technologist} already has ${running} running time logs (cases ${standing.runningElsewhere.join(', ')}) for ${standing.activeCases} active assigned cases: stop one first`;
  }
  return undefined;
}

/** A technologist's open log on a case they would leave. */
export interface OpenLogOnCase {
  caseNumber: string;
  activity: TimeLogActivity;
  start: number;
  timeZone: string;
}

/**
 * Why the technologist cannot be unassigned from these cases (409), or `undefined`: a technologist with an
 * open log on a case stays on it until the log is closed or handed over (DESIGN §4, round three).
 */
export function openLogUnassignRefusal(
  technologist: string,
  open: readonly OpenLogOnCase[],
): string | undefined {
  if (open.length === 0) return undefined;
  const logs = open.map(
    (log) =>
      `an open ${log.activity} log on case ${log.caseNumber} (since ${inZone(log.start, log.timeZone)})`,
  );
  return `${technologist} has ${logs.join(' and ')}: close or hand over first`;
}
