import { afterAll, beforeAll, expect, it } from 'vitest';
import type { BillableHours } from '../../contract/billing';
import { wallClockFormat } from '../../contract/calendar';
import type { CaseDetails } from '../../contract/cases';
import type { MonitoringHours } from '../../contract/hourReports';
import { API_PATHS } from '../../contract/paths';
import type { TimeLogList } from '../../contract/timeLogs';
import { callApi, type DemoUsername, demoTokens, fieldNames } from './support/apiClient';
import { caseCalls, caseOf } from './support/caseCalls';
import { describeEachDatabase, startTestServer, type TestServer } from './support/testServer';

/**
 * DESIGN §4 "Monitoring operations", round three: the windows of a case's logs and records hold after the
 * recording times are edited, a handover lies within the recording, an open log counts up to the recording
 * end, a technologist with an open log stays on the case, a takedown never precedes the recording, and a
 * log lasts one shift at most.
 */

const HOUR = 3_600_000;
/** A day two days back at 00:00 UTC: `at(10.5)` is 10:30 that day. */
const day = Math.floor((Date.now() - 2 * 24 * HOUR) / (24 * HOUR)) * 24 * HOUR;
const at = (hours: number) => new Date(day + hours * HOUR).toISOString();
/** Times as the client (in UTC) reads them in a refusal: "Nov 24, 16:30 UTC", "Nov 24, 15:00 – 17:00 UTC". */
const clock = wallClockFormat('UTC', { locale: 'en-US', withYear: false });
const moment = (hours: number) => clock.format(Date.parse(at(hours)));
const span = (from: number, to: number) => clock.formatRange(Date.parse(at(from)), Date.parse(at(to)));
const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();
/** The UTC months from `from` to now, as billing names them. */
const monthsSince = (from: string) => [
  ...new Set([from, new Date().toISOString()].map((t) => t.slice(0, 7))),
];

