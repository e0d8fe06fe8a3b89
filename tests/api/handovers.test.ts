import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { CaseHandover } from '../../contract/cases';
import type { LoadRefusal } from '../../contract/envelope';
import { API_PATHS } from '../../contract/paths';
import type { TimeLog, TimeLogList } from '../../contract/timeLogs';
import { auditLog } from '../../server/db/schema';
import { callApi, type DemoUsername, demoTokens, fieldNames } from './support/apiClient';
import { caseCalls, caseOf } from './support/caseCalls';
import { createTestUser, type TestUser } from './support/identity';
import { describeEachDatabase, startTestServer, type TestServer } from './support/testServer';

const PATIENT = {
  mrn: 'MRN-300400',
  firstName: 'Hal',
  lastName: 'Verity',
  dateOfBirth: '1949-02-11',
  sex: 'M',
};

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** DESIGN §4 "Staffing and handover": the outgoing log ends and the incoming one starts at one moment. */
describeEachDatabase('Handovers', (kind) => {
  let server: TestServer;
  let tokens: Record<DemoUsername, string>;
  /** A technologist with no case, who can take any. */
  let spare: TestUser;

  beforeAll(async () => {
    server = await startTestServer(kind);
    tokens = await demoTokens();
    spare = await createTestUser(inject('identity'), { groups: ['technologist'] });
  });
  afterAll(async () => {
    await server?.close();
  });

  const call = (method: string, path: string, as: DemoUsername = 'admin', body?: unknown) =>
    callApi(server, method, path, { token: tokens[as], body });
  const { intake, details, move, patch, assign } = caseCalls(call);
  const handOver = (caseId: number, body: Record<string, unknown>, as: DemoUsername = 'tech1') =>
    call('POST', API_PATHS.caseHandovers(caseId), as, body);
  const logsOf = async (caseId: number) =>
    ((await call('GET', API_PATHS.caseRecords(caseId, 'time-logs'))).body.data as TimeLogList).timeLogs;

  /** An intermittent case in monitoring for three hours, tech1 on it with a monitoring log open for two. */
  async function watchedCase() {
    const reply = await call('POST', API_PATHS.clients, 'admin', {
      name: `Handover Hospital ${kind}`,
      code: `HO${kind === 'pglite' ? 'L' : 'P'}${Math.floor(Math.random() * 1e6)}`,
      timeZone: 'America/Denver',
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    const created = await intake((reply.body.data as { id: number }).id, {
      patient: PATIENT,
      monitoringLevel: 'intermittent',
    });
    expect((await assign('tech1', [created.id])).status).toBe(200);
    const started = await patch(await details(created.id), { recordingStart: minutesAgo(180) });
    const moved = await move(caseOf(started), 'monitoring', 'tech1');
    expect(moved.status, JSON.stringify(moved.body)).toBe(201);
    const log = await call('POST', API_PATHS.caseRecords(created.id, 'time-logs'), 'tech1', {
      start: minutesAgo(120),
      activity: 'monitoring',
    });
    expect(log.status, JSON.stringify(log.body)).toBe(201);
    return {
      clientId: created.clientId,
      caseId: created.id,
      caseNumber: created.caseNumber,
      log: log.body.data as TimeLog,
    };
  }

  it('refuses what is not a handover, then ends the outgoing log and opens the incoming one at `at`', async () => {
    const { clientId, caseId, caseNumber, log } = await watchedCase();
    const at = minutesAgo(30);
    const body = { from: 'tech1', to: 'newhire', at, note: 'Quiet night; left temporal leads rechecked' };

    // Who may: the outgoing technologist or an admin; not another technologist, not a reader.
    expect((await handOver(caseId, { ...body, from: 'newhire', to: 'tech1' })).status).toBe(403);
    expect((await handOver(caseId, body, 'reader1')).status).toBe(403);

    const future = await handOver(caseId, { ...body, at: new Date(Date.now() + 10 * 60_000).toISOString() });
    expect(future.status).toBe(400);
    expect(fieldNames(future)).toEqual(['at']);
    const toSelf = await handOver(caseId, { ...body, to: 'tech1' });
    expect(toSelf.status).toBe(400);
    expect(fieldNames(toSelf)).toEqual(['to']);
    const toReader = await handOver(caseId, { ...body, to: 'reader1' });
    expect(toReader.status).toBe(400);
    expect(toReader.body.fields).toEqual([{ field: 'to', message: 'reader1 is not a technologist' }]);
    const missing = await handOver(caseId, { at: 'soon' });
    expect(fieldNames(missing).sort()).toEqual(['at', 'from', 'to']);
    // A NUL byte is refused on the field that holds it, not as a malformed request.
    const nul = await handOver(caseId, { ...body, from: 'tech1\u0000' });
    expect(nul.status).toBe(400);
    expect(fieldNames(nul)).toEqual(['from']);

    const beforeStart = await handOver(caseId, { ...body, at: minutesAgo(150) });
    expect(beforeStart.status).toBe(409);
    expect(beforeStart.body.error).toMatch(`after tech1's open log on case ${caseNumber} started`);
    const noOpenLog = await handOver(caseId, { ...body, from: 'newhire', to: 'tech1' }, 'admin');
    expect(noOpenLog.status).toBe(409);
    expect(noOpenLog.body.error).toBe(`newhire has no open time log on case ${caseNumber} to hand over`);

    // Sam Ortega (newhire) at the load limit: 4 continuous cases weigh 12, this intermittent one would be 13.
    const full = await Promise.all([1, 2, 3, 4].map(() => intake(clientId)));
    expect(
      (
        await assign(
          'newhire',
          full.map((c) => c.id),
        )
      ).status,
    ).toBe(200);
    const overLoad = await handOver(caseId, body);
    expect(overLoad.status).toBe(409);
    expect(overLoad.body.error).toMatch(
      /^Sam Ortega would hold 4 continuous and 1 intermittent cases, a load of 13/,
    );
    // The refusal says by how much, and offers the technologists who could take the case instead: neither
    // the outgoing one nor the refused one, each with room for it, the lightest load first.
    const refusal = overLoad.body.overLoad as LoadRefusal;
    expect(refusal).toMatchObject({ name: 'Sam Ortega', load: 13, limit: 12 });
    expect(refusal.takers).toContainEqual({ username: spare.username, name: spare.name, load: 0 });
    const offered = refusal.takers.map((taker) => taker.username);
    expect(offered).not.toContain('tech1');
    expect(offered).not.toContain('newhire');
    for (const taker of refusal.takers) expect(taker.load, taker.username).toBeLessThanOrEqual(11);
    const loads = refusal.takers.map((taker) => taker.load);
    expect(loads).toEqual(loads.toSorted((a, b) => a - b));
    expect((await assign('newhire', [])).status).toBe(200);
    // None of the refusals wrote anything.
    expect((await logsOf(caseId)).map((found) => [found.technologist, found.revision, found.end])).toEqual([
      ['tech1', 1, null],
    ]);
    expect((await details(caseId)).handovers).toEqual([]);

    const done = await handOver(caseId, body);
    expect(done.status, JSON.stringify(done.body)).toBe(201);
    const handover = (done.body.data as { handover: CaseHandover }).handover;
    expect(handover).toMatchObject({ from: 'tech1', to: 'newhire', at, note: body.note, by: 'tech1' });
    expect(handover.closedLogId).toBe(log._id);
    // The incoming technologist is now on the case, and the handover is in its details.
    const after = caseOf(done);
    expect(after.technologists.map((t) => t.username)).toEqual(['newhire', 'tech1']);
    expect(after.handovers).toEqual([handover]);
    expect((await details(caseId, 'reader1')).handovers).toEqual([handover]);

    const logs = await logsOf(caseId);
    const closed = logs.find((found) => found._id === log._id);
    expect(closed).toMatchObject({
      technologist: 'tech1',
      revision: 2,
      start: log.start,
      end: at,
      author: 'tech1',
    });
    const opened = logs.find((found) => found._id === handover.openedLogId);
    expect(opened).toMatchObject({ technologist: 'newhire', revision: 1, start: at, end: null });
    expect(opened?.activity).toBe('monitoring');

    // The outgoing technologist has nothing open on the case any more: a second handover is refused.
    expect((await handOver(caseId, body)).status).toBe(409);

    const audited = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'case.handover'), eq(auditLog.resourceId, String(caseId))));
    expect(audited).toHaveLength(1);
    expect(JSON.stringify(audited)).not.toMatch(/Verity|MRN-300400|Quiet night/);
  });
});
