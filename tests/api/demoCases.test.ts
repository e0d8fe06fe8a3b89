import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LOAD_LIMITS } from '../../contract/caseLoad';
import {
  ACTION_KINDS,
  ACTIVE_CASE_STAGES,
  CASE_STAGES,
  type CaseRow,
  type CaseStage,
} from '../../contract/cases';
import { API_PATHS } from '../../contract/paths';
import type { Role } from '../../contract/roles';
import type { TimeLog, TimeLogList } from '../../contract/timeLogs';
import {
  caseActions,
  caseNumberCounters,
  casePatients,
  caseProtocolSnapshots,
  caseRecordItems,
  cases,
  caseTechnologists,
  caseTransitions,
  clients,
  protocolRevisions,
} from '../../server/db/schema';
import { DEMO_CASES } from '../../server/db/seed/demoCaseData';
import { seedDemoCases } from '../../server/db/seed/demoCases';
import { seedDemoData } from '../../server/db/seed/demoClients';
import { caseYear } from '../../server/domain/caseNumbers';
import { REQUIRED_PATIENT_FIELDS, STAGE_MOVES } from '../../server/domain/caseStages';
import { DEMO_USERS } from '../../server/identity/demoUsers';
import { callApi, type DemoUsername, demoTokens } from './support/apiClient';
import { describeEachDatabase, startTestServer, type TestServer } from './support/testServer';

const roleOf = (username: string): Role | undefined =>
  DEMO_USERS.find((user) => user.username === username)?.role;
const isActive = (stage: CaseStage) => (ACTIVE_CASE_STAGES as readonly CaseStage[]).includes(stage);
const DAY_MS = 24 * 60 * 60 * 1000;

