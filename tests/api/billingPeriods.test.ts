import { TZDate } from '@date-fns/tz';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Statement } from '../../contract/billing';
import { addMonths } from '../../contract/billingMonths';
import { monthIn } from '../../contract/calendar';
import type { CaseDetails } from '../../contract/cases';
import type { Client } from '../../contract/clients';
import { API_PATHS } from '../../contract/paths';
import { callApi, type DemoUsername, demoTokens, fieldNames } from './support/apiClient';
import { caseCalls } from './support/caseCalls';
import { describeEachDatabase, startTestServer, type TestServer } from './support/testServer';

/**
 * Per-client billing periods and currency, per-case channel count, and statements that reconcile
 * (DESIGN §4 "Reading, reporting and billing"): through HTTP against both databases.
 */

const ZONE = 'America/New_York';
const HOUR = 3_600_000;

describeEachDatabase('Billing periods, channels and statements that reconcile', (kind) => {
  let server: TestServer;
  let tokens: Record<DemoUsername, string>;
  const month = addMonths(monthIn(ZONE), -3);
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  /** Local wall-clock time on a day of the test's month. */
  const local = (day: number, hour: number, minute = 0) =>
    new Date(new TZDate(year, monthNumber - 1, day, hour, minute, ZONE).getTime()).toISOString();
  const suffix = kind === 'pglite' ? 'L' : 'P';

  const call = (method: string, path: string, as: DemoUsername = 'admin', body?: unknown) =>
    callApi(server, method, path, { token: tokens[as], body });
  const { intake, patch, assign } = caseCalls(call);

  async function newClient(code: string, settings: Record<string, unknown>) {
    const reply = await call('POST', API_PATHS.clients, 'admin', {
      name: `Periods ${code}`,
      code: `${code}${suffix}`,
      timeZone: ZONE,
      ...settings,
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    return reply.body.data as Client;
  }

  /** A study of `hours` from `start`, with a hookup log and one billable log of `minutes`. */
  async function study(
    client: Client,
    start: string,
    hours: number,
    minutes: number,
    channelCount?: number,
    reader?: string,
  ) {
    const created = await intake(client.id, { hasVideo: true, monitoringLevel: 'continuous' });
    const end = new Date(Date.parse(start) + hours * HOUR).toISOString();
    const patched = await patch(
      created,
      { recordingStart: start, recordingEnd: end, channelCount, reader },
      'admin',
    );
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(await assign('tech1', [created.id], 'admin')).toMatchObject({ status: 200 });
    const logged = await call('POST', API_PATHS.caseRecords(created.id, 'time-logs'), 'tech1', {
      start,
      end: new Date(Date.parse(start) + minutes * 60_000).toISOString(),
      activity: 'hookup',
    });
    expect(logged.status, JSON.stringify(logged.body)).toBe(201);
    return patched.body.data as CaseDetails;
  }

  const statementOf = async (client: Client) => {
    const reply = await call('GET', API_PATHS.billingCycle(client.id, month), 'billing1');
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return reply.body.data as Statement;
  };

  beforeAll(async () => {
    server = await startTestServer(kind);
    tokens = await demoTokens();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('keeps a client’s billing period start and currency, refusing bad ones field by field', async () => {
    const refused = await call('POST', API_PATHS.clients, 'admin', {
      name: 'Bad settings',
      code: `BAD${suffix}`,
      timeZone: ZONE,
      billingPeriodStart: '7:00',
      currency: 'XYZ',
    });
    expect(refused.status).toBe(400);
    expect(fieldNames(refused)).toEqual(['billingPeriodStart', 'currency']);
    const client = await newClient('KEEP', { billingPeriodStart: '07:00', currency: 'cad' });
    expect(client).toMatchObject({ billingPeriodStart: '07:00', currency: 'CAD' });
    // An update that leaves them out keeps them.
    const updated = await call('PUT', API_PATHS.client(client.id), 'admin', {
      name: client.name,
      code: client.code,
      timeZone: ZONE,
      version: client.version,
    });
    expect(updated.body.data).toMatchObject({ billingPeriodStart: '07:00', currency: 'CAD' });
    const defaults = await newClient('DEF', {});
    expect(defaults).toMatchObject({ billingPeriodStart: '00:00', currency: 'USD' });
  });

  it('codes a statement over the client’s own billing periods: 00:00, 07:00 and from the recording start', async () => {
    // Worked out by hand for the 28 h study below, 05:00 on the 10th to 09:00 on the 11th, with video,
    // continuous monitoring and a hookup log: every setting bills one 12–26 h unit, the study's one 2–12 h
    // unit and set-up; the periods differ.
    const codes = [
      { code: '95700', description: 'EEG set-up and takedown by a technologist', units: 1 },
      { code: '95713', description: 'EEG with video, 2–12 h, continuous monitoring', units: 1 },
      { code: '95716', description: 'EEG with video, 12–26 h, continuous monitoring (each)', units: 1 },
    ];
    const long = { unit: '12-26h', code: '95716', note: null };
    const short = { unit: '2-12h', code: '95713', note: null };
    const periods = {
      // Local days: 05:00–24:00 on the 10th (19 h), then 00:00–09:00 on the 11th (9 h).
      '00:00': [
        { start: local(10, 0), end: local(11, 0), minutes: 1140, ...long },
        { start: local(11, 0), end: local(12, 0), minutes: 540, ...short },
      ],
      // Billing days from 07:00: 05:00–07:00 on the 10th (2 h, the short unit), a whole day, then 07:00–09:00
      // on the 11th: 2 h again, but the study's one short unit is taken.
      '07:00': [
        { start: local(9, 7), end: local(10, 7), minutes: 120, ...short },
        { start: local(10, 7), end: local(11, 7), minutes: 1440, ...long },
        {
          start: local(11, 7),
          end: local(12, 7),
          minutes: 120,
          unit: null,
          code: null,
          note: 'one 2–12 h unit per study',
        },
      ],
      // 24 h from the recording start: a whole day, then 05:00–09:00 on the 11th (4 h).
      'recording-start': [
        { start: local(10, 5), end: local(11, 5), minutes: 1440, ...long },
        { start: local(11, 5), end: local(12, 5), minutes: 240, ...short },
      ],
    };
    for (const [code, billingPeriodStart] of [
      ['MID', '00:00'],
      ['SEV', '07:00'],
      ['REC', 'recording-start'],
    ] as const) {
      const client = await newClient(code, { billingPeriodStart });
      const found = await study(client, local(10, 5), 28, 60);
      const line = (await statementOf(client)).lines.find((each) => each.caseId === found.id);
      expect(line?.cpt, billingPeriodStart).toEqual({
        codes,
        periods: periods[billingPeriodStart],
        recordingMinutes: 28 * 60,
        flag: null,
      });
    }
    // The three differ as the settings say: 07:00 cuts the study at 07:00 on the 10th and 11th.
    const seven = await newClient('SEV2', { billingPeriodStart: '07:00' });
    const found = await study(seven, local(10, 5), 28, 60);
    const line = (await statementOf(seven)).lines.find((each) => each.caseId === found.id);
    expect(line?.cpt.periods.map((period) => [period.start, period.minutes])).toEqual([
      [local(9, 7), 120],
      [local(10, 7), 1440],
      [local(11, 7), 120],
    ]);
  });

  it('flags a study of fewer than 8 channels, codes none of it, and refuses a channel count out of range', async () => {
    const client = await newClient('CHN', {});
    const few = await study(client, local(12, 8), 20, 30, 4);
    expect(few.channelCount).toBe(4);
    const line = (await statementOf(client)).lines.find((each) => each.caseId === few.id);
    expect(line?.cpt).toMatchObject({ codes: [], flag: 'channels' });
    const refused = await patch(few, { channelCount: 0 }, 'admin');
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual([
      { field: 'channelCount', message: 'Channels must be a whole number from 1 to 512' },
    ]);
  });

  it('bills professional codes from signed reports: per period with a daily report, one by length for a final alone', async () => {
    const client = await newClient('PRO', { billingPeriodStart: '07:00' });
    const daily = await study(client, local(16, 7), 48, 60, undefined, 'reader1');
    const once = await study(client, local(16, 7), 48, 60, undefined, 'reader1');
    const report = await call('POST', API_PATHS.caseRecords(daily.id, 'interpretations'), 'reader1', {
      kind: 'daily',
      periodStart: local(16, 7),
      periodEnd: local(17, 7),
    });
    const signed = await call(
      'POST',
      API_PATHS.caseRecordRevisions(daily.id, 'interpretations', (report.body.data as { _id: number })._id),
      'reader1',
      { baseRevision: 1, status: 'signed', seizuresInPeriod: false },
    );
    expect(signed.status, JSON.stringify(signed.body)).toBe(201);
    const final = await call('POST', API_PATHS.caseRecords(once.id, 'interpretations'), 'reader1', {
      kind: 'final',
      status: 'signed',
      seizuresInPeriod: false,
    });
    expect(final.status, JSON.stringify(final.body)).toBe(201);
    const lines = (await statementOf(client)).lines;
    const professional = (caseId: number) => lines.find((line) => line.caseId === caseId)?.professional;
    // Two 07:00-to-07:00 days with video: the first, read by its daily report, bills 95720; the second has
    // no signed report yet.
    expect(professional(daily.id)).toEqual({
      readers: [
        {
          reader: 'reader1',
          codes: [{ code: '95720', description: expect.stringContaining('12–26 h'), units: 1 }],
        },
      ],
      unreported: [{ start: local(17, 7), end: local(18, 7), minutes: 24 * 60 }],
    });
    // The same 48 h reported once at the end: one > 36 to 60 h code.
    expect(
      professional(once.id)?.readers.flatMap((reader) =>
        reader.codes.map(({ code, units }) => [code, units]),
      ),
    ).toEqual([['95722', 1]]);
    // The billable-hours report gives each study the same codes, per reader.
    const hours = await call('GET', `${API_PATHS.billableHours(client.id)}?month=${month}`, 'billing1');
    const cases = (hours.body.data as { cases: { caseId: number; professional: unknown }[] }).cases;
    for (const { id } of [daily, once])
      expect(cases.find((line) => line.caseId === id)?.professional).toEqual(professional(id));
  });

  it('reckons the amount from minutes, once: 161 min at 125.50 is 336.76, in the client’s currency, a draft until closed', async () => {
    const client = await newClient('AMT', { currency: 'CAD' });
    await study(client, local(14, 9), 3, 161);
    const rated = await call('POST', API_PATHS.cycleRate(client.id, month), 'billing1', { rate: '125.50' });
    expect(rated.status, JSON.stringify(rated.body)).toBe(200);
    const open = await statementOf(client);
    expect(open.totals).toMatchObject({ totalMinutes: 161, totalHours: '2.68', amount: '336.76' });
    expect(open).toMatchObject({ draft: true, client: { currency: 'CAD', billingPeriodStart: '00:00' } });
    const closed = await call('POST', API_PATHS.cycleStatus(client.id, month), 'billing1', {
      status: 'closed',
      version: open.cycle.version,
    });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(await statementOf(client)).toMatchObject({ draft: false, totals: { amount: '336.76' } });
  });
});
