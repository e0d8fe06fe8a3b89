import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CaseDetails, CaseRow } from '../../contract/cases';
import type { BoardCase, Home, Home2 } from '../../contract/home';
import { API_PATHS } from '../../contract/paths';
import type { TimeLog } from '../../contract/timeLogs';
import { homeRoutes } from '../../server/routes/home';
import { SharedReads } from '../../server/services/sharedReads';
import { callApi, type DemoUsername, demoTokens } from './support/apiClient';
import { caseCalls, caseOf } from './support/caseCalls';
import { describeEachDatabase, startTestServer, type TestServer } from './support/testServer';

const MINUTE = 60_000;
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * MINUTE).toISOString();
const PATIENT = { mrn: 'B-1', firstName: 'Ada', lastName: 'Quinlan', dateOfBirth: '1958-04-17', sex: 'F' };

/** The operations board's checks and overdue, exactly as DESIGN §4 "Checks and overdue" defines them. */
describeEachDatabase('Monitoring board API', (kind) => {
  let server: TestServer;
  let tokens: Record<DemoUsername, string>;
  /** A client whose protocol asks for a check every 60 min, and one with no protocol at all. */
  let hourly: number;
  let noProtocol: number;

  const call = (method: string, path: string, as: DemoUsername = 'tech1', body?: unknown) =>
    callApi(server, method, path, { token: tokens[as], body });
  const { newClient, firstProtocol, intake, details, patch, move, assign } = caseCalls(call);
  const DENVER = { timeZone: 'America/Denver' };

  beforeAll(async () => {
    // Open logs go stale after an hour here, so a stale log fits inside a recording of a few hours.
    server = await startTestServer(kind, { MAX_OPEN_LOG_HOURS: '1' });
    tokens = await demoTokens();
    const suffix = kind === 'pglite' ? 'L' : 'P';
    hourly = await newClient('Hourly Checks Hospital', `HCH${suffix}`, DENVER);
    noProtocol = await newClient('No Protocol Clinic', `NPC${suffix}`, DENVER);
    await firstProtocol(hourly);
  });
  afterAll(async () => {
    await server?.close();
  });

  // tech1's logs across the tests never overlap in time: the check at 100–95 min ago, then monitoring at
  // 94–70, 69–20 and 15–10 min ago, and the board's check of the last five minutes.
  let assigned: number[] = [];
  /** A case in monitoring for tech1 whose recording started `startedMinutesAgo` ago. */
  async function monitoring(
    clientId: number,
    { level = 'intermittent', startedMinutesAgo = 300 }: { level?: string; startedMinutesAgo?: number } = {},
  ) {
    const created = await intake(clientId, { patient: PATIENT, monitoringLevel: level });
    assigned = [...assigned, created.id];
    expect((await assign('tech1', assigned)).status).toBe(200);
    const started = await patch(await details(created.id), { recordingStart: minutesAgo(startedMinutesAgo) });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const moved = await move(caseOf(started), 'monitoring', 'tech1');
    expect(moved.status, JSON.stringify(moved.body)).toBe(201);
    return caseOf(moved);
  }

  async function log(caseId: number, body: Record<string, unknown>) {
    const reply = await call('POST', API_PATHS.caseRecords(caseId, 'time-logs'), 'tech1', body);
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    return reply.body.data as TimeLog;
  }
  const stop = (caseId: number, running: TimeLog, end: string) =>
    call('POST', API_PATHS.caseRecordRevisions(caseId, 'time-logs', running._id), 'tech1', {
      end,
      baseRevision: running.revision,
    });

  async function board() {
    const reply = await call('GET', API_PATHS.home2);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return (reply.body.data as Home2).monitoring;
  }
  async function rowOf(found: CaseDetails): Promise<BoardCase> {
    const row = (await board()).find((entry) => entry.id === found.id);
    expect(row).toBeDefined();
    return row as BoardCase;
  }
  /** The monitoring list's overdue column for the case: one rule with the board. */
  async function listedOverdue(found: CaseDetails) {
    const reply = await call('GET', `${API_PATHS.caseStage('monitoring')}?perPage=100`);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return (reply.body.data as CaseRow[]).find((row) => row.id === found.id)?.overdue;
  }
  /** The board row's `overdue` beside the monitoring list's: both rows carry the flag, by one rule. */
  const overdueFlags = async (found: CaseDetails, row: BoardCase) => ({
    board: row.overdue,
    list: await listedOverdue(found),
  });
  /**
   * Within a minute: the expected moments are set from the test's clock a few seconds (on a loaded machine)
   * apart from the server's; every wrong rule is ten minutes or more away.
   */
  const near = (iso: string | null, expected: string) =>
    expect(Math.abs(Date.parse(iso as string) - Date.parse(expected))).toBeLessThan(60_000);

  it('is overdue one protocol interval after the last check, a check log counted at its end', async () => {
    const found = await monitoring(hourly);
    const checkEnd = minutesAgo(95);
    await log(found.id, { activity: 'check', start: minutesAgo(100), end: checkEnd });
    const row = await rowOf(found);
    expect(row).toMatchObject({ checkIntervalMinutes: 60, watched: false, recordingEnded: false });
    near(row.lastCheckAt, checkEnd);
    near(row.nextCheckBy, minutesAgo(35));
    near(row.overdueSince, minutesAgo(35));
    expect(row.clientTimeZone).toBe('America/Denver');
    expect(await overdueFlags(found, row)).toEqual({ board: true, list: true });

    const impedanceAt = minutesAgo(10);
    const impedance = await call('POST', API_PATHS.caseRecords(found.id, 'impedances'), 'tech1', {
      measuredAt: impedanceAt,
      values: { Fp1: 3.2 },
    });
    expect(impedance.status, JSON.stringify(impedance.body)).toBe(201);
    const checked = await rowOf(found);
    near(checked.lastCheckAt, impedanceAt);
    near(checked.nextCheckBy, minutesAgo(-50));
    expect(checked.overdueSince).toBeNull();
    expect(await overdueFlags(found, checked)).toEqual({ board: false, list: false });
  });

  it("records the board's Log check at the click: last check then, the next one a full interval later", async () => {
    const found = await monitoring(hourly, { startedMinutesAgo: 30 });
    // What the board's "Log check" sends: a check log of the five minutes up to the click.
    const clickedAt = Date.now();
    await log(found.id, {
      activity: 'check',
      start: new Date(clickedAt - 5 * MINUTE).toISOString(),
      end: new Date(clickedAt).toISOString(),
    });
    const row = await rowOf(found);
    expect(Math.abs(Date.parse(row.lastCheckAt as string) - clickedAt)).toBeLessThan(1_000);
    expect(Date.parse(row.nextCheckBy as string) - Date.parse(row.lastCheckAt as string)).toBe(60 * MINUTE);
    expect(row.overdueSince).toBeNull();
  });

  it('uses 120 min when the client has no protocol, counting from the recording start', async () => {
    const late = await monitoring(noProtocol, { startedMinutesAgo: 150 });
    const due = await monitoring(noProtocol, { startedMinutesAgo: 90 });
    const lateRow = await rowOf(late);
    expect(lateRow.checkIntervalMinutes).toBe(120);
    near(lateRow.lastCheckAt, late.recordingStart as string);
    near(lateRow.overdueSince, minutesAgo(30));
    expect(await overdueFlags(late, lateRow)).toEqual({ board: true, list: true });
    const dueRow = await rowOf(due);
    near(dueRow.nextCheckBy, minutesAgo(-30));
    expect(dueRow.overdueSince).toBeNull();
    expect(await overdueFlags(due, dueRow)).toEqual({ board: false, list: false });
    // The longest overdue first; a case not overdue after every overdue one.
    const order = (await board()).map((row) => row.id);
    expect(order.indexOf(late.id)).toBeLessThan(order.indexOf(due.id));
  });

  it('does not let a check dated in the future silence the flag', async () => {
    const found = await monitoring(hourly, { startedMinutesAgo: 200 });
    const impedance = await call('POST', API_PATHS.caseRecords(found.id, 'impedances'), 'tech1', {
      measuredAt: minutesAgo(30),
      values: { Fp1: 3.2 },
    });
    expect(impedance.status, JSON.stringify(impedance.body)).toBe(201);
    // Revised to tomorrow behind the API's back: the API refuses record times in the future.
    const tomorrow = minutesAgo(-24 * 60);
    await server.database.db.execute(sql`
      insert into case_record_revisions (item_id, revision, body, author)
      select item_id, 2, jsonb_set(body, '{measuredAt}', to_jsonb(${tomorrow}::text)), author
      from case_record_revisions where item_id = ${(impedance.body.data as { _id: number })._id}`);
    const row = await rowOf(found);
    near(row.lastCheckAt, found.recordingStart as string);
    near(row.overdueSince, minutesAgo(140));
    expect(await overdueFlags(found, row)).toEqual({ board: true, list: true });
  });

  it('counts the end of a monitoring log as a check, and never flags a watched continuous case', async () => {
    const found = await monitoring(hourly, { level: 'continuous', startedMinutesAgo: 240 });
    const running = await log(found.id, { activity: 'monitoring', start: minutesAgo(94) });
    const watched = await rowOf(found);
    expect(watched).toMatchObject({ watched: true, nextCheckBy: null, overdueSince: null });
    expect(await overdueFlags(found, watched)).toEqual({ board: false, list: false });

    const end = minutesAgo(70);
    expect((await stop(found.id, running, end)).status).toBe(201);
    const ended = await rowOf(found);
    expect(ended.watched).toBe(false);
    near(ended.lastCheckAt, end);
    near(ended.overdueSince, minutesAgo(10));
    expect(await overdueFlags(found, ended)).toEqual({ board: true, list: true });
  });

  it('flags an intermittent case whose check is old even while a monitoring log is open', async () => {
    const found = await monitoring(hourly, { startedMinutesAgo: 180 });
    const running = await log(found.id, { activity: 'monitoring', start: minutesAgo(69) });
    const row = await rowOf(found);
    expect(row.watched).toBe(false);
    near(row.overdueSince, minutesAgo(120));
    expect(await overdueFlags(found, row)).toEqual({ board: true, list: true });
    // Open for 69 min, past this server's hour: stale on the board and on its technologist's home.
    expect(row.staleOpenLogs).toEqual([
      { technologist: 'tech1', activity: 'monitoring', start: running.start },
    ]);
    const home = (await call('GET', API_PATHS.home)).body.data as Home;
    expect(home.openTimeLogs).toEqual([
      expect.objectContaining({
        itemId: running._id,
        caseId: found.id,
        stale: true,
        clientTimeZone: 'America/Denver',
      }),
    ]);
    expect(home.myCases.find((entry) => entry.id === found.id)?.clientTimeZone).toBe('America/Denver');
    expect((await stop(found.id, running, minutesAgo(20))).status).toBe(201);
    expect(((await call('GET', API_PATHS.home)).body.data as Home).openTimeLogs).toEqual([]);
  });

  it('says a fresh open log is not stale', async () => {
    const found = await monitoring(hourly, { startedMinutesAgo: 60 });
    const running = await log(found.id, { activity: 'monitoring', start: minutesAgo(15) });
    expect((await rowOf(found)).staleOpenLogs).toEqual([]);
    const home = (await call('GET', API_PATHS.home)).body.data as Home;
    expect(home.openTimeLogs).toEqual([expect.objectContaining({ itemId: running._id, stale: false })]);
    expect((await stop(found.id, running, minutesAgo(10))).status).toBe(201);
  });

  it('does not flag a case whose recording has ended', async () => {
    const found = await monitoring(hourly, { startedMinutesAgo: 300 });
    const ended = await patch(found, { recordingEnd: minutesAgo(60) });
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    const row = await rowOf(found);
    expect(row).toMatchObject({ recordingEnded: true, nextCheckBy: null, overdueSince: null });
    expect(await overdueFlags(found, row)).toEqual({ board: false, list: false });
  });

  it('checks and serialises the shared board once for every caller within its window, and sends each that text', async () => {
    await monitoring(hourly, { startedMinutesAgo: 30 });
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    let serialised = 0;
    app.setSerializerCompiler((route) => {
      const serialize = serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);
      return (data) => {
        serialised++;
        return serialize(data);
      };
    });
    await app.register(homeRoutes, { db: server.database.db, shared: new SharedReads(60_000) });
    const replies = [];
    for (let i = 0; i < 3; i++) replies.push(await app.inject({ method: 'GET', url: API_PATHS.home2 }));
    await app.close();
    expect(replies.map((reply) => reply.statusCode)).toEqual([200, 200, 200]);
    expect(serialised).toBe(1);
    expect(replies[0]?.headers['content-type']).toMatch(/^application\/json/);
    const [first, ...others] = replies.map((reply) => reply.body);
    expect(others).toEqual([first, first]);
    expect((JSON.parse(first ?? '') as { data: Home2 }).data.monitoring.length).toBeGreaterThan(0);
  });
});
