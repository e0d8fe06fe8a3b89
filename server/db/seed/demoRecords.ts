import { monthIn } from '../../../contract/calendar';
import { type CaseRecordKind, ELECTRODES_10_20, type EVENT_TYPES } from '../../../contract/caseRecords';
import type { CaseStage, StudyType } from '../../../contract/cases';
import type { TimeLogActivity, TimeLogFields } from '../../../contract/timeLogs';
import { notesInWindow } from '../../domain/timeLogCorrection';
import { refreshCaseHours } from '../caseHours';
import { appendRevision, type StoredRevision } from '../caseRecords';
import { caseRecordItems } from '../schema';
import { indexTimeLog } from '../timeLogs';
import type { Tx } from '../transaction';
import {
  AMENDMENTS,
  BILLING_ADJUSTMENTS,
  CASE_NOTE_TEXTS,
  EVENT_DESCRIPTIONS,
  IMPEDANCE_ACTIONS,
  INTERPRETATION_READS,
  SEIZURE_READS,
} from './demoRecordData';

/**
 * The clinical records of the demo cases (DESIGN §4 "Per-case records"): each recording's hookup, hourly
 * checks and takedown logged by its technologists, impedances (one electrode re-gelled at hookup), events
 * (a seizure with the client's first contact notified on ICU and long-term studies), case notes written
 * during the logs and linked from them, the reader's preliminary and final interpretations of an ended
 * recording (the final one signed before review, a draft at most while in preview) and a settled billing
 * note on each closed case.
 * No technologist's logs overlap, across all the cases, and none is running or ends after the seeding.
 */

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const HOOKUP_MINUTES = 40;
const CHECK_MINUTES = 4;
const TAKEDOWN_MINUTES = 25;
const MAINTENANCE_MINUTES = 20;
/** Impedances are measured at hookup, then this often. */
const IMPEDANCE_EVERY_HOURS = 12;
const DEMO_READER = 'reader1';
const DEMO_BILLING = 'billing1';

/** A demo case with a recording, as demoCases.ts wrote it, and what its records depend on. */
export type RecordedDemoCase = {
  caseId: number;
  /** Its place in the demo list, which varies the words of its records. */
  index: number;
  stage: CaseStage;
  studyType: StudyType;
  /** The first one hooked the patient up and logs the latest check. */
  technologists: readonly string[];
  orderedAt: Date;
  recordingStart: Date;
  recordingEnd: Date | null;
  /** Monitoring: minutes since the latest check; without it the case has no check since hookup (overdue). */
  checkedMinutesAgo?: number;
  reviewedAt?: Date;
  closedAt?: Date;
  timeZone: string;
  /** The client's first contact, told of seizures. */
  contactId?: number;
  impedanceLimitKOhm: number;
};

type Interval = { start: number; end: number };
type PlannedRevision = { body: Record<string, unknown>; author: string; at: Date };
type PlannedRecord = { kind: CaseRecordKind; revisions: PlannedRevision[] };
/**
 * Which logs book first, keeping the time they want: the latest checks (where the demo says), then
 * hookups (which can hardly move), then takedowns, then the rest.
 */
const BOOKING_ORDER = { latestCheck: 0, hookup: 1, takedown: 2, other: 3 } as const;

/** A log as wanted, before the technologist's other logs move it; lower `priority` books first. */
type WantedLog = Interval & {
  caseId: number;
  technologist: string;
  activity: TimeLogActivity;
  priority: number;
  notBefore: number;
};
type BookedLog = Omit<WantedLog, 'priority' | 'notBefore'>;

const iso = (ms: number) => new Date(ms).toISOString();
const after = (moment: Date, minutes: number) => new Date(moment.getTime() + minutes * MINUTE_MS);
const choose = <T>(items: readonly T[], index: number) => items[index % items.length];
/** A record written once. */
const once = (
  kind: CaseRecordKind,
  body: Record<string, unknown>,
  author: string,
  at: Date,
): PlannedRecord => ({
  kind,
  revisions: [{ body, author, at }],
});

