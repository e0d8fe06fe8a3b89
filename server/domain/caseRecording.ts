import type { CaseStage } from '../../contract/cases';
import type { FieldError } from '../../contract/envelope';
import { FUTURE_TOLERANCE_MS } from './timeLogRules';

/**
 * The recording times of a case's header (DESIGN §4 "Windows"): not in the future, the end after the start,
 * and kept once the stage relies on them (a start from monitoring on, an end in preview and reviewed).
 */

export interface RecordingTimes {
  recordingStart: Date | null;
  recordingEnd: Date | null;
}

/** A patch of the recording times: absent keeps the stored time, null clears it. */
export interface RecordingPatch {
  recordingStart?: string | null;
  recordingEnd?: string | null;
}

const toDate = (value: string | null) => (value === null ? null : new Date(value));

/** The 400 fields of the recording times after the patch, checked against each other, `now` and the stage. */
export function recordingErrors(
  current: RecordingTimes & { stage: CaseStage },
  patch: RecordingPatch,
  now: number,
): FieldError[] {
  const start = patch.recordingStart === undefined ? current.recordingStart : toDate(patch.recordingStart);
  const end = patch.recordingEnd === undefined ? current.recordingEnd : toDate(patch.recordingEnd);
  const errors: FieldError[] = [];
  const latest = now + FUTURE_TOLERANCE_MS;
  if (start && start.getTime() > latest) {
    errors.push({ field: 'recordingStart', message: 'Recording start cannot be in the future' });
  }
  if (end && end.getTime() > latest) {
    errors.push({ field: 'recordingEnd', message: 'Recording end cannot be in the future' });
  }
  if (end && !start) errors.push({ field: 'recordingEnd', message: 'Set the recording start first' });
  if (end && start && end <= start) {
    errors.push({ field: 'recordingEnd', message: 'Recording end must be after the recording start' });
  }
  if (!start && current.stage !== 'intake') {
    errors.push({
      field: 'recordingStart',
      message: `A case in ${current.stage} keeps its recording start`,
    });
  }
  if (!end && (current.stage === 'preview' || current.stage === 'reviewed')) {
    errors.push({ field: 'recordingEnd', message: `A case in ${current.stage} keeps its recording end` });
  }
  return errors;
}
