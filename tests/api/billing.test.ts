import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillableHours, BillingCycle, Statement } from '../../contract/billing';
import { addMonths } from '../../contract/billingMonths';
import { monthIn } from '../../contract/calendar';
import { CASE_STAGES, type CaseDetails } from '../../contract/cases';
import type { Home } from '../../contract/home';
import type { ClientHoursReport, HoursSummary, MonitoringHours } from '../../contract/hourReports';
import { API_PATHS } from '../../contract/paths';
import type { TimeLog, TimeLogList } from '../../contract/timeLogs';
import { monthWindow } from '../../server/domain/billing/months';
import { callApi, type DemoUsername, demoTokens, fieldNames } from './support/apiClient';
import { caseCalls, caseOf } from './support/caseCalls';
import { describeEachDatabase, startTestServer, type TestServer } from './support/testServer';

/**
 * Billing cycles, statements and the hour reports (DESIGN §4 "Hours and money", §8) against a real
 * database: every figure the API answers is checked against figures worked out by hand from the logs the
 * test writes, a closed cycle keeps its lines, and only billing staff and admins see money.
 */

const ZONE = 'America/Chicago';
const HOUR = 3_600_000;

describeEachDatabase('Billing and reports API', (kind) => {
  let server: TestServer;
  let tokens: Record<DemoUsername, string>;
  let clientId: number;
  /**
   * A month well in the past (it has ended), and the one after it. Not a November: its first day may be
   * 25 h long, which would move the hand-worked billing periods below.
   */
  const back = addMonths(monthIn(ZONE), -5);
  const month = back.endsWith('-11') ? addMonths(back, -1) : back;
  const nextMonth = addMonths(month, 1);
  const window = monthWindow(month, ZONE);
  const cases: CaseDetails[] = [];

  const call = (method: string, path: string, as: DemoUsername = 'billing1', body?: unknown) =>
    callApi(server, method, path, { token: tokens[as], body });
  const get = async <T>(path: string, as: DemoUsername = 'billing1') => {
    const reply = await call('GET', path, as);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return reply.body.data as T;
  };
  const { intake, patch, assign, details } = caseCalls(call);
  /** Gives the technologist exactly these cases (an assignment names them all). */
  async function assignOnly(username: string, caseIds: number[]) {
    const reply = await assign(username, caseIds, 'admin');
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  }
  /** A new continuous case of the client, recording since `recordingStart`. */
  const continuousCase = async (recordingStart: string) =>
    caseOf(await patch(await intake(clientId, { monitoringLevel: 'continuous' }), { recordingStart }));
  /** An instant `hours` after the month's first local midnight. */
  const at = (hours: number) => new Date(window.start + hours * HOUR).toISOString();

  async function log(caseId: number, body: Record<string, unknown>, as: DemoUsername = 'tech1') {
    const reply = await call('POST', API_PATHS.caseRecords(caseId, 'time-logs'), as, body);
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    return reply.body.data as TimeLog;
  }
  /** Stops a running log at its latest end, as its first revision. */
  async function stopLog(caseId: number, running: TimeLog, as: DemoUsername = 'tech1') {
    const stopped = await call('POST', API_PATHS.caseRecordRevisions(caseId, 'time-logs', running._id), as, {
      baseRevision: 1,
      end: running.latestEnd,
    });
    expect(stopped.status, JSON.stringify(stopped.body)).toBe(201);
  }

  /**
   * The figures of the three studies below, worked out by hand (times are hours after the month's first
   * local midnight; a union counts an overlap once; a log counts only within the month):
   * - the 30 h study, 16–46: billable 15.5–23 (hookup, monitoring and newhire's overlapping 19.5–23) = 450 min
   *   and 40–46.1 = 366 min, 816 in all; its monitoring adds the non-billable review 30–31: 876; tech1's own
   *   logs 15.5–20, 30–31, 40–46.1 make 270 + 60 + 366 = 696, newhire's 19.5–23 makes 210.
   * - the 5 h study on day 10, 08:00–13:00: one log 08:00–12:00 = 240 min, plus the billing note's 30.
   * - the study across the month's end: its log 23:00–01:00 counts 60 min in the month and 60 + 5 h = 360 in
   *   the next.
   * The month: 816 + 240 + 60 = 1116 logged, 1146 with the note = 19.10 h; at 125.50 an hour,
   * 1146 × 12550 / 60 = 239705 cents exactly: 2397.05. Monitoring 876 + 240 + 60 = 1176; tech1 696 + 240 + 60
   * = 996.
   */
  const BILLABLE = [816, 240, 60];
  const MONITORING = [876, 240, 60];
  const TOTAL = 1146;
  const AMOUNT = '2397.05';
  /** A billing period of local days (the client bills from midnight) as the API writes it. */
  const period = (from: number, to: number, minutes: number, unit: string | null, code: string | null) => ({
    start: at(from),
    end: at(to),
    minutes,
    unit,
    code,
    note: null,
  });
  /**
   * Their CPT codes for the month, by hand: the 30 h study's first day (16:00–24:00, 480 min) takes the
   * study's one 2–12 h unit and its second (00:00–22:00, 1320 min) a 12–26 h unit, with video and continuous
   * monitoring; its hookup log bills set-up and takedown. The 5 h study is one 2–12 h unit without video,
   * intermittent. The study across the month's end bills its last day (19:00–24:00, 300 min) as a 2–12 h unit
   * with video, unmonitored; its next period starts in the next month and is billed there.
   */
  const cptOf = (monthHours: number) => [
    {
      codes: [
        { code: '95700', description: 'EEG set-up and takedown by a technologist', units: 1 },
        { code: '95713', description: 'EEG with video, 2–12 h, continuous monitoring', units: 1 },
        { code: '95716', description: 'EEG with video, 12–26 h, continuous monitoring (each)', units: 1 },
      ],
      periods: [period(0, 24, 480, '2-12h', '95713'), period(24, 48, 1320, '12-26h', '95716')],
      recordingMinutes: 30 * 60,
      flag: null,
    },
    {
      codes: [{ code: '95706', description: 'EEG without video, 2–12 h, intermittent monitoring', units: 1 }],
      periods: [period(24 * 9, 24 * 10, 300, '2-12h', '95706')],
      recordingMinutes: 5 * 60,
      flag: null,
    },
    {
      codes: [{ code: '95711', description: 'EEG with video, 2–12 h, unmonitored', units: 1 }],
      periods: [period(monthHours - 24, monthHours, 300, '2-12h', '95711')],
      recordingMinutes: 12 * 60,
      flag: null,
    },
  ];

  beforeAll(async () => {
    server = await startTestServer(kind);
    tokens = await demoTokens();
    const client = await call('POST', API_PATHS.clients, 'admin', {
      name: 'Lakeside Medical Center',
      code: `LMC${kind === 'pglite' ? 'L' : 'P'}`,
      timeZone: ZONE,
    });
    clientId = (client.body.data as { id: number }).id;

    // Three studies of the month: a 30 h one starting 16:00 with video, a 4 h one without, and one that
    // runs across the month's end. Logs overlap between technologists and leave gaps.
    const studies = [
      { video: true, level: 'continuous', start: 16, hours: 30 },
      { video: false, level: 'intermittent', start: 24 * 9 + 8, hours: 5 },
      { video: true, level: 'unmonitored', start: (window.end - window.start) / HOUR - 5, hours: 12 },
    ] as const;
    for (const study of studies) {
      const created = await intake(clientId, { hasVideo: study.video, monitoringLevel: study.level });
      const patched = await patch(created, {
        recordingStart: at(study.start),
        recordingEnd: at(study.start + study.hours),
      });
      expect(patched.status, JSON.stringify(patched.body)).toBe(200);
      cases.push(patched.body.data as CaseDetails);
    }
    const [long, short, across] = cases as [CaseDetails, CaseDetails, CaseDetails];
    await assignOnly('tech1', [long.id, short.id, across.id]);
    await assignOnly('newhire', [long.id]);
    await log(long.id, { start: at(15.5), end: at(16.25), activity: 'hookup' });
    await log(long.id, { start: at(16.25), end: at(20), activity: 'monitoring' });
    // An admin logs another technologist's overlapping half hour: counted once.
    await log(long.id, { technologist: 'newhire', start: at(19.5), end: at(23) }, 'admin');
    await log(long.id, { start: at(30), end: at(31), activity: 'review', billable: false });
    await log(long.id, { start: at(40), end: at(46) });
    await log(long.id, { start: at(46), end: at(46.1), activity: 'takedown' });
    await log(short.id, { start: at(24 * 9 + 8), end: at(24 * 9 + 12), activity: 'monitoring' });
    // 23:00 on the month's last day to 01:00 local the next: an hour in each month.
    const end = (window.end - window.start) / HOUR;
    await log(across.id, { start: at(end - 1), end: at(end + 1) });
    await log(across.id, { start: at(end + 2), end: at(end + 7) });
    const note = await call('POST', API_PATHS.caseRecords(short.id, 'billing-notes'), 'billing1', {
      text: 'Client asked to add the set-up time',
      adjustMinutes: 30,
      month,
    });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
  });
  afterAll(async () => {
    await server?.close();
  });

  const rate = (cycle: string, body: unknown, as: DemoUsername = 'billing1') =>
    call('POST', API_PATHS.cycleRate(clientId, cycle), as, body);
  const status = (cycle: string, body: unknown, as: DemoUsername = 'billing1') =>
    call('POST', API_PATHS.cycleStatus(clientId, cycle), as, body);

  it('answers billable hours and the statement as worked out by hand from the logs, to the cent', async () => {
    const hours = await get<BillableHours>(`${API_PATHS.billableHours(clientId)}?month=${month}`);
    expect(hours.periodStart).toBe(new Date(window.start).toISOString());
    expect(hours.periodEnd).toBe(new Date(window.end).toISOString());
    expect(hours.cases.map((line) => [line.caseNumber, line.minutes, line.adjustMinutes, line.cpt])).toEqual(
      cases.map((found, index) => [
        found.caseNumber,
        BILLABLE[index],
        index === 1 ? 30 : 0,
        cptOf((window.end - window.start) / HOUR)[index],
      ]),
    );

    const set = await rate(month, { rate: '125.50' });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data).toMatchObject({
      month,
      rate: '125.50',
      minutes: TOTAL,
      amount: AMOUNT,
      version: 1,
    });

    const statement = await get<Statement>(API_PATHS.billingCycle(clientId, month));
    expect(statement.frozen).toBe(false);
    expect(statement.lines).toEqual(hours.cases);
    expect(statement.totals).toMatchObject({
      minutes: TOTAL - 30,
      adjustMinutes: 30,
      totalMinutes: TOTAL,
      totalHours: '19.10',
      amount: AMOUNT,
    });
    expect(statement.client).toMatchObject({ id: clientId, timeZone: ZONE });

    const cycles = await get<BillingCycle[]>(API_PATHS.billingCycles(clientId));
    expect(cycles[0]?.month).toBe(monthIn(ZONE));
    expect(cycles.at(-1)?.month).toBe(month);
    expect(cycles.find((cycle) => cycle.month === month)).toMatchObject({ hours: '19.10', amount: AMOUNT });
    expect(cycles.find((cycle) => cycle.month === nextMonth)).toMatchObject({
      minutes: 360,
      rate: null,
      amount: null,
      version: 0,
      status: 'open',
    });
  });

  it('reports per month, per client and per technologist with the same figures', async () => {
    const range = `from=${addMonths(month, -1)}&to=${nextMonth}`;
    const report = await get<ClientHoursReport>(`${API_PATHS.clientHoursReport(clientId)}?${range}`);
    expect(report.months.map((figures) => figures.month)).toEqual([addMonths(month, -1), month, nextMonth]);
    expect(report.months[1]).toMatchObject({ minutes: TOTAL, rate: '125.50', cases: 3, amount: AMOUNT });
    expect(report.months[2]).toMatchObject({ minutes: 6 * 60, amount: null });
    expect(report.totals).toMatchObject({ minutes: TOTAL + 360, unratedMonths: 1 });
    // Trailing slashes as the spec writes them are accepted.
    const slashed = await get<ClientHoursReport>(`${API_PATHS.clientHoursReport(clientId)}/?${range}`);
    expect(slashed.totals).toEqual(report.totals);

    const summary = await get<HoursSummary>(`${API_PATHS.hoursSummary}?${range}`);
    const mine = summary.clients.find((client) => client.clientId === clientId);
    expect(mine?.months).toEqual(report.months);
    expect(summary.monthTotals[1]).toMatchObject({ month, minutes: TOTAL, amount: AMOUNT });

    const monitoring = await get<MonitoringHours>(
      `${API_PATHS.monitoringHours}?${range}&clientId=${clientId}`,
    );
    const technologists = (name: string) =>
      monitoring.byTechnologist.find((row) => row.technologist === name && row.month === month)?.minutes;
    expect(technologists('tech1')).toBe(996);
    expect(technologists('newhire')).toBe(210);
    expect(
      monitoring.byCase.filter((row) => row.month === month).map((row) => [row.caseNumber, row.minutes]),
    ).toEqual(cases.map((found, index) => [found.caseNumber, MONITORING[index]]));
    expect(monitoring.byClient).toContainEqual(
      expect.objectContaining({
        clientId,
        month,
        minutes: 1176,
      }),
    );
  });

  it('refuses bad months, ranges and rates with a 400 naming the field', async () => {
    for (const bad of ['-5', '125.505', 'lots', '100000', '1e3', '', ' 12,50']) {
      const reply = await rate(nextMonth, { rate: bad });
      expect(reply.status, `${bad}: ${JSON.stringify(reply.body)}`).toBe(400);
      expect(fieldNames(reply)).toEqual(['rate']);
    }
    expect(fieldNames(await rate(nextMonth, { rate: 125.5 }))).toEqual(['rate']);
    expect(fieldNames(await rate(nextMonth, {}))).toEqual(['rate']);
    for (const cycle of ['2026-13', '26-01', 'october']) {
      const reply = await call('GET', API_PATHS.billingCycle(clientId, cycle));
      expect(reply.status).toBe(400);
      expect(fieldNames(reply)).toEqual(['cycleId']);
    }
    const bad = await call('GET', `${API_PATHS.billableHours(clientId)}?month=2026-1`);
    expect(fieldNames(bad)).toEqual(['month']);
    const backwards = await call('GET', `${API_PATHS.hoursSummary}?from=2026-05&to=2026-01`);
    expect(backwards.status).toBe(400);
    expect(fieldNames(backwards)).toEqual(['to']);
    const tooLong = await call('GET', `${API_PATHS.hoursSummary}?from=2010-01&to=2026-01`);
    expect(fieldNames(tooLong)).toEqual(['to']);
    expect(fieldNames(await call('GET', `${API_PATHS.monitoringHours}?to=2026-01`))).toEqual(['from']);
    expect((await call('GET', `${API_PATHS.billableHours(999999)}?month=${month}`)).status).toBe(404);
  });

  it('closes a cycle: the lines freeze, a later time-log revision shows in changedSinceClose, the rate is locked', async () => {
    const before = await get<Statement>(API_PATHS.billingCycle(clientId, month));
    const thisMonth = monthIn(ZONE);
    expect((await rate(thisMonth, { rate: '99.00' })).status).toBe(200);
    const early = await status(thisMonth, { status: 'closed', version: 1 });
    expect(early.status).toBe(409);
    expect(early.body.error).toMatch(/has not ended yet/);
    const unrated = await status(nextMonth, { status: 'closed', version: 1 });
    expect(unrated.status).toBe(409);
    expect(unrated.body.error).toMatch(/Set a rate before closing/);
    expect((await status(month, { status: 'closed', version: 99 })).status).toBe(409);

    const closed = await status(month, { status: 'closed', version: before.cycle.version });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.data).toMatchObject({
      status: 'closed',
      closedBy: 'billing1',
      amount: before.totals.amount,
    });
    const locked = await rate(month, { rate: '150.00' });
    expect(locked.status).toBe(409);
    expect(locked.body.error).toMatch(/closed/);

    // tech1 stretches a log of the closed month by an hour.
    const { timeLogs } = await get<TimeLogList>(
      API_PATHS.caseRecords(cases[1]?.id as number, 'time-logs'),
      'tech1',
    );
    const [shortLog] = timeLogs;
    const revised = await call(
      'POST',
      API_PATHS.caseRecordRevisions(cases[1]?.id as number, 'time-logs', shortLog?._id as number),
      'tech1',
      { end: at(24 * 9 + 13), baseRevision: shortLog?.revision },
    );
    expect(revised.status, JSON.stringify(revised.body)).toBe(201);

    const after = await get<Statement>(API_PATHS.billingCycle(clientId, month));
    expect(after.frozen).toBe(true);
    expect(after.lines).toEqual(before.lines);
    expect(after.totals).toEqual(before.totals);
    expect(after.changedSinceClose).toEqual([
      {
        caseId: cases[1]?.id,
        caseNumber: cases[1]?.caseNumber,
        frozenMinutes: 240,
        currentMinutes: 300,
        frozenAdjustMinutes: 30,
        currentAdjustMinutes: 30,
        revisions: [
          expect.objectContaining({ kind: 'time-logs', itemId: shortLog?._id, revision: 2, author: 'tech1' }),
        ],
      },
    ]);
    const cycles = await get<BillingCycle[]>(API_PATHS.billingCycles(clientId));
    expect(cycles.find((cycle) => cycle.month === month)?.amount).toBe(before.totals.amount);
    // The reports show the closed month as it was frozen, not the stretched log.
    const frozenMonth = {
      month,
      status: 'closed',
      minutes: before.totals.totalMinutes,
      amount: before.totals.amount,
      rate: before.cycle.rate,
    };
    const report = await get<ClientHoursReport>(
      `${API_PATHS.clientHoursReport(clientId)}?from=${month}&to=${month}`,
    );
    expect(report.months).toEqual([expect.objectContaining(frozenMonth)]);
    const summary = await get<HoursSummary>(`${API_PATHS.hoursSummary}?from=${month}&to=${month}`);
    expect(summary.clients.find((client) => client.clientId === clientId)?.months).toEqual(report.months);

    // Invoiced is final but for an admin's reopen.
    const invoiced = await status(month, { status: 'invoiced', version: before.cycle.version + 1 });
    expect(invoiced.status).toBe(200);
    const refused = await status(month, { status: 'open', version: before.cycle.version + 2 });
    expect(refused.status).toBe(403);
    const reopened = await status(month, { status: 'open', version: before.cycle.version + 2 }, 'admin');
    expect(reopened.status).toBe(200);
    const live = await get<Statement>(API_PATHS.billingCycle(clientId, month));
    expect(live.frozen).toBe(false);
    expect(live.totals.totalMinutes).toBe(before.totals.totalMinutes + 60);
  });

  it('offers each caller the moves of an open, closed and invoiced month, with the refusals it would answer', async () => {
    const other = await call('POST', API_PATHS.clients, 'admin', {
      name: 'Moves Test Hospital',
      code: `MTH${kind === 'pglite' ? 'L' : 'P'}`,
      timeZone: ZONE,
    });
    const otherId = (other.body.data as { id: number }).id;
    const thisMonth = monthIn(ZONE);
    const [rated, unrated] = [addMonths(thisMonth, -2), addMonths(thisMonth, -1)];
    // Worked out apart from the server: "March 2026" for 2026-03.
    const nameOf = (of: string) =>
      new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
        new Date(`${of}-15T00:00:00Z`),
      );
    const movesOf = async (as: DemoUsername) =>
      Object.fromEntries(
        (await get<BillingCycle[]>(API_PATHS.billingCycles(otherId), as)).map((cycle) => [
          cycle.month,
          cycle.allowedMoves,
        ]),
      );
    const post = (path: string, body: unknown, as: DemoUsername = 'billing1') =>
      call('POST', path, as, body).then((reply) => {
        expect(reply.status, JSON.stringify(reply.body)).toBe(200);
        return reply.body.data as BillingCycle;
      });

    const priced = await post(API_PATHS.cycleRate(otherId, rated), { rate: '100.00' });
    expect(priced.allowedMoves).toEqual([{ to: 'closed', refusal: null }]);
    const open = {
      [rated]: [{ to: 'closed', refusal: null }],
      [unrated]: [{ to: 'closed', refusal: `Set a rate before closing ${nameOf(unrated)}` }],
      [thisMonth]: [
        { to: 'closed', refusal: `${nameOf(thisMonth)} has not ended yet in the client's time zone` },
      ],
    };
    expect(await movesOf('billing1')).toEqual(open);
    expect(await movesOf('admin')).toEqual(open);

    const closed = await post(API_PATHS.cycleStatus(otherId, rated), { status: 'closed', version: 1 });
    const closedMoves = [
      { to: 'invoiced', refusal: null },
      { to: 'open', refusal: null },
    ];
    expect(closed.allowedMoves).toEqual(closedMoves);
    for (const as of ['billing1', 'admin'] as const) {
      expect((await movesOf(as))[rated]).toEqual(closedMoves);
      const statement = await get<Statement>(API_PATHS.billingCycle(otherId, rated), as);
      expect(statement.cycle.allowedMoves).toEqual(closedMoves);
    }

    const invoiced = await post(API_PATHS.cycleStatus(otherId, rated), { status: 'invoiced', version: 2 });
    const onlyAdmin = `Only an admin may reopen ${nameOf(rated)}: it is invoiced`;
    const invoicedMoves = [
      { to: 'closed', refusal: onlyAdmin },
      { to: 'open', refusal: onlyAdmin },
    ];
    expect(invoiced.allowedMoves).toEqual(invoicedMoves);
    expect((await movesOf('billing1'))[rated]).toEqual(invoicedMoves);
    expect((await movesOf('admin'))[rated]).toEqual([
      { to: 'closed', refusal: null },
      { to: 'open', refusal: null },
    ]);
    // The refusal offered is the one the server answers.
    const refused = await call('POST', API_PATHS.cycleStatus(otherId, rated), 'billing1', {
      status: 'closed',
      version: 3,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(onlyAdmin);
    const back = await post(API_PATHS.cycleStatus(otherId, rated), { status: 'closed', version: 3 }, 'admin');
    expect(back.allowedMoves).toEqual(closedMoves);
  });

  describe('who may see money', () => {
    it('refuses billing and reports to technologists and readers (403), answers billing staff and admins', async () => {
      const paths = [
        API_PATHS.billingCycles(clientId),
        API_PATHS.billingCycle(clientId, month),
        `${API_PATHS.billableHours(clientId)}?month=${month}`,
        `${API_PATHS.hoursSummary}?from=${month}&to=${month}`,
        `${API_PATHS.clientHoursReport(clientId)}?from=${month}&to=${month}`,
        `${API_PATHS.monitoringHours}?from=${month}&to=${month}`,
      ];
      for (const path of paths) {
        expect((await call('GET', path, 'tech1')).status, path).toBe(403);
        expect((await call('GET', path, 'reader1')).status, path).toBe(403);
        expect((await call('GET', path, 'admin')).status, path).toBe(200);
        expect((await call('GET', path, 'billing1')).status, path).toBe(200);
      }
      expect((await rate(nextMonth, { rate: '1.00' }, 'tech1')).status).toBe(403);
      expect((await call('GET', API_PATHS.home2, 'reader1')).status).toBe(403);
      expect((await call('GET', API_PATHS.home2, 'billing1')).status).toBe(403);
    });
  });

  it('counts a running log live, on the home pages too, and lists the caller’s own work', async () => {
    const thisMonth = monthIn(ZONE);
    const started = Date.now() - 2 * HOUR;
    const taken = await intake(clientId, { monitoringLevel: 'continuous' });
    const current = caseOf(await patch(taken, { recordingStart: new Date(started - HOUR).toISOString() }));
    await assignOnly('tech1', [current.id]);
    const running = await log(current.id, { start: new Date(started).toISOString() });
    const hours = await get<BillableHours>(`${API_PATHS.billableHours(clientId)}?month=${thisMonth}`);
    const line = hours.cases.find((entry) => entry.caseId === current.id);
    const elapsed = (Date.now() - started) / 60_000;
    expect(line?.minutes).toBeGreaterThanOrEqual(Math.floor(elapsed) - 1);
    expect(line?.minutes).toBeLessThanOrEqual(Math.ceil(elapsed) + 1);

    const board = await get<{ billableHours: { thisMonth: { minutes: number } } }>(API_PATHS.home2, 'tech1');
    expect(board.billableHours.thisMonth.minutes).toBeGreaterThanOrEqual(line?.minutes ?? Number.NaN);
    const home = await get<Home>(API_PATHS.home, 'tech1');
    expect(home.openTimeLogs).toEqual([
      expect.objectContaining({ itemId: running._id, caseId: current.id, stale: false }),
    ]);
    const readerHome = await get<Home>(API_PATHS.home, 'reader1');
    expect(readerHome.openTimeLogs).toEqual([]);
    // The counts a trigger keeps are the lists' own totals, after intakes and a move.
    await call('POST', API_PATHS.caseTransitions(current.id), 'admin', {
      to: 'closed',
      reason: 'Ordered twice',
      version: (await details(current.id)).version,
    });
    const counts = (await get<{ stageCounts: Record<string, number> }>(API_PATHS.home, 'reader1'))
      .stageCounts;
    for (const stage of CASE_STAGES) {
      const list = await call('GET', `${API_PATHS.caseStage(stage)}?perPage=1`, 'reader1');
      expect(counts[stage], stage).toBe(list.body.total);
    }
    expect(counts.closed).toBeGreaterThanOrEqual(1);
  });

  it('bills one technologist monitoring 4 continuous patients at once: each case bills the same two hours', async () => {
    const earlier = addMonths(month, -1);
    const from = monthWindow(earlier, ZONE).start + 24 * 12 * HOUR;
    const moment = (hours: number) => new Date(from + hours * HOUR).toISOString();
    const watched: CaseDetails[] = [];
    for (let index = 0; index < 4; index += 1) {
      const taken = await intake(clientId, { monitoringLevel: 'continuous' });
      watched.push(caseOf(await patch(taken, { recordingStart: moment(0), recordingEnd: moment(6) })));
    }
    await assignOnly(
      'tech1',
      watched.map((found) => found.id),
    );
    for (const found of watched)
      await log(found.id, { start: moment(1), end: moment(3), activity: 'monitoring' });
    const hours = await get<BillableHours>(`${API_PATHS.billableHours(clientId)}?month=${earlier}`);
    expect(watched.map((found) => hours.cases.find((line) => line.caseId === found.id))).toEqual(
      watched.map(() =>
        expect.objectContaining({ minutes: 120, hours: '2.00', openLog: false, staleLog: false }),
      ),
    );

    // The technologist worked two hours, not eight; each case was watched two hours.
    const range = `from=${earlier}&to=${earlier}`;
    for (const filter of [`&clientId=${clientId}`, '']) {
      const report = await get<MonitoringHours>(`${API_PATHS.monitoringHours}?${range}${filter}`);
      expect(
        report.byTechnologist.filter((row) => row.technologist === 'tech1'),
        filter,
      ).toEqual([expect.objectContaining({ month: earlier, minutes: 120, hours: '2.00' })]);
    }
    const byCase = await get<MonitoringHours>(`${API_PATHS.monitoringHours}?${range}&clientId=${clientId}`);
    expect(watched.map((found) => byCase.byCase.find((row) => row.caseId === found.id))).toEqual(
      watched.map(() => expect.objectContaining({ month: earlier, minutes: 120, hours: '2.00' })),
    );
    expect(byCase.byClient).toEqual([expect.objectContaining({ month: earlier, minutes: 4 * 120 })]);
  });

  it('sums a running case in the summary once: its stored closed log and its running one, counted live', async () => {
    const quiet = addMonths(month, -3);
    const from = monthWindow(quiet, ZONE).start + 24 * 5 * HOUR;
    const moment = (hours: number) => new Date(from + hours * HOUR).toISOString();
    const [found, other] = [await continuousCase(moment(0)), await continuousCase(moment(0))];
    await assignOnly('newhire', [found.id, other.id]);
    await log(other.id, { technologist: 'newhire', start: moment(0), end: moment(1) }, 'admin');
    await log(found.id, { technologist: 'newhire', start: moment(1), end: moment(3) }, 'admin');
    // Forgotten since hour 4: it counts until the cap of 16 h; the closed log's 2 h are stored apart, in the
    // same client and month as the other case's 1 h.
    const running = await log(found.id, { technologist: 'newhire', start: moment(4) }, 'admin');

    const range = `from=${addMonths(quiet, -1)}&to=${quiet}`;
    const report = await get<ClientHoursReport>(`${API_PATHS.clientHoursReport(clientId)}?${range}`);
    expect(report.months[1]).toMatchObject({ month: quiet, minutes: 19 * 60, cases: 2 });
    const summary = await get<HoursSummary>(`${API_PATHS.hoursSummary}?${range}`);
    expect(summary.clients.find((client) => client.clientId === clientId)?.months).toEqual(report.months);

    await stopLog(found.id, running, 'admin');
  });

  it('counts a technologist’s running log live, capped, joined with their closed logs on other cases', async () => {
    const older = addMonths(month, -2);
    const from = monthWindow(older, ZONE).start + 24 * 12 * HOUR;
    const moment = (hours: number) => new Date(from + hours * HOUR).toISOString();
    const [closed, running] = [await continuousCase(moment(0)), await continuousCase(moment(0))];
    await assignOnly('newhire', [cases[0]?.id as number, closed.id, running.id]);
    await log(closed.id, { technologist: 'newhire', start: moment(1), end: moment(5) }, 'admin');
    // Forgotten since hour 3: it counts until the cap of 16 h, so the union runs from hour 1 to hour 19.
    await log(running.id, { technologist: 'newhire', start: moment(3) }, 'admin');

    const report = await get<MonitoringHours>(
      `${API_PATHS.monitoringHours}?from=${older}&to=${older}&clientId=${clientId}`,
    );
    expect(report.byTechnologist).toEqual([
      expect.objectContaining({ technologist: 'newhire', month: older, minutes: 18 * 60, hours: '18.00' }),
    ]);
    expect(report.byCase.map((row) => [row.caseId, row.minutes])).toEqual([
      [closed.id, 4 * 60],
      [running.id, 16 * 60],
    ]);
  });

  it('counts a running log live only until its recording ended, a takedown until 4 h after', async () => {
    const lastMonth = addMonths(monthIn(ZONE), -1);
    const from = monthWindow(lastMonth, ZONE).start + 10 * HOUR;
    const found = caseOf(
      await patch(await intake(clientId, { monitoringLevel: 'continuous' }), {
        recordingStart: new Date(from - HOUR).toISOString(),
        recordingEnd: new Date(from + 2 * HOUR).toISOString(),
      }),
    );
    await assignOnly('tech1', [found.id]);
    const lineMinutes = async () =>
      (await get<Statement>(API_PATHS.billingCycle(clientId, lastMonth))).lines.find(
        (entry) => entry.caseId === found.id,
      );
    const stop = (running: TimeLog) => stopLog(found.id, running);
    // A monitoring log until the recording end (2 h), well before the 16 h cap.
    const watching = await log(found.id, { start: new Date(from).toISOString(), activity: 'monitoring' });
    expect(await lineMinutes()).toMatchObject({ minutes: 2 * 60, openLog: true });
    await stop(watching);
    // A takedown from the recording end runs on 4 h more: 6 h in all.
    const takedown = await log(found.id, {
      start: new Date(from + 2 * HOUR).toISOString(),
      activity: 'takedown',
    });
    expect(await lineMinutes()).toMatchObject({ minutes: 6 * 60, openLog: true });
    // Stopped, so the month's cycle can close in the tests after this one.
    await stop(takedown);
  });

  it('bills a forgotten running log one shift at most, marks its line open and stale, and keeps its cycle open until it stops', async () => {
    const lastMonth = addMonths(monthIn(ZONE), -1);
    const from = monthWindow(lastMonth, ZONE).start + 10 * HOUR;
    const taken = await intake(clientId, { monitoringLevel: 'continuous' });
    const found = caseOf(await patch(taken, { recordingStart: new Date(from - HOUR).toISOString() }));
    await assignOnly('tech1', [found.id]);
    const forgotten = await log(found.id, { start: new Date(from).toISOString(), activity: 'monitoring' });
    expect(forgotten.stale).toBe(true);

    const statement = await get<Statement>(API_PATHS.billingCycle(clientId, lastMonth));
    const line = statement.lines.find((entry) => entry.caseId === found.id);
    expect(line).toMatchObject({ minutes: 16 * 60, hours: '16.00', openLog: true, staleLog: true });
    const cycles = await get<BillingCycle[]>(API_PATHS.billingCycles(clientId));
    expect(cycles.find((cycle) => cycle.month === lastMonth)?.minutes).toBe(statement.totals.totalMinutes);

    const set = await rate(lastMonth, { rate: '100.00' });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const refused = await status(lastMonth, { status: 'closed', version: 1 });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toContain(`stop the running logs of case ${found.caseNumber} first`);

    const stopped = await call(
      'POST',
      API_PATHS.caseRecordRevisions(found.id, 'time-logs', forgotten._id),
      'tech1',
      { baseRevision: 1, end: forgotten.latestEnd },
    );
    expect(stopped.status, JSON.stringify(stopped.body)).toBe(201);
    const closed = await status(lastMonth, { status: 'closed', version: 1 });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    const frozen = await get<Statement>(API_PATHS.billingCycle(clientId, lastMonth));
    expect(frozen.lines.find((entry) => entry.caseId === found.id)).toMatchObject({
      minutes: 16 * 60,
      openLog: false,
      staleLog: false,
    });
  });
});