/** Each technologist's booked time, so that none of their logs overlap, whatever case they are on. */
function createShiftBook() {
  const booked = new Map<string, Interval[]>();
  return {
    /** Books the log, moved earlier past the booked time it would overlap; undefined if it would then start too early. */
    book({ priority: _priority, notBefore, ...log }: WantedLog): BookedLog | undefined {
      const taken = booked.get(log.technologist) ?? [];
      const length = log.end - log.start;
      let { start, end } = log;
      for (;;) {
        const clash = taken.find((other) => other.start < end && start < other.end);
        if (!clash) break;
        end = clash.start;
        start = end - length;
      }
      if (start < notBefore) return undefined;
      booked.set(log.technologist, [...taken, { start, end }]);
      return { ...log, start, end };
    },
  };
}

/** The recording's span: from its start to its end, or to now while it runs. */
const spanOf = (recorded: RecordedDemoCase, now: Date) => ({
  start: recorded.recordingStart.getTime(),
  end: (recorded.recordingEnd ?? now).getTime(),
});

/**
 * The logs a case wants: the hookup before the recording starts, the latest check `checkedMinutesAgo`
 * (booked first, so it stays where the demo says), hourly checks back from it (or from the end of an ended
 * recording) shared by its technologists, electrode maintenance halfway through a long recording, and the
 * takedown. A monitoring case without a latest check, or one still in intake, has only its hookup.
 */
function wantedLogs(recorded: RecordedDemoCase, now: Date): WantedLog[] {
  const { caseId, technologists, recordingEnd, checkedMinutesAgo } = recorded;
  const [lead] = technologists;
  const span = spanOf(recorded, now);
  const log = (
    technologist: string,
    start: number,
    minutes: number,
    activity: TimeLogActivity,
    priority: number = BOOKING_ORDER.other,
  ) => ({
    caseId,
    technologist,
    start,
    end: start + minutes * MINUTE_MS,
    activity,
    priority,
    notBefore: span.start,
  });
  const logs: WantedLog[] = [
    // The hookup may move back to the order (it came in before the hookup), no further.
    {
      ...log(lead, span.start - HOOKUP_MINUTES * MINUTE_MS, HOOKUP_MINUTES, 'hookup', BOOKING_ORDER.hookup),
      notBefore: recorded.orderedAt.getTime(),
    },
  ];
  const checked = recorded.stage === 'monitoring' && checkedMinutesAgo !== undefined;
  if (recordingEnd === null && !checked) return logs;
  const lastCheckEnd = checked ? now.getTime() - checkedMinutesAgo * MINUTE_MS : span.end - 10 * MINUTE_MS;
  for (let hour = 0; lastCheckEnd - hour * HOUR_MS - CHECK_MINUTES * MINUTE_MS > span.start; hour++) {
    const technologist = technologists[hour % technologists.length];
    const start = lastCheckEnd - hour * HOUR_MS - CHECK_MINUTES * MINUTE_MS;
    const latest = checked && hour === 0;
    logs.push(
      log(
        technologist,
        start,
        CHECK_MINUTES,
        'check',
        latest ? BOOKING_ORDER.latestCheck : BOOKING_ORDER.other,
      ),
    );
  }
  if (span.end - span.start >= 12 * HOUR_MS) {
    logs.push(log(lead, span.start + (span.end - span.start) * 0.6, MAINTENANCE_MINUTES, 'maintenance'));
  }
  if (recordingEnd) logs.push(log(lead, span.end, TAKEDOWN_MINUTES, 'takedown', BOOKING_ORDER.takedown));
  return logs;
}

