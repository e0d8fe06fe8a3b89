import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  type CaseRecordKind,
  type GenericRecordKind,
  RECORD_RULES,
  RECORD_SHAPES,
  type RecordItem,
} from '../../contract/caseRecords';
import type { CaseRow } from '../../contract/cases';
import { API_PATHS } from '../../contract/paths';
import { type TimeLogList, timeLogFieldsSchema } from '../../contract/timeLogs';
import { cases, caseTimeLogs } from '../../server/db/schema';
import { DEMO_CASES } from '../../server/db/seed/demoCaseData';
import { seedDemoData } from '../../server/db/seed/demoClients';
import { callApi, type DemoUsername, demoTokens } from './support/apiClient';
import { describeEachDatabase, startTestServer, type TestServer } from './support/testServer';

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

  it('never overlaps a technologist’s logs, leaves none running and none ending after the seeding', async () => {
    const logs = await server.database.db
      .select()
      .from(caseTimeLogs)
      .orderBy(asc(caseTimeLogs.technologist), asc(caseTimeLogs.startAt));
    expect(logs.length).toBeGreaterThan(DEMO_CASES.length);
    for (const [position, log] of logs.entries()) {
      expect(log.endAt, `log ${log.itemId}`).not.toBeNull();
      expect(log.endAt?.getTime()).toBeLessThanOrEqual(seededBy);
      const previous = logs[position - 1];
      if (previous?.technologist === log.technologist) {
        expect(log.startAt.getTime(), `log ${log.itemId}`).toBeGreaterThanOrEqual(
          previous.endAt?.getTime() ?? 0,
        );
      }
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

  it('records seizures with the client notified, and impedances over the protocol limit at hookup', async () => {
    const recorded = await recordedCases();
    const events = (await Promise.all(recorded.map((row) => recordsOf(row.id, 'events')))).flat();
    const seizures = events.filter((event) => event.type === 'seizure');
    expect(seizures.length).toBeGreaterThan(0);
    expect(seizures.every((event) => event.notifiedContactId !== null && event.notifiedAt !== null)).toBe(
      true,
    );
    for (const row of recorded) {
      const [hookup] = await recordsOf(row.id, 'impedances');
      expect((hookup.overLimit as string[]).length, row.caseNumber).toBe(1);
      expect(hookup.actionTaken, row.caseNumber).not.toBe('');
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
    }
  });

  it('keeps overdue exactly the monitoring cases without a check since hookup', async () => {
    const monitoring = await get<CaseRow[]>(`${API_PATHS.caseStage('monitoring')}?perPage=100`);
    const unchecked = DEMO_CASES.filter(
      (demo) => demo.stage === 'monitoring' && demo.checkedMinutesAgo === undefined,
    );
    expect(monitoring.filter((row) => row.overdue)).toHaveLength(unchecked.length);
    expect(monitoring.some((row) => row.recordingEnd === null)).toBe(true);
  });
});