describeEachDatabase('Recording windows', (kind) => {
  let server: TestServer;
  let tokens: Record<DemoUsername, string>;
  let clientId: number;

  const call = (method: string, path: string, as: DemoUsername = 'tech1', body?: unknown) =>
    callApi(server, method, path, { token: tokens[as], body });
  const { newClient, intake, details, patch, move, assign } = caseCalls(call);

  beforeAll(async () => {
    // A longer open-log cap than the shift: a closed log is still held to 16 h.
    server = await startTestServer(kind, { MAX_OPEN_LOG_HOURS: '24' });
    tokens = await demoTokens();
    clientId = await newClient('Window Hospital', `RW${kind === 'pglite' ? 'L' : 'P'}`);
  });
  afterAll(async () => {
    await server?.close();
  });

  /** tech1's and newhire's active cases: an assignment names them all. */
  let tech1Cases: number[] = [];
  let newhireCases: number[] = [];
  /** An unmonitored case (no load) of the client with tech1 on it, its recording times patched in. */
  async function newCase(times: Record<string, string>): Promise<CaseDetails> {
    const patient = {
      mrn: `RW-${tech1Cases.length}`,
      firstName: 'Ada',
      lastName: 'Reyes',
      dateOfBirth: '1950-03-04',
      sex: 'F',
    };
    const created = await intake(clientId, { studyType: 'icu', monitoringLevel: 'unmonitored', patient });
    tech1Cases = [...tech1Cases, created.id];
    expect((await assign('tech1', tech1Cases, 'admin')).status).toBe(200);
    const patched = await patch(await details(created.id), times);
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    return caseOf(patched);
  }
  const record = async (caseId: number, recordKind: string, body: unknown, as: DemoUsername = 'tech1') => {
    const reply = await call('POST', API_PATHS.caseRecords(caseId, recordKind), as, body);
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    return reply.body.data as { _id: number; revision: number };
  };
  const logsOf = async (caseId: number) =>
    ((await call('GET', API_PATHS.caseRecords(caseId, 'time-logs'))).body.data as TimeLogList).timeLogs;

  it('refuses a recording start that leaves a hookup more than 4 h before it, naming the log', async () => {
    const created = await newCase({ recordingStart: at(10.5) });
    const hookup = await record(created.id, 'time-logs', {
      start: at(10),
      end: at(10.5),
      activity: 'hookup',
    });

    const late = await patch(created, { recordingStart: at(17) });
    expect(late.status, JSON.stringify(late.body)).toBe(409);
    const named = `hookup log ${span(10, 10.5)} by tech1 starts more than 4 h before the new recording start`;
    expect(late.body.error).toBe(
      `The recording times would leave a record of case ${created.caseNumber} outside the recording: ${named}; revise it first`,
    );
    expect(late.body.unmet).toEqual([`${named}; revise it first`]);
    expect((await details(created.id)).recordingStart).toBe(at(10.5));

    // Up to 4 h before the start, the hookup still holds; once it is voided, nothing holds the start back.
    expect((await patch(created, { recordingStart: at(14) })).status).toBe(200);
    const voided = await call(
      'POST',
      API_PATHS.caseRecordRevisions(created.id, 'time-logs', hookup._id),
      'tech1',
      {
        baseRevision: 1,
        voided: true,
        voidReason: 'Wrong patient',
      },
    );
    expect(voided.status, JSON.stringify(voided.body)).toBe(201);
    expect((await patch(await details(created.id), { recordingStart: at(17) })).status).toBe(200);
  });

  it('refuses a recording end that leaves logs, notes and records after it, naming each; voided ones do not count', async () => {
    const created = await newCase({ recordingStart: at(12), recordingEnd: at(18) });
    await record(created.id, 'time-logs', { start: at(15), end: at(17), activity: 'monitoring' });
    await record(created.id, 'time-logs', { start: at(18), end: at(19), activity: 'takedown' });
    await record(created.id, 'case-notes', { notedAt: at(16.5), text: 'Patient restless' });
    const voidedNote = await record(created.id, 'case-notes', { notedAt: at(17), text: 'Wrong bed' });
    const voided = await call(
      'POST',
      API_PATHS.caseRecordRevisions(created.id, 'case-notes', voidedNote._id),
      'tech1',
      { baseRevision: 1, voided: true, voidReason: 'Wrong bed' },
    );
    expect(voided.status, JSON.stringify(voided.body)).toBe(201);
    await record(created.id, 'impedances', { measuredAt: at(16.25), values: { Fp1: 3 } });
    await record(created.id, 'events', { occurredAt: at(16.75), type: 'clinical', description: 'Eyes open' });
    await record(
      created.id,
      'interpretations',
      { kind: 'prelim', periodStart: at(12), periodEnd: at(17.5) },
      'reader1',
    );

    const early = await patch(created, { recordingEnd: at(16) });
    expect(early.status, JSON.stringify(early.body)).toBe(409);
    expect(early.body.error).toMatch(
      `The recording times would leave 5 records of case ${created.caseNumber} outside the recording: monitoring log`,
    );
    // The takedown (18:00–19:00) may end up to 4 h after the recording end: it holds. The voided note does not count.
    expect(early.body.unmet).toEqual([
      `monitoring log ${span(15, 17)} by tech1 ends after the new recording end; revise it first`,
      `case note of ${moment(16.5)} by tech1 lies after the new recording end; revise it first`,
      `impedance of ${moment(16.25)} by tech1 lies after the new recording end; revise it first`,
      `clinical event of ${moment(16.75)} by tech1 lies after the new recording end; revise it first`,
      `prelim interpretation ${span(12, 17.5)} by reader1 ends after the new recording end; revise it first`,
    ]);
    expect((await details(created.id)).recordingEnd).toBe(at(18));
    // Still billed as logged: the monitoring log and the takedown.
    const hours = await call(
      'GET',
      `${API_PATHS.billableHours(clientId)}?month=${at(15).slice(0, 7)}`,
      'billing1',
    );
    expect(
      (hours.body.data as BillableHours).cases.find((line) => line.caseNumber === created.caseNumber)
        ?.minutes,
    ).toBe(180);
    // Later, nothing is left outside: accepted.
    expect((await patch(created, { recordingEnd: at(18.5) })).status).toBe(200);
  });

  it("refuses a takedown that starts before the recording start, on its own write and on the case's, naming the window", async () => {
    const created = await newCase({ recordingStart: at(12) });
    const early = await call('POST', API_PATHS.caseRecords(created.id, 'time-logs'), 'tech1', {
      start: at(11),
      end: at(11.5),
      activity: 'takedown',
    });
    expect(early.status, JSON.stringify(early.body)).toBe(409);
    expect(early.body.error).toMatch(/^A takedown log must lie within the recording/);
    // Nor does a later recording start leave one before it.
    await record(created.id, 'time-logs', { start: at(12.5), end: at(13), activity: 'takedown' });
    const later = await patch(await details(created.id), { recordingStart: at(12.75) });
    expect(later.status, JSON.stringify(later.body)).toBe(409);
    expect(later.body.unmet).toEqual([
      `takedown log ${span(12.5, 13)} by tech1 starts before the new recording start; revise it first`,
    ]);
    // Before the recording start is set, only a hookup.
    const unstarted = await intake(clientId, { studyType: 'icu', monitoringLevel: 'unmonitored' });
    tech1Cases = [...tech1Cases, unstarted.id];
    expect((await assign('tech1', tech1Cases, 'admin')).status).toBe(200);
    const noStart = await call('POST', API_PATHS.caseRecords(unstarted.id, 'time-logs'), 'tech1', {
      start: at(11),
      end: at(11.5),
      activity: 'takedown',
    });
    expect(noStart.status).toBe(409);
    expect(noStart.body.error).toMatch(/^Only a hookup log is accepted before the recording start is set/);
  });

  it('refuses a closed log longer than 16 h (one shift), naming end, whatever the open-log cap', async () => {
    const created = await newCase({ recordingStart: at(0) });
    const long = await call('POST', API_PATHS.caseRecords(created.id, 'time-logs'), 'tech1', {
      start: at(1),
      end: at(17.5),
      activity: 'monitoring',
    });
    expect(long.status).toBe(400);
    expect(fieldNames(long)).toEqual(['end']);
    expect(long.body.fields?.[0].message).toBe(
      'A time log lasts at most 16 h (one shift): split a longer one into shifts',
    );
    await record(created.id, 'time-logs', { start: at(1), end: at(17), activity: 'monitoring' });
  });

  /** A case in monitoring since 3 h ago with tech1's monitoring log open since 2 h ago. */
  async function watchedCase() {
    const created = await newCase({ recordingStart: hoursAgo(3) });
    const moved = await move(await details(created.id), 'monitoring', 'tech1');
    expect(moved.status, JSON.stringify(moved.body)).toBe(201);
    const log = await record(created.id, 'time-logs', { start: hoursAgo(2), activity: 'monitoring' });
    return { created: caseOf(moved), log };
  }

  it('refuses a handover outside the recording or more than a shift after the log it closes started', async () => {
    const { created } = await watchedCase();
    const ended = await patch(created, { recordingEnd: hoursAgo(1) });
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    const handOver = (hours: number) =>
      call('POST', API_PATHS.caseHandovers(created.id), 'tech1', {
        from: 'tech1',
        to: 'newhire',
        at: hoursAgo(hours),
        note: 'End of shift',
      });
    const after = await handOver(0.5);
    expect(after.status, JSON.stringify(after.body)).toBe(409);
    expect(after.body.error).toMatch(/^A handover lies within the recording/);
    expect((await logsOf(created.id)).map((log) => [log.technologist, log.end])).toEqual([['tech1', null]]);
    const within = await handOver(1.5);
    expect(within.status, JSON.stringify(within.body)).toBe(201);
    // Nor may it close a log of more than one shift.
    const long = await newCase({ recordingStart: hoursAgo(20) });
    expect((await move(await details(long.id), 'monitoring', 'tech1')).status).toBe(201);
    await record(long.id, 'time-logs', { start: hoursAgo(17), activity: 'monitoring' });
    const late = await call('POST', API_PATHS.caseHandovers(long.id), 'tech1', {
      from: 'tech1',
      to: 'newhire',
      at: hoursAgo(0.5),
      note: 'Forgot to stop it',
    });
    expect(late.status, JSON.stringify(late.body)).toBe(409);
    expect(late.body.error).toMatch(
      /^The handover must come within 16 h \(one shift\) of when tech1's open log/,
    );
    newhireCases = [created.id];
  });

  it('counts a forgotten open log up to the recording end only, in billing and monitoring hours', async () => {
    // Both ends from one instant: `hoursAgo(11)` read after the case is made can fall a minute later on the
    // billing grid than the recording end read before it, and bill 59 minutes (seen under two busy cores).
    const recordingEnd = hoursAgo(10);
    const logStart = new Date(Date.parse(recordingEnd) - HOUR).toISOString();
    const created = await newCase({ recordingStart: hoursAgo(30), recordingEnd });
    await record(created.id, 'time-logs', { start: logStart, activity: 'monitoring' });
    const months = monthsSince(logStart);
    let billed = 0;
    for (const month of months) {
      const reply = await call('GET', `${API_PATHS.billableHours(clientId)}?month=${month}`, 'billing1');
      expect(reply.status).toBe(200);
      billed +=
        (reply.body.data as BillableHours).cases.find((line) => line.caseNumber === created.caseNumber)
          ?.minutes ?? 0;
    }
    expect(billed).toBe(60);
    const report = await call(
      'GET',
      `${API_PATHS.monitoringHours}?from=${months[0]}&to=${months.at(-1)}&clientId=${clientId}`,
      'admin',
    );
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    const byCase = (report.body.data as MonitoringHours).byCase.filter(
      (row) => row.caseNumber === created.caseNumber,
    );
    expect(byCase.reduce((sum, row) => sum + row.minutes, 0)).toBe(60);
  });

  it('keeps a technologist with an open log on the case until they close it or hand it over', async () => {
    const { created, log } = await watchedCase();
    // Another technologist on the case: it stays staffed whoever leaves.
    newhireCases = [...newhireCases, created.id];
    expect((await assign('newhire', newhireCases, 'admin')).status).toBe(200);
    const others = tech1Cases.filter((id) => id !== created.id);
    const leave = await assign('tech1', others, 'admin');
    expect(leave.status, JSON.stringify(leave.body)).toBe(409);
    expect(leave.body.error).toMatch(
      new RegExp(
        `^tech1 has an open monitoring log on case ${created.caseNumber} \\(since \\w+ \\d+, \\d\\d:\\d\\d UTC\\): close or hand over first$`,
      ),
    );
    expect((await details(created.id)).technologists.map((t) => t.username)).toContain('tech1');
    const closed = await call(
      'POST',
      API_PATHS.caseRecordRevisions(created.id, 'time-logs', log._id),
      'tech1',
      {
        baseRevision: 1,
        end: hoursAgo(0.5),
      },
    );
    expect(closed.status, JSON.stringify(closed.body)).toBe(201);
    expect((await assign('tech1', others, 'admin')).status).toBe(200);
    tech1Cases = others;
    expect((await details(created.id)).technologists.map((t) => t.username)).toEqual(['newhire']);
  });
});