describeEachDatabase('demo cases seed', (kind) => {
  let server: TestServer;
  let tokens: Record<DemoUsername, string>;
  beforeAll(async () => {
    server = await startTestServer(kind, {}, {}, 'demo');
    tokens = await demoTokens();
  });
  afterAll(async () => {
    await server?.close();
  });

  const get = async (path: string, as: DemoUsername = 'admin') => {
    const reply = await callApi(server, 'GET', path, { token: tokens[as] });
    expect(reply.status, `${path}: ${JSON.stringify(reply.body)}`).toBe(200);
    return reply.body;
  };
  /** Every table the seed writes, by name. */
  const readTables = async () => {
    const { db } = server.database;
    return {
      cases: await db.select().from(cases).orderBy(asc(cases.id)),
      clients: await db.select().from(clients),
      patients: await db.select().from(casePatients),
      assignments: await db.select().from(caseTechnologists),
      transitions: await db
        .select()
        .from(caseTransitions)
        .orderBy(asc(caseTransitions.at), asc(caseTransitions.id)),
      actions: await db.select().from(caseActions),
      snapshots: await db.select().from(caseProtocolSnapshots),
      counters: await db.select().from(caseNumberCounters),
      revisions: await db.select().from(protocolRevisions),
      records: await db.select().from(caseRecordItems),
    };
  };

  it('fills every stage list and the assignments, numbered {client code}-{year}-{0001} per client and year', async () => {
    const { cases: rows, clients: clientRows, counters } = await readTables();
    expect(rows).toHaveLength(DEMO_CASES.length);
    const codeOf = new Map(clientRows.map((client) => [client.id, client.code]));

    const listed: CaseRow[] = [];
    for (const stage of CASE_STAGES) {
      const list = await get(`${API_PATHS.caseStage(stage)}?perPage=100`, 'reader1');
      const stageRows = list.data as CaseRow[];
      expect(list.total, stage).toBeGreaterThan(0);
      expect(stageRows.every((row) => row.stage === stage)).toBe(true);
      listed.push(...stageRows);
    }
    expect(listed).toHaveLength(DEMO_CASES.length);
    const assignments = await get(`${API_PATHS.caseAssignments}?perPage=100`, 'tech1');
    expect(assignments.total).toBe(listed.filter((row) => isActive(row.stage)).length);
    const monitoring = listed.filter((row) => row.stage === 'monitoring');
    expect(monitoring.some((row) => row.overdue)).toBe(true);
    expect(monitoring.some((row) => !row.overdue)).toBe(true);

    const sequences = new Map<string, number[]>();
    for (const row of listed) {
      const match = /^([A-Z0-9-]+)-(\d{4})-(\d{4})$/.exec(row.caseNumber);
      expect(match, row.caseNumber).not.toBeNull();
      const [, code, year, sequence] = match as RegExpExecArray;
      expect(code).toBe(codeOf.get(row.clientId));
      const key = `${row.clientId}/${year}`;
      sequences.set(key, [...(sequences.get(key) ?? []), Number(sequence)]);
    }
    // Each client's year runs 1…n without a gap, and its counter holds n, so the next intake gets n + 1.
    for (const [key, numbers] of sequences) {
      const sorted = numbers.toSorted((a, b) => a - b);
      expect(sorted, key).toEqual(sorted.map((_, index) => index + 1));
      const counter = counters.find((row) => `${row.clientId}/${row.year}` === key);
      expect(counter?.lastNumber, key).toBe(sorted.length);
    }
    expect(counters).toHaveLength(sequences.size);
  });

  it('gives every case a consistent history, made by users of the roles allowed to make each move', async () => {
    const {
      cases: rows,
      patients,
      assignments,
      transitions,
      actions,
      snapshots,
      revisions,
    } = await readTables();
    const now = Date.now();
    const latest = (clientId: number, revisionKind: 'protocol' | 'transfer') =>
      Math.max(
        ...revisions
          .filter((row) => row.clientId === clientId && row.kind === revisionKind)
          .map((row) => row.revision),
      );
    for (const row of rows) {
      const label = row.caseNumber;
      const moves = transitions.filter((move) => move.caseId === row.id);
      const cancelled = moves.length === 1 && moves[0].toStage === 'closed';
      const path = cancelled
        ? ['intake', 'closed']
        : CASE_STAGES.slice(0, CASE_STAGES.indexOf(row.stage) + 1);
      expect(
        moves.map((move) => [move.fromStage, move.toStage]),
        label,
      ).toEqual(path.slice(1).map((to, index) => [path[index], to]));
      let previous = row.createdAt.getTime();
      for (const move of moves) {
        const allowed = STAGE_MOVES.find(
          (stageMove) => stageMove.from === move.fromStage && stageMove.to === move.toStage,
        );
        expect(allowed?.who, `${label} ${move.fromStage}→${move.toStage} by ${move.by}`).toContain(
          roleOf(move.by),
        );
        expect(move.at.getTime(), label).toBeGreaterThanOrEqual(previous);
        previous = move.at.getTime();
      }
      expect(previous, label).toBeLessThanOrEqual(now);
      expect(now - row.createdAt.getTime(), label).toBeLessThan(42 * DAY_MS);
      if (cancelled) expect(moves[0].reason, label).not.toBe('');
      expect(['technologist', 'admin'], label).toContain(roleOf(row.createdBy));
      expect([row.protocolRevision, row.transferRevision], label).toEqual([
        latest(row.clientId, 'protocol'),
        latest(row.clientId, 'transfer'),
      ]);

      const reached = CASE_STAGES.indexOf(row.stage);
      const technologists = assignments.filter((assignment) => assignment.caseId === row.id);
      for (const { username } of technologists) expect(roleOf(username), label).toBe('technologist');
      if (reached >= 1 && !cancelled) {
        const patient = patients.find((candidate) => candidate.caseId === row.id);
        for (const field of REQUIRED_PATIENT_FIELDS)
          expect(patient?.[field], `${label} ${field}`).toBeTruthy();
        expect(technologists.length, label).toBeGreaterThan(0);
        expect(row.recordingStart, label).not.toBeNull();
      }
      if (reached >= 2 && !cancelled) {
        expect(row.recordingEnd?.getTime(), label).toBeGreaterThan(row.recordingStart?.getTime() ?? now);
        expect(row.reader, label).toBe('reader1');
      }
      expect(snapshots.some((snapshot) => snapshot.caseId === row.id)).toBe(row.stage === 'closed');
    }

    for (const action of actions) {
      expect(roleOf(action.by), action.by).toBeDefined();
      expect(action.at.getTime()).toBeLessThanOrEqual(now);
      if (action.transitionId === null) continue;
      const move = transitions.find((transition) => transition.id === action.transitionId);
      expect(move?.caseId).toBe(action.caseId);
      expect(action.at.getTime()).toBeGreaterThanOrEqual(move?.at.getTime() ?? now);
    }
    expect(new Set(actions.map((action) => action.kind))).toEqual(new Set(ACTION_KINDS));
  });

  it('keeps every technologist within the load limits, tech1 and newhire each with room for one more continuous case', async () => {
    const technologists = await get(API_PATHS.technologists);
    const loads = technologists.data as { username: string; active: Record<string, number> }[];
    for (const { username, active } of loads) {
      expect(active.continuous, username).toBeLessThanOrEqual(LOAD_LIMITS.continuous);
      expect(active.intermittent, username).toBeLessThanOrEqual(LOAD_LIMITS.intermittent);
    }
    // DESIGN §4: a continuous case weighs 3, an intermittent one 1, a technologist's active cases at most 12.
    const weight = ({ active }: (typeof loads)[number]) => 3 * active.continuous + active.intermittent;
    for (const load of loads) expect(weight(load), load.username).toBeLessThanOrEqual(12);
    const tech1 = loads.find((load) => load.username === 'tech1');
    expect(tech1 && weight(tech1)).toBe(12 - 3);
    const newhire = loads.find((load) => load.username === 'newhire');
    expect(newhire?.active.continuous).toBeGreaterThan(0);
    expect(newhire && weight(newhire)).toBeLessThanOrEqual(12 - 3);
  });

  it('copies into each closed case, cancelled ones too, the protocol and transfer revisions it ran under, as the API shows them', async () => {
    const { cases: rows, snapshots } = await readTables();
    expect(snapshots.length).toBeGreaterThan(0);
    expect(snapshots.length).toBe(rows.filter((row) => row.stage === 'closed').length);
    for (const snapshot of snapshots) {
      const row = rows.find((candidate) => candidate.id === snapshot.caseId);
      if (!row?.protocolRevision || !row.transferRevision)
        throw new Error(`case ${snapshot.caseId} has no revisions`);
      const closed = await get(API_PATHS.closedCaseProtocol(row.id), 'billing1');
      const revision = (number: number, revisionKind: string) =>
        get(`${API_PATHS.protocolRevision(row.clientId, number)}?kind=${revisionKind}`);
      expect(closed.data, row.caseNumber).toMatchObject({
        protocol: (await revision(row.protocolRevision, 'protocol')).data,
        transfer: (await revision(row.transferRevision, 'transfer')).data,
      });
      // Billing closes a reviewed case; an administrator cancels one at intake.
      expect(['billing1', 'admin']).toContain((closed.data as { takenBy: string }).takenBy);
    }
  });

  it('shows every case in its details', async () => {
    const { cases: rows } = await readTables();
    for (const row of rows) {
      const details = await get(API_PATHS.caseDetails(row.id));
      expect(details.data, row.caseNumber).toMatchObject({ caseNumber: row.caseNumber, stage: row.stage });
    }
  });

  it('seeds once: a second run adds nothing', async () => {
    const sizes = async () => Object.values(await readTables()).map((table) => table.length);
    const before = await sizes();
    expect(await seedDemoData(server.database.db)).toEqual({ seeded: false, clients: 0 });
    expect(await seedDemoCases(server.database.db)).toEqual({ seeded: false, cases: 0 });
    expect(await sizes()).toEqual(before);
  });

  it('lets the next intake continue the client’s sequence', async () => {
    const { cases: rows, clients: clientRows, counters } = await readTables();
    const client = clientRows.find((candidate) => candidate.code === 'SBRMC');
    const year = client && caseYear(client.timeZone, new Date());
    const counter = counters.find((row) => row.clientId === client?.id && row.year === year);
    if (!client || !counter) throw new Error('SBRMC has no demo cases');
    const reply = await callApi(server, 'POST', API_PATHS.cases, {
      token: tokens.tech1,
      body: { clientId: client.id, studyType: 'icu', monitoringLevel: 'continuous' },
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    const caseNumber = (reply.body.data as { caseNumber: string }).caseNumber;
    expect(caseNumber).toBe(`SBRMC-${counter.year}-${String(counter.lastNumber + 1).padStart(4, '0')}`);
    expect(rows.map((row) => row.caseNumber)).not.toContain(caseNumber);
  });

  it('carries orders of each priority placed before intake, and cases without one', async () => {
    const { cases: rows } = await readTables();
    const ordered = rows.filter((row) => row.orderedAt !== null);
    expect(new Set(ordered.map((row) => row.orderPriority))).toEqual(new Set(['stat', 'urgent', 'routine']));
    expect(rows.some((row) => row.orderedAt === null && row.orderPriority === null)).toBe(true);
    for (const row of ordered) expect(row.orderedAt?.getTime()).toBeLessThan(row.createdAt.getTime());
    const board = (await get(API_PATHS.home2)).data as { clocks: { nearest: { kind: string } }[] };
    expect(board.clocks.length).toBeGreaterThan(0);
  });

  // Last: it changes the demo data the tests above read.
  it('lets tech1 hand a continuous patient they watch over to newhire', async () => {
    const { cases: rows, assignments } = await readTables();
    const watchedByTech1 = rows.filter(
      (row) =>
        row.stage === 'monitoring' &&
        row.monitoringLevel === 'continuous' &&
        assignments.every((found) => found.caseId !== row.id || found.username === 'tech1'),
    );
    const open: { caseId: number; log: TimeLog }[] = [];
    for (const row of watchedByTech1) {
      const logs = (await get(API_PATHS.caseRecords(row.id, 'time-logs'))).data as TimeLogList;
      const log = logs.timeLogs.find((found) => found.technologist === 'tech1' && found.end === null);
      if (log) open.push({ caseId: row.id, log });
    }
    const [first] = open;
    if (!first) throw new Error('tech1 watches no continuous demo patient');
    const reply = await callApi(server, 'POST', API_PATHS.caseHandovers(first.caseId), {
      token: tokens.tech1,
      body: { from: 'tech1', to: 'newhire', at: new Date(Date.now() - 60_000).toISOString(), note: '' },
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  });
});