/** Case notes written during the case's logs: at the end of the hookup and at every sixth check. */
function plannedNotes(recorded: RecordedDemoCase, logs: readonly BookedLog[]): PlannedRecord[] {
  const checks = logs.filter((log) => log.activity === 'check').filter((_, position) => position % 6 === 3);
  const hookup = logs.find((log) => log.activity === 'hookup');
  const notes = [
    ...(hookup
      ? [
          {
            technologist: hookup.technologist,
            at: hookup.end - 2 * MINUTE_MS,
            text: 'Hookup complete: 21 electrodes, video on the patient.',
          },
        ]
      : []),
    ...checks.map((log, position) => ({
      technologist: log.technologist,
      at: log.start + 2 * MINUTE_MS,
      text: choose(CASE_NOTE_TEXTS, recorded.index + position),
    })),
  ];
  return notes.map(({ technologist, at: notedAt, text }, position) => {
    const note = once('case-notes', { notedAt: iso(notedAt), text }, technologist, new Date(notedAt));
    // Every fourth case amends its first note, so a history shows.
    if (position > 0 || recorded.index % 4 !== 0) return note;
    const [first] = note.revisions;
    const amendment = {
      body: { ...first.body, text: `${text} ${AMENDMENTS[0]}` },
      author: technologist,
      at: after(first.at, 10),
    };
    return { ...note, revisions: [first, amendment] };
  });
}

type EventType = (typeof EVENT_TYPES)[number];

/** When the recording had its seizure: ICU and long-term studies of 6 hours or more, not quite halfway. */
function seizureMoment(recorded: RecordedDemoCase, now: Date): number | undefined {
  const span = spanOf(recorded, now);
  const seizing = span.end - span.start >= 6 * HOUR_MS && ['icu', 'long-term'].includes(recorded.studyType);
  return seizing ? span.start + (span.end - span.start) * 0.45 : undefined;
}

/**
 * Events: an artifact a fifth of the way through; a seizure (if it had one) with the client's first
 * contact notified, and the medication given; the electrode fix of the maintenance log.
 */
function plannedEvents(recorded: RecordedDemoCase, logs: readonly BookedLog[], now: Date): PlannedRecord[] {
  const span = spanOf(recorded, now);
  const [lead] = recorded.technologists;
  const event = (
    type: EventType,
    occurred: number,
    { endedAfterSeconds, notified = false }: { endedAfterSeconds?: number; notified?: boolean } = {},
  ) => {
    const told = notified && recorded.contactId !== undefined;
    const body = {
      occurredAt: iso(occurred),
      endedAt: endedAfterSeconds ? iso(occurred + endedAfterSeconds * 1000) : null,
      type,
      description: choose(EVENT_DESCRIPTIONS[type], recorded.index),
      notifiedContactId: told ? recorded.contactId : null,
      notifiedAt: told ? iso(occurred + 6 * MINUTE_MS) : null,
    };
    return once('events', body, lead, new Date(Math.min(occurred + 10 * MINUTE_MS, now.getTime())));
  };
  const seizureAt = seizureMoment(recorded, now);
  const maintenance = logs.find((log) => log.activity === 'maintenance');
  return [
    event('artifact', span.start + (span.end - span.start) * 0.2),
    ...(seizureAt !== undefined
      ? [
          event('seizure', seizureAt, { endedAfterSeconds: 90, notified: true }),
          event('medication', seizureAt + 15 * MINUTE_MS),
        ]
      : []),
    ...(maintenance ? [event('electrode-fix', maintenance.start + 2 * MINUTE_MS)] : []),
  ];
}

/** The 21 electrodes below the limit, varied by `seed`, but for `high` (if any) above it. */
function electrodeValues(limit: number, seed: number, high?: string) {
  return Object.fromEntries(
    ELECTRODES_10_20.map((electrode, position) => [
      electrode,
      electrode === high ? limit + 6 : 1 + ((position * 7 + seed * 3) % Math.round((limit - 2) * 10)) / 10,
    ]),
  );
}

/**
 * Impedances: at hookup one electrode above the protocol limit, re-gelled and measured again; then every
 * 12 hours while checks were logged; and the same around the maintenance log's electrode fix.
 */
