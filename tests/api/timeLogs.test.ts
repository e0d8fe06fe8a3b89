import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CaseDetails } from '../../contract/cases';
import { API_PATHS } from '../../contract/paths';
import type { TimeLog, TimeLogList } from '../../contract/timeLogs';
import { callApi, type DemoUsername, demoTokens, fieldNames } from './support/apiClient';
import { caseCalls, caseOf } from './support/caseCalls';
import { describeEachDatabase, startTestServer, type TestServer } from './support/testServer';

/**
 * Each test works in its own stretch of the past, later than the previous test's, on cases whose recording
 * starts with the stretch: a technologist's logs never overlap on one case, and a running log runs on to now.
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

  const { intake, patch, assign } = caseCalls(call);
  /** Each technologist's assigned cases: an assignment names them all. */
  const assigned: Record<string, number[]> = { tech1: [], newhire: [] };
  async function setAssigned(username: string, caseIds: number[]) {
    assigned[username] = caseIds;
    const reply = await assign(username, caseIds, 'admin');
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  }
  /**
   * A case of the client (unmonitored unless told: it weighs nothing in a technologist's load) recording
   * since `recordingStart` (none: not started), with tech1 and newhire assigned.
   */
  async function newCase(recordingStart: string | null, body: Record<string, unknown> = {}) {
    const created = await intake(clientId, { studyType: 'icu', monitoringLevel: 'unmonitored', ...body });
    const patched = recordingStart === null ? created : caseOf(await patch(created, { recordingStart }));
    for (const username of ['tech1', 'newhire'])
      await setAssigned(username, [...assigned[username], created.id]);
    return patched;
  }
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

  it('starts a log for the caller, refuses a second running one on the case, stops it, and keeps every revision', async () => {
    const at = timeline();
    const created = await newCase(at(-1));
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

    const second = await call('POST', logsPath(created.id), 'tech1', { start: at(1) });
    expect(second.status).toBe(409);
    expect(second.body.error).toContain(`already has a running time log on case ${created.caseNumber}`);

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

    // Once stopped, the next log on the case may start.
    const next = await createLog(created.id, { start: at(3) });
    expect(next.end).toBeNull();
    await revise(created.id, next._id, { baseRevision: 1, end: at(4) });
  });

  it('refuses a log that ends before it starts, lies more than 5 minutes ahead, or overlaps the technologist’s other logs on the case', async () => {
    const at = timeline();
    const created = await newCase(at(-1));
    const backwards = await call('POST', logsPath(created.id), 'tech1', { start: at(2), end: at(1) });
    expect(backwards.status).toBe(400);
    expect(backwards.body.fields).toEqual([{ field: 'end', message: 'A time log must end after it starts' }]);

    const ahead = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
    const future = await call('POST', logsPath(created.id), 'tech1', { start: ahead(6) });
    expect(future.status).toBe(400);
    expect(future.body.fields).toEqual([
      { field: 'start', message: 'A time log cannot start more than 5 minutes after now' },
    ]);
    const futureEnd = await call('POST', logsPath(created.id), 'tech1', { start: ahead(-60), end: ahead(6) });
    expect(futureEnd.status).toBe(400);
    expect(fieldNames(futureEnd)).toEqual(['end']);
    // A browser's clock a few minutes ahead of the server's is not the future.
    const slightlyAhead = await createLog(created.id, {
      start: ahead(-60),
      end: ahead(4),
      activity: 'review',
    });
    await revise(created.id, slightlyAhead._id, { baseRevision: 1, voided: true, voidReason: 'Test' });

    await createLog(created.id, { start: at(1), end: at(3) });
    const overlapping = await call('POST', logsPath(created.id), 'tech1', { start: at(2), end: at(4) });
    expect(overlapping.status).toBe(409);
    expect(overlapping.body.error).toContain(`overlap tech1's log`);
    expect(overlapping.body.error).toContain(created.caseNumber);
    // Touching is not overlapping; another technologist's time is their own; another case is another patient.
    await createLog(created.id, { start: at(3), end: at(4) });
    await createLog(created.id, { technologist: 'newhire', start: at(2), end: at(4) }, 'admin');
    const elsewhere = await newCase(at(-1));
    await createLog(elsewhere.id, { start: at(2), end: at(4) });
  });

  it('refuses a closed log longer than a shift (MAX_OPEN_LOG_HOURS): it is split', async () => {
    const at = timeline();
    const created = await newCase(at(-1));
    const long = await call('POST', logsPath(created.id), 'tech1', { start: at(0), end: at(26) });
    expect(long.status).toBe(400);
    expect(long.body.fields).toEqual([
      { field: 'end', message: 'A time log lasts at most 16 h (one shift): split a longer one into shifts' },
    ]);
    await createLog(created.id, { start: at(0), end: at(16) });
    await createLog(created.id, { start: at(16), end: at(26) });
  });

  it('lets a technologist monitor several patients at once, only on their assigned cases, one running log per active case', async () => {
    const at = timeline();
    const continuous: CaseDetails[] = [];
    for (let index = 0; index < 4; index += 1)
      continuous.push(await newCase(at(-1), { monitoringLevel: 'continuous' }));
    const running = [];
    for (const watched of continuous) running.push(await createLog(watched.id, { start: at(0) }));
    expect(running.map((log) => log.end)).toEqual([null, null, null, null]);

    const unassigned = caseOf(
      await patch(await intake(clientId, { monitoringLevel: 'unmonitored' }), { recordingStart: at(-1) }),
    );
    const fifth = await call('POST', logsPath(unassigned.id), 'tech1', { start: at(1) });
    expect(fifth.status).toBe(409);
    expect(fifth.body.error).toBe(
      `tech1 is not assigned to case ${unassigned.caseNumber}: assign them to the case before logging time on it`,
    );
    for (const [index, watched] of continuous.entries()) {
      const stopped = await revise(watched.id, (running[index] as TimeLog)._id, {
        baseRevision: 1,
        end: at(2),
      });
      expect(stopped.status).toBe(201);
    }
    // Off the load again: the other tests' cases weigh nothing.
    await setAssigned(
      'tech1',
      assigned.tech1.filter((id) => !continuous.some((found) => found.id === id)),
    );

    // A technologist with a running log stays on its case (DESIGN §4, round three): newhire runs two and may
    // leave the second case only once its log there is stopped.
    const [first, second, third] = [await newCase(at(-1)), await newCase(at(-1)), await newCase(at(-1))];
    const holding = assigned.newhire;
    await setAssigned('newhire', [first.id, second.id]);
    const firstLog = await createLog(first.id, { technologist: 'newhire', start: at(3) }, 'admin');
    const kept = await createLog(second.id, { technologist: 'newhire', start: at(3) }, 'admin');
    const leave = await assign('newhire', [first.id, third.id], 'admin');
    expect(leave.status).toBe(409);
    expect(leave.body.error).toContain(
      `newhire has an open monitoring log on case ${second.caseNumber} (since `,
    );
    expect(leave.body.error).toMatch(/: close or hand over first$/);
    await revise(second.id, kept._id, { baseRevision: 1, end: at(5) }, 'admin');
    await setAssigned('newhire', [first.id, third.id]);
    await createLog(third.id, { technologist: 'newhire', start: at(5), end: at(6) }, 'admin');
    await revise(first.id, firstLog._id, { baseRevision: 1, end: at(6) }, 'admin');
    await setAssigned('newhire', holding);
  });

  it('keeps time logs inside the study: hookup up to 4 h before, takedown up to 4 h after, the rest within', async () => {
    const at = timeline();
    const unstarted = await newCase(null);
    const early = await call('POST', logsPath(unstarted.id), 'tech1', {
      start: at(0),
      end: at(1),
      activity: 'monitoring',
    });
    expect(early.status).toBe(409);
    expect(early.body.error).toContain('Only a hookup log is accepted before the recording start is set');
    await createLog(unstarted.id, { start: at(0), end: at(1), activity: 'hookup' });

    const created = await newCase(at(5));
    const ended = caseOf(await patch(await caseCalls(call).details(created.id), { recordingEnd: at(9) }));
    const refusedLog = async (body: Record<string, unknown>) => {
      const reply = await call('POST', logsPath(ended.id), 'tech1', body);
      expect(reply.status, JSON.stringify(reply.body)).toBe(409);
      return reply.body.error as string;
    };
    const zoned = (hour: number) =>
      new Date(at(hour)).toLocaleString('en-US', {
        timeZone: 'UTC',
        month: 'short',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZoneName: 'short',
      });
    expect(await refusedLog({ start: at(0.5), end: at(5.5), activity: 'hookup' })).toBe(
      `A hookup log must start at most 4 h before the recording start and lie within the recording: from ${zoned(1)} to ${zoned(9)} (case ${ended.caseNumber})`,
    );
    expect(await refusedLog({ start: at(12), end: at(13.5), activity: 'takedown' })).toBe(
      `A takedown log must lie within the recording and end at most 4 h after its end: from ${zoned(5)} to ${zoned(13)} (case ${ended.caseNumber})`,
    );
    expect(await refusedLog({ start: at(4), end: at(6), activity: 'monitoring' })).toContain(
      `A monitoring log must lie within the recording: from ${zoned(5)} to ${zoned(9)}`,
    );
    expect(await refusedLog({ start: at(8), end: at(10), activity: 'monitoring' })).toContain(
      'within the recording',
    );
    expect(await refusedLog({ start: at(8), end: at(10), activity: 'check' })).toContain('A check log must');
    await createLog(ended.id, { start: at(1.5), end: at(5.5), activity: 'hookup' });
    await createLog(ended.id, { start: at(5.5), end: at(9), activity: 'monitoring' });
    await createLog(ended.id, { start: at(9), end: at(12.5), activity: 'takedown' });
  });

  it('flags a running log older than MAX_OPEN_LOG_HOURS as stale, and lets it stop at its latest end', async () => {
    const at = timeline();
    const created = await newCase(at(-1));
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
    const forgotten = await createLog(created.id, { start: hoursAgo(17), activity: 'monitoring' });
    const other = await newCase(at(-1));
    const fresh = await createLog(other.id, { start: hoursAgo(1), activity: 'monitoring' });
    const [listed] = (await list(created.id)).timeLogs;
    expect(listed).toMatchObject({
      _id: forgotten._id,
      stale: true,
      latestEnd: new Date(Date.parse(forgotten.start) + 16 * 3_600_000).toISOString(),
    });
    expect((await list(other.id)).timeLogs[0]).toMatchObject({ _id: fresh._id, stale: false });
    // Stopped now it would be longer than a shift; at its latest end it is one shift.
    const now = await revise(created.id, forgotten._id, { baseRevision: 1, end: new Date().toISOString() });
    expect(now.status).toBe(400);
    expect(fieldNames(now)).toEqual(['end']);
    const stopped = await revise(created.id, forgotten._id, { baseRevision: 1, end: listed?.latestEnd });
    expect(stopped.status, JSON.stringify(stopped.body)).toBe(201);
    expect(stopped.body.data).toMatchObject({ stale: false, latestEnd: null });
    await revise(other.id, fresh._id, { baseRevision: 1, end: new Date().toISOString() });
  });

  it('keeps each role to its own: a reader cannot log time, a technologist logs only their own', async () => {
    const at = timeline();
    const created = await newCase(at(-1));
    for (const as of ['reader1', 'billing1'] as const) {
      const refused = await call('POST', logsPath(created.id), as, { start: at(0), end: at(1) });
      expect(refused.status).toBe(403);
    }
    const forOther = await call('POST', logsPath(created.id), 'tech1', {
      technologist: 'newhire',
      start: at(0),
      end: at(1),
    });
    expect(forOther.status).toBe(403);
    const theirs = await createLog(
      created.id,
      { technologist: 'newhire', start: at(0), end: at(1) },
      'admin',
    );
    const changeTheirs = await revise(created.id, theirs._id, { baseRevision: 1, end: at(2) });
    expect(changeTheirs.status).toBe(403);
    // Everyone who reads the case reads its time logs.
    expect((await list(created.id, 'reader1')).timeLogs).toHaveLength(1);

    // Only technologists own time logs, and only on the cases they are assigned to, whoever writes them.
    for (const owner of ['reader1', 'billing1', 'admin']) {
      const notTechnologist = await call('POST', logsPath(created.id), 'admin', {
        technologist: owner,
        start: at(2),
        end: at(3),
      });
      expect(notTechnologist.status).toBe(400);
      expect(notTechnologist.body.fields).toEqual([
        {
          field: 'technologist',
          message: `${owner} is not a technologist: only technologists own time logs`,
        },
      ]);
    }
    const nobodys = caseOf(
      await patch(await intake(clientId, { monitoringLevel: 'unmonitored' }), { recordingStart: at(-1) }),
    );
    const unassigned = await call('POST', logsPath(nobodys.id), 'admin', {
      technologist: 'newhire',
      start: at(0),
      end: at(1),
    });
    expect(unassigned.status).toBe(409);
    expect(unassigned.body.error).toBe(
      `newhire is not assigned to case ${nobodys.caseNumber}: assign them to the case before logging time on it`,
    );
    expect((await list(nobodys.id)).timeLogs).toEqual([]);
  });

  it('inserts a log right before and right after another, and refuses one that would overlap', async () => {
    const at = timeline();
    const created = await newCase(at(-1));
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

    // The rules of a new log hold: its window in the study, a shift at most, its technologist assigned.
    const outside = await insert('before', { start: at(-2), activity: 'monitoring' });
    expect(outside.status).toBe(409);
    expect(outside.body.error).toContain('A monitoring log must lie within the recording');
    const long = await insert('after', { start: at(7), end: at(24) });
    expect(long.status).toBe(400);
    const holding = assigned.tech1;
    await setAssigned(
      'tech1',
      holding.filter((id) => id !== created.id),
    );
    const unassigned = await insert('after', { end: at(7) });
    expect(unassigned.status).toBe(409);
    expect(unassigned.body.error).toContain(`tech1 is not assigned to case ${created.caseNumber}`);
    await setAssigned('tech1', holding);

    expect((await list(created.id)).timeLogs.map((log) => log.start)).toEqual([at(3), at(4), at(6)]);
  });

  it('revises the case’s latest log when no id is given', async () => {
    const at = timeline();
    const created = await newCase(at(-1));
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
    const created = await newCase(at(-1));
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
    const created = await newCase(at(-1));
    const note = await addNote(created.id, at(1));
    const theirs = await createLog(
      created.id,
      { technologist: 'newhire', start: at(0), end: at(2) },
      'admin',
    );
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
