import {
  INTERPRETATION_KIND_WORDS,
  type INTERPRETATION_KINDS,
  type INTERPRETATION_STATUSES,
} from '../../contract/caseRecords';
import { inZone, type StudyTimes } from './timeLogRules';

/**
 * What keeps a case's interpretations one coherent report (DESIGN §4 "Reading, reporting and billing"): at
 * most one live final; a signed interpretation is never voided nor edited, it changes only by an addendum;
 * an addendum names the signed interpretation of the same case it amends. Pure: the server checks a write
 * with it inside the write's transaction, the case row locked, so two readers cannot both add a final.
 */

export interface InterpretationState {
  itemId: number;
  kind: (typeof INTERPRETATION_KINDS)[number];
  status: (typeof INTERPRETATION_STATUSES)[number];
  voided: boolean;
  amendsId: number | null;
}

/** A write of one interpretation: a new one (no `itemId`) or a revision of `itemId`, as it will be stored. */
export interface InterpretationWrite {
  itemId?: number;
  next: Omit<InterpretationState, 'itemId'>;
}

export type InterpretationRefusal =
  | { status: 409; message: string }
  | { status: 400; field: 'amendsId' | 'kind'; message: string };

export function interpretationRefusal(
  existing: readonly InterpretationState[],
  write: InterpretationWrite,
): InterpretationRefusal | undefined {
  const { itemId, next } = write;
  const previous = existing.find((found) => found.itemId === itemId);
  if (previous?.status === 'signed' && !previous.voided) {
    return {
      status: 409,
      message: next.voided
        ? `A signed ${INTERPRETATION_KIND_WORDS[previous.kind]} interpretation is never voided: add an addendum to correct it`
        : `A signed ${INTERPRETATION_KIND_WORDS[previous.kind]} interpretation is changed only by an addendum`,
    };
  }
  if (next.voided) return undefined;
  if (next.kind === 'final') {
    const other = existing.find(
      (found) => found.kind === 'final' && !found.voided && found.itemId !== itemId,
    );
    if (other) {
      return {
        status: 409,
        message:
          other.status === 'signed'
            ? 'This case already has a signed final interpretation: add an addendum to it instead of a second final'
            : 'This case already has a draft final interpretation: edit that draft instead of starting a second final',
      };
    }
  }
  if (next.kind !== 'addendum') {
    return next.amendsId === null
      ? undefined
      : { status: 400, field: 'amendsId', message: 'Only an addendum amends another interpretation' };
  }
  if (next.amendsId === null)
    return { status: 400, field: 'amendsId', message: 'Name the signed interpretation this addendum amends' };
  const amended = existing.find((found) => found.itemId === next.amendsId && found.itemId !== itemId);
  if (!amended || amended.voided)
    return {
      status: 400,
      field: 'amendsId',
      message: `No interpretation ${next.amendsId} on this case to amend`,
    };
  if (amended.status !== 'signed')
    return {
      status: 400,
      field: 'amendsId',
      message: `Interpretation ${next.amendsId} is a draft: edit it instead of adding an addendum`,
    };
  return undefined;
}

/** A report's period as written: either end may be left out. */
export interface ReportPeriod {
  kind: (typeof INTERPRETATION_KINDS)[number];
  periodStart: string | null;
  periodEnd: string | null;
}

/**
 * Why a report's period lies outside the recording (409, as a time log outside its window), or undefined:
 * it starts at or after `recordingStart` and ends by `recordingEnd` (a running recording's end is now, which
 * the rule on future times already holds). A period before the recording start is set has no recording.
 */
export function reportPeriodRefusal(period: ReportPeriod, study: StudyTimes): string | undefined {
  const start = period.periodStart === null ? null : Date.parse(period.periodStart);
  const end = period.periodEnd === null ? null : Date.parse(period.periodEnd);
  if (start === null && end === null) return undefined;
  const word = INTERPRETATION_KIND_WORDS[period.kind];
  const report = `${/^[aeiou]/.test(word) ? 'An' : 'A'} ${word} report's period must lie within the recording`;
  const { recordingStart, recordingEnd, timeZone } = study;
  if (recordingStart === null) return `${report}: set the recording start first`;
  const tooEarly = (start ?? end ?? recordingStart) < recordingStart;
  const tooLate = recordingEnd !== null && (end ?? start ?? recordingEnd) > recordingEnd;
  if (!tooEarly && !tooLate) return undefined;
  const at = (instant: number) => inZone(instant, timeZone);
  const span = recordingEnd === null ? 'on (the recording is running)' : `to ${at(recordingEnd)}`;
  return `${report}: from ${at(recordingStart)} ${span}`;
}
