import type { FieldError } from '../../contract/envelope';
import { HOUR_MS } from '../../contract/hours';
import { MAX_TIME_LOG_HOURS } from '../../contract/timeLogs';
import { outsideRecording } from './caseRecording';
import { FUTURE_TOLERANCE_MS, inZone, type StudyTimes } from './timeLogRules';

/**
 * A handover (DESIGN §4 "Monitoring operations"): the outgoing technologist's open log ends at the
 * handover's time and the incoming one's starts there, so that time is not in the future, the incoming one
 * is another technologist, and it comes after the outgoing log started.
 */

export interface HandoverInput {
  from: string;
  to: string;
  /** ISO instant. */
  at: string;
}

/** The 400 fields of a handover; `incomingIsTechnologist` is the directory's answer for `to`. */
export function handoverFieldErrors(
  { from, to, at }: HandoverInput,
  now: number,
  incomingIsTechnologist: boolean,
): FieldError[] {
  const errors: FieldError[] = [];
  if (Date.parse(at) > now + FUTURE_TOLERANCE_MS)
    errors.push({ field: 'at', message: 'A handover cannot be in the future' });
  if (to === from) errors.push({ field: 'to', message: 'Hand the case over to another technologist' });
  else if (!incomingIsTechnologist) errors.push({ field: 'to', message: `${to} is not a technologist` });
  return errors;
}

/**
 * Why the handover cannot end the outgoing open log (409): it must come after the log started, and within
 * one shift of it, as a closed log lasts at most one shift.
 */
export function handoverStartRefusal(
  { from, caseNumber }: { from: string; caseNumber: string },
  at: Date,
  openSince: Date,
): string | undefined {
  const log = `${from}'s open log on case ${caseNumber} started (${openSince.toISOString()})`;
  if (at <= openSince) return `The handover must come after ${log}`;
  if (at.getTime() - openSince.getTime() > MAX_TIME_LOG_HOURS * HOUR_MS) {
    return `The handover must come within ${MAX_TIME_LOG_HOURS} h (one shift) of when ${log}: stop that log at its latest end and start a new one first`;
  }
  return undefined;
}

/** Why the handover cannot happen at `at` (409): it lies within the recording (DESIGN §4, round three). */
export function handoverWindowRefusal(caseNumber: string, at: Date, study: StudyTimes): string | undefined {
  const reason = outsideRecording({ name: 'handover', by: '', start: at.getTime() }, study);
  if (!reason) return undefined;
  const { recordingStart, recordingEnd, timeZone } = study;
  const span =
    recordingStart === null
      ? 'not started'
      : `${inZone(recordingStart, timeZone)} to ${recordingEnd === null ? 'now' : inZone(recordingEnd, timeZone)}`;
  return `A handover lies within the recording of case ${caseNumber} (${span}): one at ${inZone(at.getTime(), timeZone)} ${reason}`;
}