function plannedImpedances(recorded: RecordedDemoCase, logs: readonly BookedLog[]): PlannedRecord[] {
  const limit = recorded.impedanceLimitKOhm;
  const [lead] = recorded.technologists;
  const high = choose(ELECTRODES_10_20, recorded.index * 5);
  const measured = (technologist: string, moment: number, seed: number, regelled?: string) =>
    once(
      'impedances',
      {
        measuredAt: iso(moment),
        values: electrodeValues(limit, seed, regelled),
        actionTaken: regelled ? `${regelled}: ${choose(IMPEDANCE_ACTIONS, recorded.index)}` : '',
      },
      technologist,
      new Date(moment),
    );
  const start = recorded.recordingStart.getTime();
  const checks = logs.filter((log) => log.activity !== 'hookup' && log.activity !== 'takedown');
  const lastCheck = Math.max(start, ...checks.map((log) => log.end));
  const periodic = [];
  for (
    let moment = start + IMPEDANCE_EVERY_HOURS * HOUR_MS;
    moment < lastCheck;
    moment += IMPEDANCE_EVERY_HOURS * HOUR_MS
  ) {
    periodic.push(measured(lead, moment, periodic.length + 2));
  }
  const maintenance = logs.find((log) => log.activity === 'maintenance');
  return [
    measured(lead, start - 10 * MINUTE_MS, 0, high),
    measured(lead, start - 5 * MINUTE_MS, 1),
    ...periodic,
    ...(maintenance
      ? [
          measured(maintenance.technologist, maintenance.start + MINUTE_MS, 9, high),
          measured(maintenance.technologist, maintenance.end - 2 * MINUTE_MS, 10),
        ]
      : []),
  ];
}

/** A draft read of the period, its findings seizures or not, as the recording had them. */
const interpretation = (kind: string, periodStart: number, periodEnd: number, read: number) => ({
  kind,
  periodStart: iso(periodStart),
  periodEnd: iso(periodEnd),
  ...INTERPRETATION_READS[read],
  status: 'draft',
  signedBy: null,
  signedAt: null,
});

const signed = (body: Record<string, unknown>, when: Date) => ({
  ...body,
  status: 'signed',
  signedBy: DEMO_READER,
  signedAt: when.toISOString(),
});

/**
 * Once the recording has ended: the reader's preliminary read of its first 12 hours (signed an hour later)
 * and the final read, a draft then signed before review on reviewed and closed cases, a draft only on long
 * recordings in preview. A running recording has none yet (the reader's first one is the demo's to write).
 */
function plannedInterpretations(recorded: RecordedDemoCase, now: Date): PlannedRecord[] {
  const span = spanOf(recorded, now);
  const seizureAt = seizureMoment(recorded, now);
  const seizureReads: readonly number[] = SEIZURE_READS;
  /** The case's read of a period: one naming seizures when the seizure fell in it. */
  const readOf = (start: number, end: number) => {
    const seized = seizureAt !== undefined && start <= seizureAt && seizureAt <= end;
    const reads = [...INTERPRETATION_READS.keys()].filter((read) => seizureReads.includes(read) === seized);
    return choose(reads, recorded.index);
  };
  if (!recorded.recordingEnd) return [];
  const records: PlannedRecord[] = [];
  if (span.end - span.start >= 12 * HOUR_MS) {
    const prelimEnd = span.start + 12 * HOUR_MS;
    const prelim = interpretation('prelim', span.start, prelimEnd, readOf(span.start, prelimEnd));
    const signedAt = new Date(span.start + 13 * HOUR_MS);
    records.push(once('interpretations', signed(prelim, signedAt), DEMO_READER, signedAt));
  }
  const final = interpretation('final', span.start, span.end, readOf(span.start, span.end));
  if (recorded.reviewedAt) {
    const draft = { body: final, author: DEMO_READER, at: after(recorded.reviewedAt, -180) };
    const signedAt = after(recorded.reviewedAt, -30);
    records.push({
      kind: 'interpretations',
      revisions: [draft, { body: signed(final, signedAt), author: DEMO_READER, at: signedAt }],
    });
  } else if (recorded.stage === 'preview' && span.end - span.start >= 36 * HOUR_MS) {
    records.push(once('interpretations', final, DEMO_READER, after(recorded.recordingEnd, 60)));
  }
  return records;
}

