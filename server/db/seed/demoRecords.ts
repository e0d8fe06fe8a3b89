import { TZDate } from '@date-fns/tz';
import { addDays } from 'date-fns';
import { listsASeizure } from '../../../contract/acnsRules';
import { monthIn } from '../../../contract/calendar';
import type { CaseRecordKind, EVENT_TYPES } from '../../../contract/caseRecords';
import type { CaseStage, MonitoringLevel, StudyType } from '../../../contract/cases';
import { ELECTRODES_10_20 } from '../../../contract/electrodes';
import type { TimeLogActivity, TimeLogFields } from '../../../contract/timeLogs';
import { localMidnight } from '../../domain/billing/months';
import { notesInWindow } from '../../domain/timeLogCorrection';
import { insertAttempt } from '../callAttempts';
import { refreshCaseHours } from '../caseHours';
import { appendRevision, type StoredRevision } from '../caseRecords';
import { contactsByIds } from '../clientContacts';
import { caseRecordItems } from '../schema';
import { indexTimeLog } from '../timeLogs';
import type { Tx } from '../transaction';
import type { DemoEvent } from './demoCaseData';
import {
  AMENDMENTS,
  acnsOfRead,
  BILLING_ADJUSTMENTS,
  CASE_NOTE_TEXTS,
  EVENT_DESCRIPTIONS,
  IMPEDANCE_ACTIONS,
  INTERPRETATION_READS,
  SEIZURE_READS,
} from './demoRecordData';

/**
 * The clinical records of the demo cases (DESIGN §4 "Per-case records" and "Monitoring operations"): each
 * recording's hookup and takedown; on a continuous case its technologists' shift-length `monitoring` logs
 * (07:00–19:00 and 19:00–07:00 in the client's zone, taken in turn), on the others hourly checks; the logs
 * open now (a technologist watching several patients at once, and one left running since yesterday);
 * impedances (one electrode re-gelled as the recording starts), events (a seizure with the client's first contact
 * notified on ICU and long-term studies, and the demo's own: notifications late or not yet made), case
 * notes written during the logs and linked from them, the reader's preliminary and final interpretations of
 * an ended recording (the final one signed before review, a draft at most while in preview) and a settled
 * billing note on each closed case.
 * Each log lies in its window (a hookup before the recording, a takedown after it, the rest within it) and
 * none of a technologist's logs overlap on one case; across cases they do, as concurrent monitoring does.
 * No record time is after the seeding.
 */

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const HOOKUP_MINUTES = 40;
const CHECK_MINUTES = 4;
const TAKEDOWN_MINUTES = 25;
const MAINTENANCE_MINUTES = 20;
/** Shifts change at these local hours (the transfer protocol's handovers). */
const SHIFT_CHANGES = [7, 19] as const;
/** A running case with no latest check (`checkedMinutesAgo`) has had nothing logged for this long. */
const UNWATCHED_HOURS = 3;
/** Impedances are measured at hookup, then this often. */
const IMPEDANCE_EVERY_HOURS = 12;
/** What the client's first contact is told of a usual seizure this long after it (on time). */
const NOTIFIED_AFTER_MINUTES = 6;
const DEMO_READER = 'reader1';
const DEMO_BILLING = 'billing1';

/** A demo case with a recording, as demoCases.ts wrote it, and what its records depend on. */
export type RecordedDemoCase = {
  caseId: number;
  /** Its place in the demo list, which varies the words of its records. */
  index: number;
  stage: CaseStage;
  studyType: StudyType;
  monitoringLevel: MonitoringLevel;
  /** The first one hooked the patient up, holds the open log and takes the first shift. */
  technologists: readonly string[];
  orderedAt: Date;
  recordingStart: Date;
  recordingEnd: Date | null;
  /** Monitoring: minutes since the latest check (DemoCase). */
  checkedMinutesAgo?: number;
  /** Monitoring: the first technologist's `monitoring` log open since this many hours, or since their shift began. */
  openLogHoursAgo?: number;
  events: readonly DemoEvent[];
  reviewedAt?: Date;
  closedAt?: Date;
  timeZone: string;
  /** The client's first contact, told of seizures. */
  contactId?: number;
  impedanceLimitKOhm: number;
};

