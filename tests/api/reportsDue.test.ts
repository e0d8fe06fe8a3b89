import { afterAll, beforeAll, expect, it } from 'vitest';
import { addMonths } from '../../contract/billingMonths';
import { monthIn } from '../../contract/calendar';
import type { CaseDetails } from '../../contract/cases';
import type { Home, Home2 } from '../../contract/home';
import type { MonitoringHours } from '../../contract/hourReports';
import { API_PATHS } from '../../contract/paths';
import { callApi, type DemoUsername, demoTokens } from './support/apiClient';
import { caseCalls, caseOf } from './support/caseCalls';
import { describeEachDatabase, startTestServer, type TestServer } from './support/testServer';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const iso = (instant: number) => new Date(instant).toISOString();

/** The reports a reader owes (DESIGN §4 "Reports due"), through the home page, the case, the board and the report. */
describeEachDatabase('Reports due API', (kind) => {
  let server: TestServer;
  let tokens: Record<DemoUsername, string>;
  /** 24-hour billing periods from each recording's start, and local days in UTC from midnight. */
  let fromRecordingStart: number;
  let fromMidnight: number;
  let seq = 0;

  const call = (method: string, path: string, as: DemoUsername = 'admin', body?: unknown) =>
    callApi(server, method, path, { token: tokens[as], body });
  const { newClient, firstProtocol, intake, details, patch, move, assign } = caseCalls(call);

  async function clientWithProtocol(name: string, code: string, billingPeriodStart: string) {
    const id = await newClient(name, code, { billingPeriodStart });
    await firstProtocol(id);
    return id;
  }

  beforeAll(async () => {
    server = await startTestServer(kind);
    tokens = await demoTokens();
    const suffix = kind === 'pglite' ? 'L' : 'P';
    fromRecordingStart = await clientWithProtocol('Rolling Day Hospital', `RDH${suffix}`, 'recording-start');
    fromMidnight = await clientWithProtocol('Midnight Day Hospital', `MDH${suffix}`, '00:00');
  });
  afterAll(async () => {
    await server?.close();
  });

  /** tech1's cases so far: a case in monitoring keeps its technologist. */
  let assigned: number[] = [];
  /** A case read by reader1 whose recording ran `start` → `end` (null: still running), in monitoring. */
  async function study(clientId: number, start: number, end: number | null) {
    seq += 1;
    const created = await intake(clientId, {
      studyType: 'icu',
      monitoringLevel: 'unmonitored',
      patient: {
        mrn: `RD-${seq}`,
        firstName: 'Ada',
        lastName: 'Quinlan',
        dateOfBirth: '1958-04-17',
        sex: 'F',
      },
    });
    assigned = [...assigned, created.id];
    expect((await assign('tech1', assigned)).status).toBe(200);
    const started = await patch(await details(created.id), { recordingStart: iso(start), reader: 'reader1' });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const moved = await move(caseOf(started), 'monitoring', 'tech1');
    expect(moved.status, JSON.stringify(moved.body)).toBe(201);
    if (end === null) return caseOf(moved);
    const ended = await patch(caseOf(moved), { recordingEnd: iso(end) });
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    return caseOf(ended);
  }

  async function sign(caseId: number, body: Record<string, unknown>) {
    const reply = await call('POST', API_PATHS.caseRecords(caseId, 'interpretations'), 'reader1', {
      seizuresInPeriod: false,
      ...body,
      status: 'signed',
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  }

  async function home() {
    const reply = await call('GET', API_PATHS.home, 'reader1');
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return (reply.body.data as Home).reportsDue;
  }
  const owedOn = async (found: CaseDetails) =>
    (await home())
      .filter((report) => report.caseId === found.id)
      .map(({ kind, periodStart, periodEnd, dueBy, overdue, unbilled }) => ({
        kind,
        periodStart,
        periodEnd,
        dueBy,
        overdue,
        unbilled,
      }));

  async function reportsOf(clientId: number) {
    const now = new Date();
    const query = `from=${addMonths(monthIn('UTC', now), -1)}&to=${addMonths(monthIn('UTC', now), 1)}&clientId=${clientId}`;
    const reply = await call('GET', `${API_PATHS.monitoringHours}?${query}`, 'billing1');
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const rows = (reply.body.data as MonitoringHours).reports;
    const total = (field: 'due' | 'onTime' | 'late' | 'overdue' | 'pending') =>
      rows.reduce((sum, row) => sum + row[field], 0);
    return {
      due: total('due'),
      onTime: total('onTime'),
      late: total('late'),
      overdue: total('overdue'),
      pending: total('pending'),
    };
  }

  it('owes a 3-day study a preliminary, a daily report per full day and a final, the overdue flagged everywhere', async () => {
    const start = Date.now() - 80 * HOUR;
    const found = await study(fromRecordingStart, start, start + 3 * DAY);
    await sign(found.id, { kind: 'prelim' });
    // The third day's report, signed before it falls due; the first two days' are not signed.
    await sign(found.id, {
      kind: 'daily',
      periodStart: iso(start + 2 * DAY),
      periodEnd: iso(start + 3 * DAY),
    });
    const day = (index: number) => ({
      kind: 'daily',
      periodStart: iso(start + index * DAY),
      periodEnd: iso(start + (index + 1) * DAY),
      dueBy: iso(start + (index + 2) * DAY),
      overdue: true,
      // No signed report covers the day: it bills no professional code until its report is signed.
      unbilled: true,
    });
    expect(await owedOn(found)).toEqual([
      day(0),
      day(1),
      {
        kind: 'final',
        periodStart: null,
        periodEnd: null,
        dueBy: iso(start + 4 * DAY),
        overdue: false,
        unbilled: true,
      },
    ]);
    const listed = (await home()).find((report) => report.caseId === found.id);
    expect(listed).toMatchObject({
      caseNumber: found.caseNumber,
      stage: 'monitoring',
      clientName: 'Rolling Day Hospital',
      clientTimeZone: 'UTC',
    });
    expect((await details(found.id)).nextReport).toEqual(day(0));

    const board = await call('GET', API_PATHS.home2, 'tech1');
    expect(board.status, JSON.stringify(board.body)).toBe(200);
    const row = (board.body.data as Home2).monitoring.find((entry) => entry.id === found.id);
    expect(row?.reportsOverdue).toBe(2);

    // The preliminary was signed two days late, the third day's report on time, the final is not due yet.
    expect(await reportsOf(fromRecordingStart)).toEqual({
      due: 4,
      onTime: 1,
      late: 1,
      overdue: 2,
      pending: 1,
    });
  });

  it('owes a 3-day study over local days from midnight a daily report for each of its two full days', async () => {
    const midnight = Math.floor(Date.now() / DAY) * DAY;
    const start = midnight - 6 * DAY + 9 * HOUR;
    const found = await study(fromMidnight, start, start + 3 * DAY);
    expect((await owedOn(found)).map(({ kind, periodStart }) => `${kind} ${periodStart ?? ''}`)).toEqual([
      'prelim ',
      `daily ${iso(midnight - 5 * DAY)}`,
      `daily ${iso(midnight - 4 * DAY)}`,
      'final ',
    ]);
    expect(await reportsOf(fromMidnight)).toEqual({ due: 4, onTime: 0, late: 0, overdue: 4, pending: 0 });
  });

  it('owes a 10-hour study a preliminary and a final only, and the header names the preliminary', async () => {
    const start = Date.now() - 12 * HOUR;
    const found = await study(fromMidnight, start, start + 10 * HOUR);
    expect(await owedOn(found)).toEqual([
      {
        kind: 'prelim',
        periodStart: null,
        periodEnd: null,
        dueBy: iso(start + DAY),
        overdue: false,
        unbilled: false,
      },
      {
        kind: 'final',
        periodStart: null,
        periodEnd: null,
        dueBy: iso(start + 10 * HOUR + DAY),
        overdue: false,
        unbilled: true,
      },
    ]);
    expect((await details(found.id)).nextReport).toMatchObject({ kind: 'prelim', overdue: false });
    await sign(found.id, { kind: 'prelim' });
    expect((await details(found.id)).nextReport).toMatchObject({
      kind: 'final',
      dueBy: iso(start + 10 * HOUR + DAY),
    });
  });

  it('gives a client without a protocol the 24-hour turnaround, and counts no draft as done', async () => {
    const reply = await call('POST', API_PATHS.clients, 'admin', {
      name: 'No Protocol Clinic',
      code: `NPC${kind === 'pglite' ? 'L' : 'P'}`,
      timeZone: 'UTC',
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    const start = Date.now() - 30 * HOUR;
    const found = await study((reply.body.data as { id: number }).id, start, start + 10 * HOUR);
    const draft = await call('POST', API_PATHS.caseRecords(found.id, 'interpretations'), 'reader1', {
      kind: 'prelim',
    });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    expect(await owedOn(found)).toEqual([
      {
        kind: 'prelim',
        periodStart: null,
        periodEnd: null,
        dueBy: iso(start + DAY),
        overdue: true,
        unbilled: false,
      },
      {
        kind: 'final',
        periodStart: null,
        periodEnd: null,
        dueBy: iso(start + 10 * HOUR + DAY),
        overdue: false,
        unbilled: true,
      },
    ]);
  });

  it('owes nothing once the final is signed: the dailies it found past due count as missed, and closed has none', async () => {
    const signedFinal = await clientWithProtocol(
      'Signed Final Hospital',
      `SFH${kind === 'pglite' ? 'L' : 'P'}`,
      'recording-start',
    );
    // Three 24-hour days that ended 18 h ago: the first two days' reports are past due, the third's and the
    // final's are due in 6 h.
    const start = Date.now() - 90 * HOUR;
    const found = await study(signedFinal, start, start + 3 * DAY);
    await sign(found.id, { kind: 'prelim' });
    expect((await owedOn(found)).map(({ kind, overdue }) => `${kind} ${overdue}`)).toEqual([
      'daily true',
      'daily true',
      'daily false',
      'final false',
    ]);

    await sign(found.id, { kind: 'final' });
    expect(await owedOn(found)).toEqual([]);
    expect((await details(found.id)).nextReport).toBeNull();
    const board = await call('GET', API_PATHS.home2, 'tech1');
    expect(board.status, JSON.stringify(board.body)).toBe(200);
    const row = (board.body.data as Home2).monitoring.find((entry) => entry.id === found.id);
    expect(row?.reportsOverdue).toBe(0);
    // The preliminary signed late, the final on time; the two dailies it found past due were missed: not on
    // time, never due again. The third day's, not due when the final was signed, is owed no more.
    expect(await reportsOf(signedFinal)).toEqual({ due: 4, onTime: 1, late: 1, overdue: 2, pending: 0 });

    const preview = await move(await details(found.id), 'preview', 'reader1');
    expect(preview.status, JSON.stringify(preview.body)).toBe(201);
    const reviewed = await move(caseOf(preview), 'reviewed', 'reader1');
    expect(reviewed.status, JSON.stringify(reviewed.body)).toBe(201);
    const closed = await move(caseOf(reviewed), 'closed', 'admin');
    expect(closed.status, JSON.stringify(closed.body)).toBe(201);
    expect(caseOf(closed).nextReport).toBeNull();
    expect((await details(found.id)).nextReport).toBeNull();
    expect(await reportsOf(signedFinal)).toEqual({ due: 4, onTime: 1, late: 1, overdue: 2, pending: 0 });
  });

  it('owes nothing for a case cancelled at intake, nor before its recording starts', async () => {
    seq += 1;
    const created = await intake(fromRecordingStart, {
      studyType: 'icu',
      monitoringLevel: 'unmonitored',
      patient: { mrn: `RD-${seq}`, firstName: 'Bo', lastName: 'Lind', dateOfBirth: '1970-01-02', sex: 'M' },
    });
    let current = caseOf(await patch(created, { reader: 'reader1' }));
    expect(await owedOn(current)).toEqual([]);
    expect((await details(current.id)).nextReport).toBeNull();
    current = caseOf(await patch(current, { recordingStart: iso(Date.now() - 10 * HOUR) }));
    expect((await owedOn(current)).map((report) => report.kind)).toEqual(['prelim']);
    const cancelled = await move(current, 'closed', 'admin', 'Patient transferred before hookup');
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(201);
    expect(await owedOn(current)).toEqual([]);
    expect((await details(current.id)).nextReport).toBeNull();
  });
});