/** A closed case's billing note: written after review, settled before billing closed the case. */
function plannedBillingNotes(recorded: RecordedDemoCase): PlannedRecord[] {
  const { reviewedAt, closedAt } = recorded;
  if (!reviewedAt || !closedAt) return [];
  const { text, adjustMinutes } = choose(BILLING_ADJUSTMENTS, recorded.index);
  const body = {
    text,
    adjustMinutes,
    month: monthIn(recorded.timeZone, recorded.recordingStart),
    settled: false,
  };
  return [
    {
      kind: 'billing-notes',
      revisions: [
        { body, author: DEMO_BILLING, at: after(reviewedAt, 240) },
        { body: { ...body, settled: true }, author: DEMO_BILLING, at: after(closedAt, -60) },
      ],
    },
  ];
}

/** An item and its revisions, each written when the plan says (append-only, as the API writes them). */
async function writeRecord(tx: Tx, caseId: number, { kind, revisions }: PlannedRecord) {
  const [item] = await tx
    .insert(caseRecordItems)
    .values({ caseId, kind, createdAt: revisions[0].at })
    .returning({ id: caseRecordItems.id });
  let stored: StoredRevision | undefined;
  for (const [position, { body, author, at }] of revisions.entries()) {
    stored = await appendRevision(
      tx,
      item.id,
      position + 1,
      body,
      { voided: false, voidReason: '' },
      author,
      at,
    );
  }
  return stored as StoredRevision;
}

/** Writes a case's notes, then its logs linking the notes inside them (and indexed), then the rest. */
async function writeCaseRecords(tx: Tx, recorded: RecordedDemoCase, logs: readonly BookedLog[], now: Date) {
  const notes = [];
  for (const note of plannedNotes(recorded, logs)) {
    const stored = await writeRecord(tx, recorded.caseId, note);
    notes.push({ _id: stored.itemId, notedAt: String(stored.body.notedAt), voided: false });
  }
  for (const log of logs) {
    const window = { start: iso(log.start), end: iso(log.end) };
    const body: TimeLogFields = {
      technologist: log.technologist,
      ...window,
      activity: log.activity,
      billable: true,
      caseNoteIds: notesInWindow(window, notes),
    };
    const stored = await writeRecord(
      tx,
      recorded.caseId,
      once('time-logs', body, log.technologist, new Date(log.end)),
    );
    await indexTimeLog(tx, recorded.caseId, stored);
  }
  const records = [
    ...plannedEvents(recorded, logs, now),
    ...plannedImpedances(recorded, logs),
    ...plannedInterpretations(recorded, now),
    ...plannedBillingNotes(recorded),
  ];
  for (const record of records) await writeRecord(tx, recorded.caseId, record);
  await refreshCaseHours(tx, [recorded.caseId]);
}

/**
 * Seeds the records of the recorded demo cases: every case's logs are booked first, across all cases and
 * in BOOKING_ORDER, so that none of a technologist's logs overlap another; then each case's records are
 * written.
 */
export async function seedDemoRecords(tx: Tx, recordedCases: readonly RecordedDemoCase[], now: Date) {
  const shifts = createShiftBook();
  const wanted = recordedCases
    .flatMap((recorded) => wantedLogs(recorded, now))
    .sort((a, b) => a.priority - b.priority);
  const booked = wanted.flatMap((log) => shifts.book(log) ?? []);
  for (const recorded of recordedCases) {
    const logs = booked.filter((log) => log.caseId === recorded.caseId).sort((a, b) => a.start - b.start);
    await writeCaseRecords(tx, recorded, logs, now);
  }
}