type PlannedRevision = { body: Record<string, unknown>; author: string; at: Date };
type PlannedRecord = { kind: CaseRecordKind; revisions: PlannedRevision[] };
/** A log of the case; `end` null while it runs. */
type PlannedLog = { technologist: string; activity: TimeLogActivity; start: number; end: number | null };

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

/** The recording's span: from its start to its end, or to now while it runs. */
const spanOf = (recorded: RecordedDemoCase, now: Date) => ({
  start: recorded.recordingStart.getTime(),
  end: (recorded.recordingEnd ?? now).getTime(),
});

/** When the open log started, if the case has one (only while the recording runs). */
const openSince = (recorded: RecordedDemoCase, now: Date) =>
  recorded.recordingEnd === null && recorded.openLogHoursAgo !== undefined
    ? now.getTime() - recorded.openLogHoursAgo * HOUR_MS
    : undefined;

/**
 * Until when the case's closed logs run: the recording's end; while it runs, the open log's start (a
 * continuous case's shifts) or the latest check, or UNWATCHED_HOURS ago without one.
 */
function loggedUntil(recorded: RecordedDemoCase, now: Date, shifts: boolean): number {
  if (recorded.recordingEnd) return recorded.recordingEnd.getTime();
  const open = openSince(recorded, now);
  if (shifts && open !== undefined) return open;
  if (recorded.checkedMinutesAgo !== undefined) return now.getTime() - recorded.checkedMinutesAgo * MINUTE_MS;
  return now.getTime() - UNWATCHED_HOURS * HOUR_MS;
}

/** [start, end) cut at the local shift changes of `timeZone`. */
function shiftPieces(start: number, end: number, timeZone: string) {
  const changes: number[] = [];
  for (let day = addDays(new TZDate(localMidnight(start, timeZone), timeZone), -1); day.getTime() < end; ) {
    for (const hour of SHIFT_CHANGES) changes.push(new TZDate(day, timeZone).setHours(hour, 0, 0, 0));
    day = addDays(day, 1);
  }
  const cuts = [start, ...changes.filter((change) => change > start && change < end), end];
  return cuts.slice(1).map((cutEnd, position) => ({ start: cuts[position], end: cutEnd }));
}

const overlaps = (a: PlannedLog, b: PlannedLog) =>
  a.start < (b.end ?? Number.POSITIVE_INFINITY) && b.start < (a.end ?? Number.POSITIVE_INFINITY);

/** `log` less the times of `others` (each closed), in pieces of a minute or more; an open log stays open. */
function carve(log: PlannedLog, others: readonly PlannedLog[]): PlannedLog[] {
  let pieces = [log];
  for (const other of others) {
    pieces = pieces.flatMap((piece) =>
      overlaps(piece, other)
        ? [
            { ...piece, end: other.start },
            { ...piece, start: other.end ?? Number.POSITIVE_INFINITY },
          ]
        : [piece],
    );
  }
  return pieces.filter((piece) => (piece.end ?? Number.POSITIVE_INFINITY) - piece.start >= MINUTE_MS);
}

/**
 * The case's logs: the hookup before the recording starts; on a continuous case the shifts' `monitoring`
 * logs, taken in turn by its technologists, on the others hourly checks back from the latest one (none by a
 * technologist while their log is open); the open log; electrode maintenance at 60% of a long recording and
 * the takedown after an ended one. A technologist's checks, maintenance and takedown come out of their own
 * `monitoring` log on the case, so their logs never overlap on it. A case in intake has only its hookup.
 */
