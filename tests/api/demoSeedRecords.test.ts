import { asc, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  type CaseRecordKind,
  type GenericRecordKind,
  RECORD_SHAPES,
  RECORD_TIME_FIELDS,
  type RecordItem,
} from '../../contract/caseRecords';
import { ACTIVE_CASE_STAGES, type CaseRow, type CaseStage } from '../../contract/cases';
import type { NotificationTrigger } from '../../contract/clients';
import { API_PATHS } from '../../contract/paths';
import { RECORD_RULES } from '../../contract/recordRules';
import { type SignedReading, signingErrors } from '../../contract/signing';
import { DEFAULT_MAX_OPEN_LOG_HOURS, type TimeLogList, timeLogFieldsSchema } from '../../contract/timeLogs';
import { listLatestRevisions } from '../../server/db/caseRecords';
import { handoversOf } from '../../server/db/handovers';
import {
  cases,
  caseTechnologists,
  caseTimeLogs,
  clientContacts,
  protocolRevisions,
} from '../../server/db/schema';
import { DEMO_CASES } from '../../server/db/seed/demoCaseData';
import { seedDemoData } from '../../server/db/seed/demoClients';
import { DATED_KINDS, datedRecords, outsideRecording } from '../../server/domain/caseRecording';
import { type ReportPeriod, reportPeriodRefusal } from '../../server/domain/interpretations';
import { FUTURE_TOLERANCE_MS, logShapeErrors, logWindowRefusal } from '../../server/domain/timeLogRules';
import { DEMO_USERS } from '../../server/identity/demoUsers';
import { callApi, type DemoUsername, demoTokens } from './support/apiClient';
import { describeEachDatabase, startTestServer, type TestServer } from './support/testServer';

const HOUR_MS = 60 * 60 * 1000;
/** DESIGN §4 "Notifications": the protocol trigger covering each event type. */
const TRIGGER_OF: Record<string, NotificationTrigger> = {
  seizure: 'seizure',
  'status-epilepticus': 'status epilepticus',
  'electrode-off': 'electrode off',
  disconnect: 'electrode off',
  clinical: 'other',
  pushbutton: 'other',
};
const roleOf = (username: string) => DEMO_USERS.find((user) => user.username === username)?.role;
const isActive = (stage?: CaseStage) =>
  (ACTIVE_CASE_STAGES as readonly (CaseStage | undefined)[]).includes(stage);

