import { wallClockFormat } from '../../contract/calendar';
import type { CaseRecordKind } from '../../contract/caseRecords';
import type { CaseStage } from '../../contract/cases';
import type { FieldError } from '../../contract/envelope';
import { floorToMinute, HOOKUP_LEAD_HOURS, TAKEDOWN_TRAIL_HOURS } from '../../contract/hours';
import type { TimeLogActivity, TimeLogFields } from '../../contract/timeLogs';
import { FUTURE_TOLERANCE_MS, logWindow, type StudyTimes } from './timeLogRules';

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

/**
 * A dated record of the case as the recording windows see it (DESIGN §4 "Windows", round three): a time log
 * keeps its activity's window (a hookup may start 4 h early, a takedown end 4 h late); a case note, an
 * impedance, an event, an interpretation's period or a handover lies within the recording.
 */
export interface DatedRecord {
  /** What a technologist calls it: "monitoring log", "case note", "seizure event". */
  name: string;
  /** Who wrote it (a log: its technologist). */
  by: string;
  /** A time log's activity; other records keep the recording's own window. */
  activity?: TimeLogActivity;
  start: number;
  /** A span's end (`null`: a running log); absent for a moment (a note's `notedAt`). */
  end?: number | null;
}

/**
 * Why the record lies outside its window for these recording times, in words ("ends after the recording
 * end", with `recording` naming the recording), or `undefined`.
 */
export function outsideRecording(
  { activity, start: exactStart, end: exactEnd }: DatedRecord,
  study: StudyTimes,
  recording = 'the recording',
): string | undefined {
  // A record that is not a log keeps the window of the activities within the recording.
  const window = logWindow(activity ?? 'monitoring', study);
  if (!window) return activity === 'hookup' ? undefined : `lies outside ${recording}, which has no start`;
  // Compared on billing's minute grid: a log stopped at 09:38:25 lies within a recording ended at 09:38,
  // as its minutes bill (a recording end is entered to the minute, right after the log is stopped).
  const start = floorToMinute(exactStart);
  const end = exactEnd === undefined || exactEnd === null ? exactEnd : floorToMinute(exactEnd);
  const earliest = floorToMinute(window.earliest);
  const latest = window.latest === null ? null : floorToMinute(window.latest);
  const moment = end === undefined;
  if (start < earliest) {
    if (activity === 'hookup') return `starts more than ${HOOKUP_LEAD_HOURS} h before ${recording} start`;
    return `${moment ? 'lies' : 'starts'} before ${recording} start`;
  }
  if (latest === null) return undefined;
  if (end !== undefined && end !== null && end > latest) {
    return activity === 'takedown'
      ? `ends more than ${TAKEDOWN_TRAIL_HOURS} h after ${recording} end`
      : `ends after ${recording} end`;
  }
  if (start > latest) return `${moment ? 'lies' : 'starts'} after ${recording} end`;
  return undefined;
}

/** "monitoring log Nov 23, 15:00 – 17:00 MST by tech1": a record as the case's client reads its times. */
function recordInWords({ name, by, start, end }: DatedRecord, timeZone: string): string {
  const format = wallClockFormat(timeZone, { locale: 'en-US', withYear: false });
  const when =
    end === undefined
      ? `of ${format.format(start)}`
      : end === null
        ? `running since ${format.format(start)}`
        : format.formatRange(start, end);
  return `${name} ${when} by ${by}`;
}

/**
 * Why a change of the recording times is refused (409): the records it would leave outside their windows,
 * each in words, until they are revised first. Only the records the change moves out count, so a record
 * already outside (written before the rules held) holds no other edit back.
 */
export function recordingChangeRefusal(
  caseNumber: string,
  records: readonly DatedRecord[],
  current: StudyTimes,
  next: StudyTimes,
): { message: string; records: string[] } | undefined {
  const left = records.flatMap((record) => {
    const reason = outsideRecording(record, next, 'the new recording');
    return reason && !outsideRecording(record, current)
      ? [`${recordInWords(record, next.timeZone)} ${reason}`]
      : [];
  });
  if (left.length === 0) return undefined;
  const count = left.length === 1 ? 'a record' : `${left.length} records`;
  return {
    message: `The recording times would leave ${count} of case ${caseNumber} outside the recording: ${left.join('; ')}; revise ${left.length === 1 ? 'it' : 'them'} first`,
    records: left.map((words) => `${words}; revise it first`),
  };
}

/** A record's latest revision as stored (any kind), or a handover. */
export interface StoredDated {
  kind: CaseRecordKind;
  body: Record<string, unknown>;
  author: string;
  voided: boolean;
}
export type HandoverMoment = { from: string; to: string; at: string; by: string };

/** The kinds whose times keep a window, in the order a refusal names them. */
export const DATED_KINDS = ['time-logs', 'case-notes', 'impedances', 'events', 'interpretations'] as const;

const instantOf = (value: unknown) => (typeof value === 'string' ? Date.parse(value) : undefined);

/** The one dated record a revision holds, or none (a voided one, an interpretation with no period). */
function datedRecord({ kind, body, author }: StoredDated): DatedRecord | undefined {
  switch (kind) {
    case 'time-logs': {
      const log = body as unknown as TimeLogFields;
      const end = log.end === null ? null : Date.parse(log.end);
      return {
        name: `${log.activity} log`,
        by: log.technologist,
        activity: log.activity,
        start: Date.parse(log.start),
        end,
      };
    }
    case 'interpretations': {
      const start = instantOf(body.periodStart);
      const end = instantOf(body.periodEnd);
      if (start === undefined && end === undefined) return undefined;
      const name = `${String(body.kind)} interpretation`;
      return start !== undefined && end !== undefined
        ? { name, by: author, start, end }
        : { name, by: author, start: (start ?? end) as number };
    }
    default: {
      const [name, field] = {
        'case-notes': ['case note', 'notedAt'],
        impedances: ['impedance', 'measuredAt'],
        events: [`${String(body.type)} event`, 'occurredAt'],
      }[kind as 'case-notes' | 'impedances' | 'events'];
      const start = instantOf(body[field]);
      return start === undefined ? undefined : { name, by: author, start };
    }
  }
}

/** The live records of a case and its handovers as the windows see them, named by kind then as stored. */
export function datedRecords(
  stored: readonly StoredDated[],
  handovers: readonly HandoverMoment[],
): DatedRecord[] {
  const live = stored.filter((item) => !item.voided);
  return [
    ...DATED_KINDS.flatMap((kind) =>
      live.filter((item) => item.kind === kind).flatMap((item) => datedRecord(item) ?? []),
    ),
    ...handovers.map(({ from, to, at, by }) => ({
      name: `handover from ${from} to ${to}`,
      by,
      start: Date.parse(at),
    })),
  ];
}