function plannedLogs(recorded: RecordedDemoCase, now: Date): PlannedLog[] {
  const { technologists, recordingEnd } = recorded;
  const [lead] = technologists;
  const span = spanOf(recorded, now);
  const log = (technologist: string, start: number, end: number | null, activity: TimeLogActivity) => ({
    technologist,
    start,
    end,
    activity,
  });
  const hookup = log(lead, span.start - HOOKUP_MINUTES * MINUTE_MS, span.start, 'hookup');
  if (recorded.stage === 'intake') return [hookup];
  const shifts = recorded.monitoringLevel === 'continuous';
  const until = loggedUntil(recorded, now, shifts);
  const open = openSince(recorded, now);
  const tasks: PlannedLog[] = [];
  if (!shifts) {
    for (let hour = 0; until - hour * HOUR_MS - CHECK_MINUTES * MINUTE_MS > span.start; hour++) {
      const start = until - hour * HOUR_MS - CHECK_MINUTES * MINUTE_MS;
      const end = start + CHECK_MINUTES * MINUTE_MS;
      const free = technologists.filter((username) => username !== lead || open === undefined || end <= open);
      if (free.length > 0) tasks.push(log(choose(free, hour), start, end, 'check'));
    }
  }
  // Before the lead's open log, if any.
  const maintained = Math.min(until, open ?? until);
  const maintenanceAt = span.start + (maintained - span.start) * 0.6;
  if (maintained - span.start >= 12 * HOUR_MS) {
    const maintenance = log(
      lead,
      maintenanceAt,
      maintenanceAt + MAINTENANCE_MINUTES * MINUTE_MS,
      'maintenance',
    );
    tasks.splice(
      0,
      tasks.length,
      maintenance,
      ...tasks.filter((task) => !(task.technologist === lead && overlaps(task, maintenance))),
    );
  }
  if (recordingEnd) tasks.push(log(lead, span.end, span.end + TAKEDOWN_MINUTES * MINUTE_MS, 'takedown'));
  const watched = shifts
    ? shiftPieces(span.start, until, recorded.timeZone).map((piece, turn) =>
        log(choose(technologists, turn), piece.start, piece.end, 'monitoring'),
      )
    : [];
  if (open !== undefined) watched.push(log(lead, open, null, 'monitoring'));
  const carved = watched.flatMap((watch) =>
    carve(
      watch,
      tasks.filter((task) => task.technologist === watch.technologist),
    ),
  );
  return [hookup, ...tasks, ...joinedToOpen(carved)].sort((a, b) => a.start - b.start);
}

/** The open log started with the lead's shift: their `monitoring` log ending where it starts joins it. */
function joinedToOpen(watches: readonly PlannedLog[]): PlannedLog[] {
  const open = watches.find((watch) => watch.end === null);
  const before = watches.find(
    (watch) => open && watch.technologist === open.technologist && watch.end === open.start,
  );
  if (!open || !before) return [...watches];
  return [...watches.filter((watch) => watch !== open && watch !== before), { ...open, start: before.start }];
}

/** The end of a log, or now while it runs. */
const endOf = (log: PlannedLog, now: Date) => log.end ?? now.getTime();

/**
 * Case notes written during the case's logs: as the hookup ends (the recording starts), at every sixth check and an hour
 * into every other `monitoring` log (halfway into a shorter one).
 */