describeEachDatabase('demo case records', (kind) => {
  let server: TestServer;
  let tokens: Record<DemoUsername, string>;
  let seededBy: number;
  beforeAll(async () => {
    server = await startTestServer(kind);
    tokens = await demoTokens();
    await seedDemoData(server.database.db);
    seededBy = Date.now();
  });
  afterAll(async () => {
    await server?.close();
  });

  const get = async <T>(path: string, as: DemoUsername = 'admin') => {
    const reply = await callApi(server, 'GET', path, { token: tokens[as] });
    expect(reply.status, `${path}: ${JSON.stringify(reply.body)}`).toBe(200);
    return reply.body.data as T;
  };
  const recordsOf = (caseId: number, kind: string) =>
    get<RecordItem[]>(API_PATHS.caseRecords(caseId, kind), 'reader1');
  const recordedCases = async () =>
    (await server.database.db.select().from(cases).orderBy(asc(cases.id))).filter(
      (row) => row.recordingStart !== null,
    );

  it('logs each recording from hookup (and to takedown once ended), with no stale note link', async () => {
    for (const row of await recordedCases()) {
      const { timeLogs, timeLogCorrection } = await get<TimeLogList>(
        API_PATHS.caseRecords(row.id, 'time-logs'),
        'tech1',
      );
      expect(timeLogs[0]?.activity, row.caseNumber).toBe('hookup');
      if (row.recordingEnd) expect(timeLogs.at(-1)?.activity, row.caseNumber).toBe('takedown');
      expect(timeLogCorrection, row.caseNumber).toBeNull();
      const notes = await recordsOf(row.id, 'case-notes');
      const linked = new Set(timeLogs.flatMap((log) => log.caseNoteIds));
      expect(
        notes.every((note) => linked.has(note._id)),
        row.caseNumber,
      ).toBe(true);
    }
  });

  it('never overlaps a technologist’s logs on one case, keeps each log in its window and on an assigned case, nothing after the seeding', async () => {
    const { db } = server.database;
    const logs = await db
      .select()
      .from(caseTimeLogs)
      .orderBy(asc(caseTimeLogs.caseId), asc(caseTimeLogs.technologist), asc(caseTimeLogs.startAt));
    const rows = await recordedCases();
    const assignments = await db.select().from(caseTechnologists);
    expect(logs.length).toBeGreaterThan(DEMO_CASES.length);
    for (const [position, log] of logs.entries()) {
      const label = `log ${log.itemId} (${log.activity})`;
      const row = rows.find((candidate) => candidate.id === log.caseId);
      if (!row?.recordingStart) throw new Error(`${label}: not on a recorded case`);
      expect(roleOf(log.technologist), label).toBe('technologist');
      expect(
        assignments.some(
          (assignment) => assignment.caseId === log.caseId && assignment.username === log.technologist,
        ),
        label,
      ).toBe(true);
      // The API's own rules (DESIGN §4): forwards, not after the seeding, at most a shift long, in its window.
      const times = {
        activity: log.activity,
        start: log.startAt.getTime(),
        end: log.endAt?.getTime() ?? null,
      };
      expect(logShapeErrors(times, seededBy - FUTURE_TOLERANCE_MS), label).toEqual([]);
      const study = {
        recordingStart: row.recordingStart.getTime(),
        recordingEnd: row.recordingEnd?.getTime() ?? null,
        timeZone: 'UTC',
      };
      expect(logWindowRefusal(times, study), label).toBeUndefined();
      if (log.endAt === null) expect(row.recordingEnd, `${label} runs on an ended recording`).toBeNull();
      const previous = logs[position - 1];
      if (previous?.caseId === log.caseId && previous.technologist === log.technologist) {
        expect(previous.endAt, `${label} after a running log`).not.toBeNull();
        expect(log.startAt.getTime(), label).toBeGreaterThanOrEqual(previous.endAt?.getTime() ?? 0);
      }
    }
    // Shift-length logs, one technologist's overlapping across cases.
    const shifts = logs.filter(
      (log) =>
        log.activity === 'monitoring' &&
        log.endAt &&
        log.endAt.getTime() - log.startAt.getTime() >= 8 * HOUR_MS,
    );
    expect(shifts.length).toBeGreaterThan(5);
    const acrossCases = logs.some((log) =>
      logs.some(
        (other) =>
          other.technologist === log.technologist &&
          other.caseId !== log.caseId &&
          other.startAt < (log.endAt ?? new Date(seededBy)) &&
          log.startAt < (other.endAt ?? new Date(seededBy)),
      ),
    );
    expect(acrossCases).toBe(true);
  });

  it('keeps every live record and handover of a recording within it (DESIGN §4, round three)', async () => {
    const { db } = server.database;
    for (const row of await recordedCases()) {
      const study = {
        recordingStart: row.recordingStart?.getTime() ?? null,
        recordingEnd: row.recordingEnd?.getTime() ?? null,
        timeZone: 'UTC',
      };
      const records = datedRecords(
        await listLatestRevisions(db, row.id, DATED_KINDS),
        await handoversOf(db, row.id),
      );
      const outside = records.flatMap((record) => {
        const reason = outsideRecording(record, study);
        return reason ? [`${record.name} at ${new Date(record.start).toISOString()} ${reason}`] : [];
      });
      expect(outside, row.caseNumber).toEqual([]);
    }
  });

  it('leaves tech1 watching three patients at once and one log forgotten open, stale, on a running recording', async () => {
    const { db } = server.database;
    const open = await db.select().from(caseTimeLogs).where(isNull(caseTimeLogs.endAt));
    const rows = await recordedCases();
    const assignments = await db.select().from(caseTechnologists);
    expect(open).toHaveLength(DEMO_CASES.filter((demo) => demo.openLogHoursAgo !== undefined).length);
    const tech1 = open.filter((log) => log.technologist === 'tech1');
    expect(new Set(tech1.map((log) => log.caseId)).size).toBe(3);
    const staleAfter = seededBy - DEFAULT_MAX_OPEN_LOG_HOURS * HOUR_MS;
    expect(tech1.every((log) => log.startAt.getTime() > staleAfter && log.activity === 'monitoring')).toBe(
      true,
    );
    const stale = open.filter((log) => log.startAt.getTime() < staleAfter);
    expect(stale).toHaveLength(1);
    expect(rows.find((row) => row.id === stale[0].caseId)?.recordingEnd).toBeNull();
    // No technologist has more open logs than active cases they are assigned to.
    for (const username of new Set(open.map((log) => log.technologist))) {
      const active = assignments.filter(
        (assignment) =>
          assignment.username === username &&
          isActive(rows.find((row) => row.id === assignment.caseId)?.stage),
      );
      expect(open.filter((log) => log.technologist === username).length, username).toBeLessThanOrEqual(
        active.length,
      );
    }
  });

  it('indexes each time log as its latest revision has it', async () => {
    const indexed = await server.database.db.select().from(caseTimeLogs);
    for (const row of await recordedCases()) {
      const { timeLogs } = await get<TimeLogList>(API_PATHS.caseRecords(row.id, 'time-logs'));
      for (const log of timeLogs) {
        const index = indexed.find((candidate) => candidate.itemId === log._id);
        expect(index, `log ${log._id}`).toMatchObject({
          caseId: row.id,
          revision: log.revision,
          technologist: log.technologist,
          startAt: new Date(log.start),
          endAt: log.end === null ? null : new Date(log.end),
          activity: log.activity,
          billable: log.billable,
          voided: log.voided,
        });
      }
    }
  });

  it('interprets ended recordings only, signing the final read of reviewed and closed cases; settles closed cases’ billing notes', async () => {
    for (const row of await recordedCases()) {
      const interpretations = await recordsOf(row.id, 'interpretations');
      const signedFinal = interpretations.some(
        (item) => item.kind === 'final' && item.status === 'signed' && item.signedBy === 'reader1',
      );
      expect(signedFinal, row.caseNumber).toBe(row.stage === 'reviewed' || row.stage === 'closed');
      // A running recording has none yet: the end-to-end story writes and signs the first one.
      if (!row.recordingEnd) expect(interpretations, row.caseNumber).toEqual([]);
      const billingNotes = await get<RecordItem[]>(
        API_PATHS.caseRecords(row.id, 'billing-notes'),
        'billing1',
      );
      if (row.stage === 'closed') {
        expect(billingNotes.length, row.caseNumber).toBeGreaterThan(0);
        expect(billingNotes.every((note) => note.settled)).toBe(true);
      } else expect(billingNotes, row.caseNumber).toEqual([]);
    }
  });

  it('notifies seizures on time and late, one not yet (overdue), and status epilepticus and electrodes off where the protocol has a rule', async () => {
    const { db } = server.database;
    const recorded = await recordedCases();
    const protocols = await db.select().from(protocolRevisions);
    const contacts = await db.select().from(clientContacts);
    const statuses = new Map<string, number>();
    let severalAttempts = 0;
    for (const row of recorded) {
      const rules =
        protocols.find(
          (revision) =>
            revision.clientId === row.clientId &&
            revision.kind === 'protocol' &&
            revision.revision === row.protocolRevision,
        )?.notificationRules ?? [];
      for (const event of await recordsOf(row.id, 'events')) {
        const label = `${row.caseNumber} ${event.type}`;
        const trigger = TRIGGER_OF[event.type as string];
        const rule = rules.find((candidate) => candidate.trigger === trigger);
        if (['status-epilepticus', 'electrode-off'].includes(event.type as string))
          expect(rule, `${label} has a rule`).toBeDefined();
        if (event.notifiedContactId !== null) {
          const contact = contacts.find((candidate) => candidate.id === event.notifiedContactId);
          expect(contact?.clientId, label).toBe(row.clientId);
        }
        if (!rule) continue;
        const dueBy = Date.parse(event.occurredAt as string) + rule.withinMinutes * 60_000;
        const notifiedAt = event.notifiedAt === null ? null : Date.parse(event.notifiedAt as string);
        const status =
          notifiedAt === null
            ? seededBy > dueBy
              ? 'overdue'
              : 'pending'
            : notifiedAt <= dueBy
              ? 'on-time'
              : 'late';
        statuses.set(`${event.type} ${status}`, (statuses.get(`${event.type} ${status}`) ?? 0) + 1);
        // The call is its attempts (DESIGN §4 "Orders and critical calls"): the closing one is the call above.
        const notification = event.notification as { status: string; attempts: { outcome: string }[] };
        expect(notification.status, label).toBe(status);
        if (notification.attempts.length > 1) severalAttempts += 1;
        expect(notification.attempts.at(-1)?.outcome ?? 'reached', label).toBe('reached');
      }
    }
    expect(severalAttempts).toBeGreaterThan(2);
    expect(statuses.get('seizure on-time')).toBeGreaterThan(5);
    expect(statuses.get('seizure late')).toBe(1);
    expect(statuses.get('seizure overdue')).toBe(1);
    expect(statuses.get('status-epilepticus on-time')).toBe(1);
    expect(statuses.get('electrode-off on-time')).toBe(1);
    expect(statuses.get('electrode-off late')).toBe(1);
    expect([...statuses.keys()].filter((key) => key.endsWith('pending'))).toEqual([]);
  });

  it('measures impedances over the protocol limit at hookup, and dates no record after the seeding', async () => {
    const recorded = await recordedCases();
    for (const row of recorded) {
      const [hookup] = await recordsOf(row.id, 'impedances');
      expect((hookup.overLimit as string[]).length, row.caseNumber).toBe(1);
      expect(hookup.actionTaken, row.caseNumber).not.toBe('');
    }
    const { rows } = await server.database.db.execute<{ kind: string; body: Record<string, unknown> }>(
      sql`select item.kind, revision.body from case_record_items item
        join case_record_revisions revision on revision.item_id = item.id`,
    );
    for (const { kind, body } of rows) {
      for (const field of RECORD_TIME_FIELDS) {
        const value = body[field];
        if (typeof value === 'string')
          expect(Date.parse(value), `${kind} ${field} ${value}`).toBeLessThanOrEqual(seededBy);
      }
    }
  });

  it('writes every revision as the API would accept it', async () => {
    const { rows } = await server.database.db.execute<{
      kind: CaseRecordKind;
      body: Record<string, unknown>;
    }>(
      sql`select item.kind, revision.body from case_record_items item
        join case_record_revisions revision on revision.item_id = item.id`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const { kind, body } of rows) {
      if (kind === 'time-logs') {
        expect(timeLogFieldsSchema.safeParse(body).success, JSON.stringify(body)).toBe(true);
        continue;
      }
      const shape = RECORD_SHAPES[kind as GenericRecordKind];
      const parsed = shape.safeParse(body);
      expect(parsed.success, `${kind} ${JSON.stringify(body)}`).toBe(true);
      expect(RECORD_RULES[kind as GenericRecordKind]?.(body) ?? [], kind).toEqual([]);
      // A signed report answers "seizures in this period" as its seizure entries say (DESIGN §4).
      if (kind === 'interpretations' && body.status === 'signed')
        expect(signingErrors(parsed.data as unknown as SignedReading), JSON.stringify(body)).toEqual([]);
    }
  });

  it('dates every report’s period within its recording', async () => {
    const { rows } = await server.database.db.execute<{
      body: ReportPeriod;
      recordingStart: number | null;
      recordingEnd: number | null;
    }>(
      sql`select revision.body, (extract(epoch from c.recording_start) * 1000)::float8 as "recordingStart",
          (extract(epoch from c.recording_end) * 1000)::float8 as "recordingEnd"
        from case_record_items item
        join case_record_revisions revision on revision.item_id = item.id
        join cases c on c.id = item.case_id
        where item.kind = 'interpretations'`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const { body, recordingStart, recordingEnd } of rows) {
      const study = { recordingStart, recordingEnd, timeZone: 'UTC' };
      expect(reportPeriodRefusal(body, study), JSON.stringify(body)).toBeUndefined();
    }
  });

  it('keeps overdue exactly the monitoring cases without a recent check that nobody watches', async () => {
    const monitoring = await get<CaseRow[]>(`${API_PATHS.caseStage('monitoring')}?perPage=100`);
    const demoOf = (row: CaseRow) =>
      DEMO_CASES.find(
        (demo) =>
          demo.stage === 'monitoring' &&
          demo.client === row.caseNumber.split('-')[0] &&
          demo.monitoringLevel === row.monitoringLevel,
      );
    const overdue = monitoring.filter((row) => row.overdue);
    // Two intermittent cases without a recent check (one with a log left open) and a continuous one unwatched.
    expect(overdue.map((row) => row.monitoringLevel).sort()).toEqual([
      'continuous',
      'intermittent',
      'intermittent',
    ]);
    for (const row of monitoring) {
      const demo = demoOf(row);
      const watched = demo?.monitoringLevel === 'continuous' && demo.openLogHoursAgo !== undefined;
      expect(row.overdue, row.caseNumber).toBe(!watched && demo?.checkedMinutesAgo === undefined);
    }
    expect(monitoring.some((row) => row.recordingEnd === null)).toBe(true);
  });
});
