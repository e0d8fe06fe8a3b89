import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_PATHS } from '../../contract/paths';
import type { TimeLog, TimeLogList } from '../../contract/timeLogs';
import { callApi, type DemoUsername, demoTokens, fieldNames } from './support/apiClient';
import { caseCalls } from './support/caseCalls';
import { describeEachDatabase, startTestServer, type TestServer } from './support/testServer';

/**
 * Each test works in its own stretch of the past, later than the previous test's: a technologist's logs
 * never overlap, across every case, and a running log runs on to now, so it overlaps every later log.
 */
let stretch = 0;
function timeline() {
  stretch += 1;
  const base = Date.now() - (60 - stretch) * 40 * 3_600_000;
  return (hour: number) => new Date(base + hour * 3_600_000).toISOString();
}

describeEachDatabase('Time logs API', (kind) => {
  let server: TestServer;
  let tokens: Record<DemoUsername, string>;
  let clientId: number;

  const call = (method: string, path: string, as: DemoUsername = 'tech1', body?: unknown) =>
    callApi(server, method, path, { token: tokens[as], body });

  beforeAll(async () => {
    server = await startTestServer(kind);
    tokens = await demoTokens();
    const client = await call('POST', API_PATHS.clients, 'admin', {
      name: 'Time Log Hospital',
      code: `TL${kind === 'pglite' ? 'L' : 'P'}`,
      timeZone: 'UTC',
    });
    clientId = (client.body.data as { id: number }).id;
  });
  afterAll(async () => {
    await server?.close();
  });

  const { intake } = caseCalls(call);
  const newCase = () => intake(clientId, { studyType: 'icu', monitoringLevel: 'unmonitored' });
  const logsPath = (caseId: number) => API_PATHS.caseRecords(caseId, 'time-logs');
  const revise = (caseId: number, itemId: number, body: unknown, as: DemoUsername = 'tech1') =>
    call('POST', API_PATHS.caseRecordRevisions(caseId, 'time-logs', itemId), as, body);

  async function createLog(caseId: number, body: Record<string, unknown>, as: DemoUsername = 'tech1') {
    const reply = await call('POST', logsPath(caseId), as, body);
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    return reply.body.data as TimeLog;
  }
  const list = async (caseId: number, as: DemoUsername = 'tech1') => {
    const reply = await call('GET', logsPath(caseId), as);
    expect(reply.status).toBe(200);
    return reply.body.data as TimeLogList;
  };
  async function addNote(caseId: number, notedAt: string) {
    const reply = await call('POST', API_PATHS.caseRecords(caseId, 'case-notes'), 'tech1', {
      notedAt,
      text: 'Checked electrodes',
    });
    expect(reply.status).toBe(201);
    return reply.body.data as { _id: number; revision: number };
  }

  it('starts a log for the caller, refuses a second running one, stops it, and keeps every revision', async () => {
    const at = timeline();
    const created = await newCase();
    const log = await createLog(created.id, { start: at(0), activity: 'hookup' });
    expect(log).toMatchObject({
      technologist: 'tech1',
      start: at(0),
      end: null,
      activity: 'hookup',
      billable: true,
      caseNoteIds: [],
      revision: 1,
      author: 'tech1',
    });

    const other = await newCase();
    const second = await call('POST', logsPath(other.id), 'tech1', { start: at(1) });
    expect(second.status).toBe(409);
    expect(second.body.error).toContain(`already has a running time log (case ${created.caseNumber}`);

    const stopped = await revise(created.id, log._id, { baseRevision: 1, end: at(2) });
    expect(stopped.status, JSON.stringify(stopped.body)).toBe(201);
    expect(stopped.body.data).toMatchObject({ revision: 2, end: at(2), start: at(0), activity: 'hookup' });

    const stale = await revise(created.id, log._id, { baseRevision: 1, activity: 'check' });
    expect(stale.status).toBe(409);

    const history = await call('GET', API_PATHS.caseRecordRevisions(created.id, 'time-logs', log._id));
    expect((history.body.data as TimeLog[]).map((row) => [row.revision, row.end])).toEqual([
      [2, at(2)],
      [1, null],
    ]);

    // Once stopped, the next log may start.
    const next = await createLog(other.id, { start: at(3) });
    expect(next.end).toBeNull();
    await revise(other.id, next._id, { baseRevision: 1, end: at(4) });
  });

  it('refuses a log that ends before it starts, lies in the future, or overlaps the technologist’s other logs', async () => {
    const at = timeline();
    const created = await newCase();
    const backwards = await call('POST', logsPath(created.id), 'tech1', { start: at(2), end: at(1) });
    expect(backwards.status).toBe(400);
    expect(backwards.body.fields).toEqual([{ field: 'end', message: 'A time log must end after it starts' }]);

    const future = await call('POST', logsPath(created.id), 'tech1', {
      start: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(future.status).toBe(400);
    expect(fieldNames(future)).toEqual(['start']);

    await createLog(created.id, { start: at(1), end: at(3) });
    const elsewhere = await newCase();
    const overlapping = await call('POST', logsPath(elsewhere.id), 'tech1', { start: at(2), end: at(4) });
    expect(overlapping.status).toBe(409);
    expect(overlapping.body.error).toContain(`overlap tech1's log`);
    expect(overlapping.body.error).toContain(created.caseNumber);
    // Touching is not overlapping; another technologist's time is their own.
    await createLog(elsewhere.id, { start: at(3), end: at(4) });
    await createLog(elsewhere.id, { technologist: 'tech2', start: at(2), end: at(4) }, 'admin');
  });

  it('keeps each role to its own: a reader cannot log time, a technologist logs only their own', async () => {
    const at = timeline();
    const created = await newCase();
    for (const as of ['reader1', 'billing1'] as const) {
      const refused = await call('POST', logsPath(created.id), as, { start: at(0), end: at(1) });
      expect(refused.status).toBe(403);
    }
    const forOther = await call('POST', logsPath(created.id), 'tech1', {
      technologist: 'tech2',
      start: at(0),
      end: at(1),
    });
    expect(forOther.status).toBe(403);
    const theirs = await createLog(created.id, { technologist: 'tech2', start: at(0), end: at(1) }, 'admin');
    const changeTheirs = await revise(created.id, theirs._id, { baseRevision: 1, end: at(2) });
    expect(changeTheirs.status).toBe(403);
    // Everyone who reads the case reads its time logs.
    expect((await list(created.id, 'reader1')).timeLogs).toHaveLength(1);
  });

  it('inserts a log right before and right after another, and refuses one that would overlap', async () => {
    const at = timeline();
    const created = await newCase();
    const anchor = await createLog(created.id, { start: at(4), end: at(6), activity: 'monitoring' });
    const insert = (location: string, body: unknown) =>
      call(
        'POST',
        `${API_PATHS.timeLogInsertion(created.id, anchor._id)}?location=${location}`,
        'tech1',
        body,
      );

    const before = await insert('before', { start: at(3), activity: 'hookup' });
    expect(before.status, JSON.stringify(before.body)).toBe(201);
    expect(before.body.data).toMatchObject({
      technologist: 'tech1',
      start: at(3),
      end: at(4),
      activity: 'hookup',
    });

    const after = await insert('after', { end: at(7) });
    expect(after.status).toBe(201);
    expect(after.body.data).toMatchObject({ start: at(6), end: at(7), activity: 'monitoring' });

    const overlapping = await insert('before', { start: at(2) });
    expect(overlapping.status).toBe(409);
    const missingStart = await insert('before', {});
    expect(missingStart.status).toBe(400);
    expect(fieldNames(missingStart)).toEqual(['start']);
    const badLocation = await insert('inside', { start: at(1) });
    expect(badLocation.status).toBe(400);

    expect((await list(created.id)).timeLogs.map((log) => log.start)).toEqual([at(3), at(4), at(6)]);
  });

  it('revises the case’s latest log when no id is given', async () => {
    const at = timeline();
    const created = await newCase();
    const latestPath = API_PATHS.latestTimeLogRevisions(created.id);
    const none = await call('POST', latestPath, 'tech1', { baseRevision: 1, end: at(1) });
    expect(none.status).toBe(404);

    const later = await createLog(created.id, { start: at(5) });
    const earlier = await createLog(created.id, { start: at(1), end: at(2) });
    const stopped = await call('POST', latestPath, 'tech1', { baseRevision: 1, end: at(6) });
    expect(stopped.status, JSON.stringify(stopped.body)).toBe(201);
    expect(stopped.body.data).toMatchObject({ _id: later._id, revision: 2, end: at(6) });
    const { timeLogs } = await list(created.id);
    expect(timeLogs.find((log) => log._id === earlier._id)?.revision).toBe(1);
  });

  it('links the notes inside a log, answers the correction when a note leaves its window, and clears it', async () => {
    const at = timeline();
    const created = await newCase();
    const inside = await addNote(created.id, at(1));
    const outside = await addNote(created.id, at(5));
    const log = await createLog(created.id, { start: at(0), end: at(2) });
    expect(log.caseNoteIds).toEqual([inside._id]);
    expect((await list(created.id)).timeLogCorrection).toBeNull();

    // The note is moved out of the log's window: the link is stale.
    const moved = await call(
      'POST',
      API_PATHS.caseRecordRevisions(created.id, 'case-notes', inside._id),
      'tech1',
      { baseRevision: inside.revision, notedAt: at(3) },
    );
    expect(moved.status).toBe(201);
    const stale = await list(created.id);
    expect(stale.timeLogCorrection).toEqual({ _id: log._id, revision: 1, caseNoteIds: [inside._id] });
    // Readers cannot post the correction, so they are not asked to.
    expect((await list(created.id, 'reader1')).timeLogCorrection).toBeNull();

    // The correction: a revision with an empty list re-links from the window.
    const corrected = await revise(created.id, log._id, { baseRevision: 1, caseNoteIds: [] });
    expect(corrected.status).toBe(201);
    expect(corrected.body.data).toMatchObject({ revision: 2, caseNoteIds: [] });
    expect((await list(created.id)).timeLogCorrection).toBeNull();

    // Explicit links must be notes of this case; a voided note's link is stale too.
    const foreign = await revise(created.id, log._id, {
      baseRevision: 2,
      caseNoteIds: [outside._id, 999_999],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.fields).toEqual([
      { field: 'caseNoteIds', message: 'Not a note of this case: 999999' },
    ]);
    const linked = await revise(created.id, log._id, { baseRevision: 2, caseNoteIds: [outside._id] });
    expect((await list(created.id)).timeLogCorrection).toEqual({
      _id: log._id,
      revision: (linked.body.data as TimeLog).revision,
      caseNoteIds: [outside._id],
    });
  });

  it('lets anyone who writes time logs post the correction of another technologist’s log, and a void end the run', async () => {
    const at = timeline();
    const created = await newCase();
    const note = await addNote(created.id, at(1));
    const theirs = await createLog(created.id, { technologist: 'tech2', start: at(0), end: at(2) }, 'admin');
    expect(theirs.caseNoteIds).toEqual([note._id]);
    await call('POST', API_PATHS.caseRecordRevisions(created.id, 'case-notes', note._id), 'tech1', {
      baseRevision: 1,
      voided: true,
      voidReason: 'Wrong case',
    });
    const { timeLogCorrection } = await list(created.id);
    expect(timeLogCorrection).toEqual({ _id: theirs._id, revision: 1, caseNoteIds: [note._id] });
    const corrected = await revise(created.id, theirs._id, { baseRevision: 1, caseNoteIds: [] }, 'tech1');
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(201);
    expect((await list(created.id)).timeLogCorrection).toBeNull();

    // A running log voided no longer blocks the technologist's next one.
    const running = await createLog(created.id, { start: at(3) });
    const voided = await revise(created.id, running._id, {
      baseRevision: 1,
      voided: true,
      voidReason: 'Wrong case',
    });
    expect(voided.body.data).toMatchObject({ voided: true, voidReason: 'Wrong case', end: null });
    await createLog(created.id, { start: at(4), end: at(5) });
  });
});