function plannedNotes(recorded: RecordedDemoCase, logs: readonly PlannedLog[], now: Date): PlannedRecord[] {
  const checks = logs.filter((log) => log.activity === 'check').filter((_, position) => position % 6 === 3);
  const watches = logs
    .filter((log) => log.activity === 'monitoring')
    .filter((_, position) => position % 2 === 0);
  const [hookup] = logs;
  const notes = [
    {
      technologist: hookup.technologist,
      // The hookup ends as the recording starts: the note lies in both.
      at: endOf(hookup, now),
      text: 'Hookup complete: 21 electrodes, video on the patient.',
    },
    ...checks.map((log) => ({ technologist: log.technologist, at: log.start + 2 * MINUTE_MS })),
    ...watches.map((log) => ({
      technologist: log.technologist,
      at: log.start + Math.min(HOUR_MS, (endOf(log, now) - log.start) / 2),
    })),
  ].map((note, position) => ({ text: choose(CASE_NOTE_TEXTS, recorded.index + position - 1), ...note }));
  return notes.map(({ technologist, at: notedAt, text }, position) => {
    const note = once('case-notes', { notedAt: iso(notedAt), text }, technologist, new Date(notedAt));
    // Every fourth case amends its first note, so a history shows.
    if (position > 0 || recorded.index % 4 !== 0) return note;
    const [first] = note.revisions;
    const amendment = {
      body: { ...first.body, text: `${text} ${AMENDMENTS[0]}` },
      author: technologist,
      at: new Date(Math.min(after(first.at, 10).getTime(), now.getTime())),
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
 * contact notified in time, and the medication given; the electrode fix of the maintenance log; the demo's
 * own events, notified when it says.
 */
function plannedEvents(recorded: RecordedDemoCase, logs: readonly PlannedLog[], now: Date): PlannedRecord[] {
  const span = spanOf(recorded, now);
  const [lead] = recorded.technologists;
  const event = (
    type: EventType,
    occurred: number,
    {
      endedAfterSeconds,
      notifiedAfterMinutes = null,
    }: { endedAfterSeconds?: number; notifiedAfterMinutes?: number | null } = {},
  ) => {
    const told = notifiedAfterMinutes !== null && recorded.contactId !== undefined;
    const body = {
      occurredAt: iso(occurred),
      endedAt: endedAfterSeconds ? iso(occurred + endedAfterSeconds * 1000) : null,
      type,
      description: choose(EVENT_DESCRIPTIONS[type], recorded.index),
      notifiedContactId: told ? recorded.contactId : null,
      notifiedAt: told ? iso(occurred + notifiedAfterMinutes * MINUTE_MS) : null,
    };
    return once('events', body, lead, new Date(Math.min(occurred + 10 * MINUTE_MS, now.getTime())));
  };
  const seizureAt = seizureMoment(recorded, now);
  const maintenance = logs.find((log) => log.activity === 'maintenance');
  return [
    event('artifact', span.start + (span.end - span.start) * 0.2),
    ...(seizureAt !== undefined
      ? [
          event('seizure', seizureAt, {
            endedAfterSeconds: 90,
            notifiedAfterMinutes: NOTIFIED_AFTER_MINUTES,
          }),
          event('medication', seizureAt + 15 * MINUTE_MS),
        ]
      : []),
    ...(maintenance ? [event('electrode-fix', maintenance.start + 2 * MINUTE_MS)] : []),
    ...recorded.events.map(({ type, notifiedAfterMinutes, ...when }) =>
      event(
        type,
        'minutesAgo' in when
          ? now.getTime() - when.minutesAgo * MINUTE_MS
          : span.start + when.hoursAfterStart * HOUR_MS,
        { endedAfterSeconds: type === 'seizure' ? 75 : undefined, notifiedAfterMinutes },
      ),
    ),
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
 * Impedances: as the recording starts one electrode above the protocol limit, re-gelled and measured again; then every
 * 12 hours while logs were closed; the same around the maintenance log's electrode fix; and on a continuous
 * case still recording, the latest check (`checkedMinutesAgo`).
 */
function plannedImpedances(
  recorded: RecordedDemoCase,
  logs: readonly PlannedLog[],
  now: Date,
): PlannedRecord[] {
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
  const closed = logs.filter((log) => log.activity !== 'hookup' && log.activity !== 'takedown');
  const lastCheck = Math.max(start, ...closed.map((log) => log.end ?? start));
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
    // As the recording starts (every record lies within it, DESIGN §4 round three): one high, re-gelled.
    measured(lead, start, 0, high),
    measured(lead, Math.min(start + 5 * MINUTE_MS, now.getTime()), 1),
    ...periodic,
    ...(maintenance
      ? [
          measured(maintenance.technologist, maintenance.start + MINUTE_MS, 9, high),
          measured(maintenance.technologist, endOf(maintenance, now) - 2 * MINUTE_MS, 10),
        ]
      : []),
    ...(recorded.recordingEnd === null &&
    recorded.monitoringLevel === 'continuous' &&
    recorded.checkedMinutesAgo !== undefined
      ? [measured(lead, now.getTime() - recorded.checkedMinutesAgo * MINUTE_MS, 11)]
      : []),
  ];
}

/** A draft read of the period, its findings seizures or not, as the recording had them. */
const interpretation = (kind: string, periodStart: number, periodEnd: number, read: number) => {
  const acns = acnsOfRead(INTERPRETATION_READS[read]);
  return {
    kind,
    periodStart: iso(periodStart),
    periodEnd: iso(periodEnd),
    ...INTERPRETATION_READS[read],
    ...acns,
    // The reader's answer agrees with the entries, as signing requires (DESIGN §4, round three).
    seizuresInPeriod: listsASeizure(acns.acnsSeizures),
    status: 'draft',
    signedBy: null,
    signedAt: null,
  };
};

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
async function writeCaseRecords(tx: Tx, recorded: RecordedDemoCase, now: Date) {
  const logs = plannedLogs(recorded, now);
  const notes = [];
  for (const note of plannedNotes(recorded, logs, now)) {
    const stored = await writeRecord(tx, recorded.caseId, note);
    notes.push({ _id: stored.itemId, notedAt: String(stored.body.notedAt), voided: false });
  }
  for (const log of logs) {
    const window = { start: iso(log.start), end: log.end === null ? null : iso(log.end) };
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
      once('time-logs', body, log.technologist, new Date(log.end ?? log.start)),
    );
    await indexTimeLog(tx, recorded.caseId, stored);
  }
  const records = [
    ...plannedEvents(recorded, logs, now),
    ...plannedImpedances(recorded, logs, now),
    ...plannedInterpretations(recorded, now),
    ...plannedBillingNotes(recorded),
  ];
  for (const record of records) {
    const stored = await writeRecord(tx, recorded.caseId, record);
    if (record.kind === 'events') await writeCallAttempts(tx, stored, recorded.index);
  }
  await refreshCaseHours(tx, [recorded.caseId]);
}

/**
 * An event's call as attempts (DESIGN §4 "Orders and critical calls"): the contact reached with read-back
 * when the plan says it was notified; every other case's call first went to voicemail three minutes before
 * (never before the event).
 */
async function writeCallAttempts(tx: Tx, event: StoredRevision, index: number) {
  const { notifiedAt, notifiedContactId, occurredAt } = event.body as {
    notifiedAt: string | null;
    notifiedContactId: number | null;
    occurredAt: string;
  };
  if (!notifiedAt || !notifiedContactId) return;
  const [contact] = await contactsByIds(tx, [notifiedContactId]);
  const call = {
    itemId: event.itemId,
    contactId: notifiedContactId,
    number: contact?.phone ?? '',
    by: event.author,
  };
  const first = Date.parse(notifiedAt) - 3 * MINUTE_MS;
  if (index % 2 === 0 && first >= Date.parse(occurredAt))
    await insertAttempt(tx, {
      ...call,
      at: new Date(first),
      outcome: 'voicemail',
      readBack: false,
      reachedName: null,
      note: 'Left a message with the callback number',
    });
  await insertAttempt(tx, {
    ...call,
    at: new Date(notifiedAt),
    outcome: 'reached',
    readBack: true,
    reachedName: null,
    note: null,
  });
}

/** Seeds the records of the recorded demo cases, case by case. */
export async function seedDemoRecords(tx: Tx, recordedCases: readonly RecordedDemoCase[], now: Date) {
  for (const recorded of recordedCases) await writeCaseRecords(tx, recorded, now);
}
