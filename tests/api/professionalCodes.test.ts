import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { BillableCase, BillableHours, Statement } from '../../contract/billing';
import { addMonths } from '../../contract/billingMonths';
import { monthIn } from '../../contract/calendar';
import type { CaseDetails } from '../../contract/cases';
import { API_PATHS } from '../../contract/paths';
import { billingCycleLines } from '../../server/db/schema';
import { callApi, type DemoUsername, demoTokens } from './support/apiClient';
import { caseCalls } from './support/caseCalls';
import { createTestUser, fetchIdToken } from './support/identity';
import { describeEachDatabase, startTestServer, type TestServer } from './support/testServer';

/**
 * Professional codes from signed reports only, under the reader who signed each (issue 30; DESIGN §4
 * "Reading, reporting and billing", round three): through HTTP against both databases, on the statement
 * and the billable-hours answer alike. The client is in UTC with billing days from midnight.
 */

const HOUR = 3_600_000;

describeEachDatabase('Professional codes from signed reports', (kind) => {
  let server: TestServer;
  let tokens: Record<DemoUsername | 'reader2', string>;
  let reader2: string;
  let clientId: number;
  const month = addMonths(monthIn('UTC'), -3);
  /** An instant of the test's month, UTC. */
  const at = (day: number, hour = 0) =>
    new Date(Date.parse(`${month}-${String(day).padStart(2, '0')}T00:00:00Z`) + hour * HOUR).toISOString();

  const call = (method: string, path: string, as: DemoUsername | 'reader2' = 'admin', body?: unknown) =>
    callApi(server, method, path, { token: tokens[as], body });
  const { newClient, intake, patch, assign } = caseCalls(call);

  /** A video study from `start` to `end` with a hookup log, read by `reader` (none by default). */
  async function study(start: string, end: string, reader: string | null = null) {
    const created = await intake(clientId, { hasVideo: true, monitoringLevel: 'continuous' });
    const patched = await patch(created, { recordingStart: start, recordingEnd: end, reader }, 'admin');
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(await assign('tech1', [created.id], 'admin')).toMatchObject({ status: 200 });
    const logged = await call('POST', API_PATHS.caseRecords(created.id, 'time-logs'), 'tech1', {
      start,
      end: new Date(Date.parse(start) + HOUR).toISOString(),
      activity: 'hookup',
    });
    expect(logged.status, JSON.stringify(logged.body)).toBe(201);
    return patched.body.data as CaseDetails;
  }

  /** An interpretation written by `as`, signed unless `status` says otherwise. */
  async function report(
    found: CaseDetails,
    as: 'reader1' | 'reader2',
    body: { kind: string; periodStart?: string; periodEnd?: string; amendsId?: number },
    status = 'signed',
  ) {
    const reply = await call('POST', API_PATHS.caseRecords(found.id, 'interpretations'), as, {
      impression: 'Read.',
      seizuresInPeriod: false,
      ...body,
      status,
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    return (reply.body.data as { _id: number })._id;
  }

  /** The case's professional codes on the statement; the billable-hours answer must give the same. */
  async function professionalOf(found: CaseDetails): Promise<BillableCase['professional']> {
    const statement = await call('GET', API_PATHS.billingCycle(clientId, month), 'billing1');
    expect(statement.status, JSON.stringify(statement.body)).toBe(200);
    const line = (statement.body.data as Statement).lines.find((each) => each.caseId === found.id);
    const hours = await call('GET', `${API_PATHS.billableHours(clientId)}?month=${month}`, 'billing1');
    expect(hours.status, JSON.stringify(hours.body)).toBe(200);
    const hoursLine = (hours.body.data as BillableHours).cases.find((each) => each.caseId === found.id);
    expect(hoursLine?.professional).toEqual(line?.professional);
    return line?.professional;
  }
  const codes = (professional: BillableCase['professional']) =>
    professional?.readers.flatMap(({ reader, codes: own }) =>
      own.map(({ code, units }) => [reader, code, units]),
    );

  beforeAll(async () => {
    server = await startTestServer(kind);
    const identity = inject('identity');
    const other = await createTestUser(identity, { groups: ['reader'] });
    reader2 = other.username;
    tokens = {
      ...(await demoTokens()),
      reader2: await fetchIdToken(identity, other.username, other.password),
    };
    clientId = await newClient('Professional Codes Hospital', `PCH${kind === 'pglite' ? 'L' : 'P'}`);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('bills each day of a study to the reader who signed its daily report, not to the case’s reader', async () => {
    const found = await study(at(3), at(5), 'reader1');
    await report(found, 'reader1', { kind: 'daily', periodStart: at(3), periodEnd: at(4) });
    await report(found, 'reader2', { kind: 'daily', periodStart: at(4), periodEnd: at(5) });
    const professional = await professionalOf(found);
    expect(codes(professional)).toEqual(
      [
        ['reader1', '95720', 1],
        [reader2, '95720', 1],
      ].sort(([a], [b]) => String(a).localeCompare(String(b))),
    );
    expect(professional?.unreported).toEqual([]);
  });

  it('bills nothing without a signed daily report or final, and lists each period as unreported', async () => {
    const found = await study(at(6), at(8), 'reader1');
    // A signed preliminary, its addendum and a draft final earn nothing.
    const prelim = await report(found, 'reader1', { kind: 'prelim' });
    await report(found, 'reader1', { kind: 'addendum', amendsId: prelim });
    await report(found, 'reader1', { kind: 'final' }, 'draft');
    expect(await professionalOf(found)).toEqual({
      readers: [],
      unreported: [
        { start: at(6), end: at(7), minutes: 24 * 60 },
        { start: at(7), end: at(8), minutes: 24 * 60 },
      ],
    });
  });

  it('codes 36 h reported once at the end as 95720 for the 24 h day and 95718 for the 12 h one', async () => {
    const found = await study(at(9), at(10, 12), 'reader1');
    await report(found, 'reader1', { kind: 'final' });
    expect(codes(await professionalOf(found))).toEqual([
      ['reader1', '95718', 1],
      ['reader1', '95720', 1],
    ]);
  });

  it('codes a 22 h partial first day only once a signed report covers it', async () => {
    const found = await study(at(12, 2), at(14), 'reader1');
    await report(found, 'reader1', { kind: 'daily', periodStart: at(13), periodEnd: at(14) });
    const dailyOnly = await professionalOf(found);
    expect(codes(dailyOnly)).toEqual([['reader1', '95720', 1]]);
    expect(dailyOnly?.unreported).toEqual([{ start: at(12, 2), end: at(13), minutes: 22 * 60 }]);
    // The final covers the whole recording: the first day goes to its signer.
    await report(found, 'reader2', { kind: 'final' });
    const withFinal = await professionalOf(found);
    expect(withFinal?.readers).toContainEqual({
      reader: reader2,
      codes: [{ code: '95720', description: expect.stringContaining('12–26 h'), units: 1 }],
    });
    expect(withFinal?.unreported).toEqual([]);
  });

  it('bills a study reported once after it ends to the final’s signer when the case names no reader', async () => {
    const found = await study(at(15), at(17));
    expect(found.reader).toBeNull();
    await report(found, 'reader1', { kind: 'final' });
    expect(await professionalOf(found)).toEqual({
      readers: [
        {
          reader: 'reader1',
          codes: [
            {
              code: '95722',
              description: 'EEG interpretation, > 36 to 60 h, with video, reported at the end',
              units: 1,
            },
          ],
        },
      ],
      unreported: [],
    });
  });

  it('puts on a month’s statement the studies recording in it without a log there, still recording or ended in it, and no other', async () => {
    const other = await newClient('Recording Window Hospital', `RWH${kind === 'pglite' ? 'L' : 'P'}`);
    const before = (day: number) => {
      const [year, monthNumber] = addMonths(month, -1).split('-') as [string, string];
      return new Date(Date.UTC(Number(year), Number(monthNumber) - 1, day)).toISOString();
    };
    /** A study of `other` with no time log at all: only its recording can put it on a statement. */
    const recording = async (start: string, end: string | null) => {
      const created = await intake(other, { hasVideo: true, monitoringLevel: 'continuous' });
      const patched = await patch(created, { recordingStart: start, recordingEnd: end }, 'admin');
      expect(patched.status, JSON.stringify(patched.body)).toBe(200);
      return created.id;
    };
    const stillRecording = await recording(before(20), null);
    const endedInMonth = await recording(before(25), at(3));
    const endedBefore = await recording(before(2), before(10));
    const statement = await call('GET', API_PATHS.billingCycle(other, month), 'billing1');
    expect(statement.status, JSON.stringify(statement.body)).toBe(200);
    const lines = (statement.body.data as Statement).lines;
    expect(lines.map((line) => line.caseId).sort()).toEqual([stillRecording, endedInMonth].sort());
    expect(lines.every((line) => line.minutes === 0 && line.cpt.periods.length > 0)).toBe(true);
    expect(lines.map((line) => line.caseId)).not.toContain(endedBefore);
  });

  it('reads a closed month’s lines frozen when the codes went to the case’s reader as that reader’s codes', async () => {
    const rated = await call('POST', API_PATHS.cycleRate(clientId, month), 'billing1', { rate: '100.00' });
    expect(rated.status, JSON.stringify(rated.body)).toBe(200);
    const closed = await call('POST', API_PATHS.cycleStatus(clientId, month), 'billing1', {
      status: 'closed',
      version: (rated.body.data as { version: number }).version,
    });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    const [frozen] = await server.database.db.select().from(billingCycleLines).limit(1);
    if (!frozen) throw new Error('closing froze no line');
    const old = {
      reader: 'reader1',
      codes: [{ code: '95720', description: 'EEG interpretation', units: 2 }],
    };
    await server.database.db
      .update(billingCycleLines)
      .set({ line: { ...frozen.line, professional: old } as unknown as BillableCase })
      .where(and(eq(billingCycleLines.cycleId, frozen.cycleId), eq(billingCycleLines.caseId, frozen.caseId)));
    const statement = await call('GET', API_PATHS.billingCycle(clientId, month), 'billing1');
    expect(statement.status, JSON.stringify(statement.body)).toBe(200);
    const line = (statement.body.data as Statement).lines.find((each) => each.caseId === frozen.caseId);
    expect(line?.professional).toEqual({
      readers: [{ reader: 'reader1', codes: old.codes }],
      unreported: [],
    });
  });
});
