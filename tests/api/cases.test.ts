import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseRecordKind } from '../../contract/caseRecords';
import type { CaseRow, CaseStage } from '../../contract/cases';
import { API_PATHS } from '../../contract/paths';
import { auditLog, cases } from '../../server/db/schema';
import { caseYear } from '../../server/domain/caseNumbers';
import { callApi, type DemoUsername, demoTokens, fieldNames } from './support/apiClient';
import { caseCalls, caseOf } from './support/caseCalls';
import { describeEachDatabase, startTestServer, type TestServer } from './support/testServer';

type Json = Record<string, unknown>;

const PATIENT = {
  mrn: 'MRN-100200',
  firstName: 'Ada',
  lastName: 'Quinlan',
  dateOfBirth: '1958-04-17',
  sex: 'F',
  unit: 'Neuro ICU',
  room: '4B',
};

/** An hour ago, and half an hour ago: recording times the server accepts (not in the future). */
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

describeEachDatabase('Cases API', (kind) => {
  let server: TestServer;
  let tokens: Record<DemoUsername, string>;
  let clientSeq = 0;

  beforeAll(async () => {
    server = await startTestServer(kind);
    tokens = await demoTokens();
  });
  afterAll(async () => {
    await server?.close();
  });

  const call = (method: string, path: string, as: DemoUsername = 'admin', body?: unknown) =>
    callApi(server, method, path, { token: tokens[as], body });

  async function createClient(overrides: Json = {}) {
    clientSeq += 1;
    const code = `C${kind === 'pglite' ? 'L' : 'P'}${clientSeq}`;
    const reply = await call('POST', API_PATHS.clients, 'admin', {
      name: `Case Test Hospital ${code}`,
      code,
      timeZone: 'America/Chicago',
      ...overrides,
    });
    expect(reply.status).toBe(201);
    return reply.body.data as { id: number; code: string; version: number };
  }

  async function addProtocol(clientId: number, baseRevision: number, checkIntervalMinutes = 30) {
    const reply = await call('POST', API_PATHS.protocolRevisions(clientId), 'admin', {
      baseRevision,
      body: `Protocol revision ${baseRevision + 1}`,
      checkIntervalMinutes,
      reportTurnaroundHours: 24,
    });
    expect(reply.status).toBe(201);
  }

  const { intake, details, move, patch, assign } = caseCalls(call);

  /** A clinical record, through the records API (revision 1). */
  async function addRecord(
    caseId: number,
    recordKind: CaseRecordKind,
    body: Json,
    as: DemoUsername = 'tech1',
  ) {
    const reply = await call('POST', API_PATHS.caseRecords(caseId, recordKind), as, body);
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    return (reply.body.data as { _id: number })._id;
  }
  async function reviseRecord(
    caseId: number,
    recordKind: CaseRecordKind,
    itemId: number,
    body: Json,
    as: DemoUsername = 'tech1',
  ) {
    const reply = await call('POST', API_PATHS.caseRecordRevisions(caseId, recordKind, itemId), as, body);
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  }

  /**
   * A case in monitoring, assigned to the given technologist; unmonitored by default, so the cases the
   * tests leave active never reach a load limit.
   */
  async function caseInMonitoring(clientId: number, technologist = 'tech1', body: Json = {}) {
    const created = await intake(clientId, { patient: PATIENT, monitoringLevel: 'unmonitored', ...body });
    expect((await assign(technologist, [...(await activeOf(technologist)), created.id])).status).toBe(200);
    const started = await patch(await details(created.id), { recordingStart: hoursAgo(2) });
    expect(started.status).toBe(200);
    const moved = await move(caseOf(started), 'monitoring', 'tech1');
    expect(moved.status, JSON.stringify(moved.body)).toBe(201);
    return caseOf(moved);
  }

  async function activeOf(technologist: string) {
    const reply = await call('GET', `${API_PATHS.caseAssignments}?technologist=${technologist}&perPage=100`);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return (reply.body.data as CaseRow[]).map((row) => row.id);
  }

  describe('intake', () => {
    it('takes in a case with its patient details: numbered per client and year, in intake', async () => {
      const client = await createClient();
      await addProtocol(client.id, 0);
      const created = await intake(client.id, {
        patient: { ...PATIENT, medications: 'Levetiracetam 500 mg' },
      });
      const year = caseYear('America/Chicago', new Date());
      expect(created).toMatchObject({
        caseNumber: `${client.code}-${year}-0001`,
        stage: 'intake',
        studyType: 'long-term',
        hasVideo: true,
        monitoringLevel: 'continuous',
        version: 1,
        protocolRevision: 1,
        transferRevision: null,
        createdBy: 'tech1',
        client: { id: client.id, code: client.code, timeZone: 'America/Chicago' },
        patient: { ...PATIENT, medications: 'Levetiracetam 500 mg', version: 1 },
        technologists: [],
        transitions: [],
      });
      const second = await intake(client.id);
      expect(second.caseNumber).toBe(`${client.code}-${year}-0002`);
      expect(second.patient).toBeNull();
    });

    it('refuses bad input with every failing field, an unknown or disabled client, and non-writers', async () => {
      const bad = await call('POST', API_PATHS.cases, 'tech1', {
        clientId: 'seven',
        studyType: 'eeg',
        monitoringLevel: 'sometimes',
        patient: { dateOfBirth: '2999-01-01', sex: 'Q' },
      });
      expect(bad.status).toBe(400);
      expect(fieldNames(bad)).toEqual([
        'clientId',
        'monitoringLevel',
        'patient.dateOfBirth',
        'patient.sex',
        'studyType',
      ]);
      const unknown = await call('POST', API_PATHS.cases, 'tech1', {
        clientId: 999_999,
        studyType: 'icu',
        monitoringLevel: 'continuous',
      });
      expect(unknown.status).toBe(400);
      expect(unknown.body.fields).toEqual([{ field: 'clientId', message: 'No client with id 999999' }]);

      const disabled = await createClient({ isEnabled: false });
      const refused = await call('POST', API_PATHS.cases, 'tech1', {
        clientId: disabled.id,
        studyType: 'icu',
        monitoringLevel: 'continuous',
      });
      expect(refused.status).toBe(400);
      expect(refused.body.fields?.[0].message).toMatch(/is disabled/);

      const client = await createClient();
      for (const as of ['reader1', 'billing1'] as const) {
        const denied = await call('POST', API_PATHS.cases, as, {
          clientId: client.id,
          studyType: 'icu',
          monitoringLevel: 'continuous',
        });
        expect(denied.status).toBe(403);
      }
      expect((await call('GET', API_PATHS.clientRecords(client.id, 'cases'))).body.total).toBe(0);
    });

    it('gives 20 parallel intakes for one client 20 different numbers, 0001 to 0020', async () => {
      const client = await createClient();
      const created = await Promise.all(Array.from({ length: 20 }, () => intake(client.id)));
      const numbers = created.map((c) => c.caseNumber).sort();
      const year = caseYear('America/Chicago', new Date());
      expect(numbers).toEqual(
        Array.from({ length: 20 }, (_, i) => `${client.code}-${year}-${String(i + 1).padStart(4, '0')}`),
      );
    });
  });

  describe('the path from intake to closed', () => {
    it('refuses each move with the unmet guards named (409), then makes it once they are met', async () => {
      const client = await createClient();
      await addProtocol(client.id, 0);
      let current = await intake(client.id, { patient: { mrn: 'MRN-1', firstName: 'Ada' } });

      // intake → monitoring: patient details, a technologist, the recording start.
      const early = await move(current, 'monitoring', 'tech1');
      expect(early.status).toBe(409);
      expect(early.body.unmet).toEqual([
        'Patient details are incomplete: last name, date of birth, sex',
        'Assign at least one technologist',
        'Set the recording start time',
      ]);
      expect(early.body.error).toContain('cannot move to monitoring');
      expect((await details(current.id, 'tech1')).allowedTransitions).toEqual([
        {
          to: 'monitoring',
          kind: 'forward',
          reasonRequired: false,
          allowed: false,
          unmet: early.body.unmet,
        },
      ]);
      await server.database.db.execute(
        `update case_patients set last_name = 'Quinlan', date_of_birth = '1958-04-17', sex = 'F' where case_id = ${current.id}`,
      );
      expect((await assign('tech1', [...(await activeOf('tech1')), current.id])).status).toBe(200);
      current = await details(current.id);
      const stillNoStart = await move(current, 'monitoring', 'tech1');
      expect(stillNoStart.body.unmet).toEqual(['Set the recording start time']);
      current = caseOf(await patch(current, { recordingStart: hoursAgo(3) }));
      const monitoring = await move(current, 'monitoring', 'tech1');
      expect(monitoring.status).toBe(201);
      expect(monitoring.body.data).toMatchObject({
        transition: { from: 'intake', to: 'monitoring', by: 'tech1', reason: '' },
        case: { stage: 'monitoring', version: current.version + 1 },
      });
      current = caseOf(monitoring);

      // monitoring → preview: the recording end, no open time log.
      const logId = await addRecord(current.id, 'time-logs', { start: hoursAgo(2), activity: 'monitoring' });
      const open = await move(current, 'preview', 'reader1');
      expect(open.status).toBe(409);
      expect(open.body.unmet).toEqual([
        'Set the recording end time',
        'Close the open time log first (1 open)',
      ]);
      // The log ends with the recording: a monitoring log lies within it (DESIGN §4 "Windows").
      const recordingEnd = hoursAgo(1);
      current = caseOf(await patch(current, { recordingEnd }));
      await reviseRecord(current.id, 'time-logs', logId, { baseRevision: 1, end: recordingEnd });
      const preview = await move(current, 'preview', 'reader1');
      expect(preview.status).toBe(201);
      current = caseOf(preview);

      // preview → reviewed: a signed final interpretation (a draft or a voided one does not count).
      const draftId = await addRecord(current.id, 'interpretations', { kind: 'final' }, 'reader1');
      const unsigned = await move(current, 'reviewed', 'reader1');
      expect(unsigned.body.unmet).toEqual([
        'A signed final interpretation is required',
        'Sign or void the draft interpretation first: the draft final interpretation',
      ]);
      await reviseRecord(
        current.id,
        'interpretations',
        draftId,
        { baseRevision: 1, status: 'signed', seizuresInPeriod: false },
        'reader1',
      );
      const reviewed = await move(current, 'reviewed', 'reader1');
      expect(reviewed.status).toBe(201);
      current = caseOf(reviewed);

      // reviewed → closed: billing notes settled; the protocol snapshot is taken.
      const noteId = await addRecord(
        current.id,
        'billing-notes',
        { text: 'Check hours', month: hoursAgo(1).slice(0, 7) },
        'billing1',
      );
      const unsettled = await move(current, 'closed', 'billing1');
      expect(unsettled.body.unmet).toEqual(['Settle the billing note first (1 unsettled)']);
      await reviseRecord(current.id, 'billing-notes', noteId, { baseRevision: 1, settled: true }, 'billing1');
      const closed = await move(current, 'closed', 'billing1');
      expect(closed.status).toBe(201);
      current = caseOf(closed);
      expect(current.stage).toBe('closed');
      expect(current.transitions.map((t) => `${t.from}→${t.to} by ${t.by}`)).toEqual([
        'intake→monitoring by tech1',
        'monitoring→preview by reader1',
        'preview→reviewed by reader1',
        'reviewed→closed by billing1',
      ]);
      const audited = await server.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'case.transition'), eq(auditLog.resourceId, String(current.id))));
      expect(audited).toHaveLength(4);
      expect(JSON.stringify(audited)).not.toContain('Quinlan');
    });

    it('refuses a move the role may not make (403) and a stale version (409), changing nothing', async () => {
      const client = await createClient();
      const monitoring = await caseInMonitoring(client.id);
      const asBilling = await move(monitoring, 'preview', 'billing1');
      expect(asBilling.status).toBe(403);
      expect(asBilling.body.error).toBe(
        'Moving a case from monitoring to preview requires the technologist, reader or admin role',
      );
      const reopenAsTech = await move(monitoring, 'intake', 'tech1', 'Wrong patient');
      expect(reopenAsTech.status).toBe(403);
      const stale = await move({ ...monitoring, version: monitoring.version - 1 }, 'intake', 'admin', 'Why');
      expect(stale.status).toBe(409);
      expect(stale.body.error).toMatch(/changed by someone else/);
      const illegal = await move(monitoring, 'reviewed', 'admin');
      expect(illegal.status).toBe(409);
      expect(illegal.body.error).toBe('A case in monitoring cannot move to reviewed');
      const after = await details(monitoring.id);
      expect(after.stage).toBe('monitoring');
      expect(after.version).toBe(monitoring.version);
      expect(after.transitions).toHaveLength(1);
    });

    it('cancels an intake case to closed only with a reason (admin), and reopens it to intake', async () => {
      const client = await createClient();
      const created = await intake(client.id);
      const noReason = await move(created, 'closed', 'admin', '   ');
      expect(noReason.status).toBe(409);
      expect(noReason.body.unmet).toEqual(['A reason is required']);
      expect((await move(created, 'closed', 'tech1', 'Duplicate')).status).toBe(403);
      const cancelled = await move(created, 'closed', 'admin', 'Duplicate order from the unit');
      expect(cancelled.status).toBe(201);
      const closed = caseOf(cancelled);
      expect(closed.transitions[0]).toMatchObject({
        from: 'intake',
        to: 'closed',
        reason: 'Duplicate order from the unit',
      });
      expect((await details(closed.id)).allowedTransitions).toEqual([
        { to: 'intake', kind: 'reopen', reasonRequired: true, allowed: true, unmet: [] },
      ]);
      const reopened = await move(closed, 'intake', 'admin', 'Order was not a duplicate');
      expect(reopened.status).toBe(201);
      expect(caseOf(reopened).stage).toBe('intake');
    });
  });

  describe('a closed case', () => {
    async function closedCase() {
      const client = await createClient();
      await addProtocol(client.id, 0);
      const created = await intake(client.id);
      const closed = caseOf(await move(created, 'closed', 'admin', 'Cancelled by the unit'));
      return { client, closed };
    }

    it('refuses PATCH, actions, assignments and every move but an admin reopen, which is recorded', async () => {
      const { closed } = await closedCase();
      const refusal = `Case ${closed.caseNumber} is closed`;
      const edited = await patch(closed, { hasVideo: false }, 'admin');
      expect([edited.status, edited.body.error]).toEqual([409, refusal]);
      const action = await call('POST', API_PATHS.caseActions(closed.id), 'admin', {
        kind: 'other',
        note: 'x',
      });
      expect([action.status, action.body.error]).toEqual([409, refusal]);
      const onTransition = await call(
        'POST',
        API_PATHS.caseTransitionActions(closed.id, closed.transitions[0].id),
        'admin',
        { kind: 'report-sent' },
      );
      expect(onTransition.status).toBe(409);
      const assigned = await assign('tech1', [closed.id]);
      expect([assigned.status, assigned.body.error]).toEqual([409, refusal]);
      for (const to of ['monitoring', 'preview', 'reviewed', 'closed'] as const) {
        const moved = await move(closed, to, 'admin', 'Try');
        expect([to, moved.status, moved.body.error]).toEqual([to, 409, refusal]);
      }
      expect((await move(closed, 'intake', 'reader1', 'Try')).status).toBe(403);
      const deleted = await call('DELETE', `${API_PATHS.case(closed.id)}?version=${closed.version}`);
      expect(deleted.status).toBe(409);

      const reopened = await move(closed, 'intake', 'admin', 'Reopened: order confirmed');
      expect(reopened.status).toBe(201);
      const after = caseOf(reopened);
      expect(after.transitions.at(-1)).toMatchObject({
        from: 'closed',
        to: 'intake',
        by: 'admin',
        reason: 'Reopened: order confirmed',
      });
    });

    it('keeps the protocol it closed under after the client protocol gets a new revision', async () => {
      const { client, closed } = await closedCase();
      const before = await call('GET', API_PATHS.closedCaseProtocol(closed.id), 'reader1');
      expect(before.status).toBe(200);
      expect(before.body.data).toMatchObject({
        caseId: closed.id,
        takenBy: 'admin',
        protocol: { kind: 'protocol', revision: 1, body: 'Protocol revision 1', checkIntervalMinutes: 30 },
        transfer: null,
      });
      await addProtocol(client.id, 1, 60);
      const current = await call('GET', API_PATHS.protocol(client.id));
      expect((current.body.data as { revision: number }).revision).toBe(2);
      const after = await call('GET', API_PATHS.closedCaseProtocol(closed.id), 'billing1');
      expect(after.body.data).toEqual(before.body.data);

      const open = await intake(client.id);
      const notClosed = await call('GET', API_PATHS.closedCaseProtocol(open.id));
      expect(notClosed.status).toBe(404);
      expect(notClosed.body.error).toMatch(/is not closed/);
    });
  });

  describe('header edits', () => {
    it('saves with the loaded version, refuses a stale one and bad recording times with their fields', async () => {
      const client = await createClient();
      const created = await intake(client.id);
      const saved = await patch(created, {
        studyType: 'icu',
        reader: 'reader1',
        recordingStart: hoursAgo(1),
      });
      expect(saved.status).toBe(200);
      expect(caseOf(saved)).toMatchObject({ studyType: 'icu', reader: 'reader1', version: 2 });
      // The reader is named with their credentials, for the header and the printout.
      expect(caseOf(saved).people).toEqual([
        { username: 'reader1', name: 'Marcus Feld', credentials: 'MD, FACNS' },
      ]);
      const stale = await patch(created, { studyType: 'routine' });
      expect(stale.status).toBe(409);
      const current = caseOf(saved);
      const endBeforeStart = await patch(current, { recordingEnd: hoursAgo(5) });
      expect(endBeforeStart.status).toBe(400);
      expect(endBeforeStart.body.fields).toEqual([
        { field: 'recordingEnd', message: 'Recording end must be after the recording start' },
      ]);
      const future = await patch(current, {
        recordingStart: new Date(Date.now() + 86_400_000).toISOString(),
      });
      expect(fieldNames(future)).toEqual(['recordingStart']);
      const notAReader = await patch(current, { reader: 'billing1' });
      expect(notAReader.body.fields).toEqual([{ field: 'reader', message: 'billing1 is not a reader' }]);
      const wrongTypes = await patch(current, { hasVideo: 'yes', recordingEnd: 'tomorrow' });
      expect(fieldNames(wrongTypes)).toEqual(['hasVideo', 'recordingEnd']);
      expect((await patch(current, { hasVideo: false }, 'reader1')).status).toBe(403);
      expect((await details(created.id)).version).toBe(2);
    });

    it('deletes an intake case with no history (admin, current version); otherwise 409', async () => {
      const client = await createClient();
      const created = await intake(client.id);
      expect((await call('DELETE', `${API_PATHS.case(created.id)}?version=1`, 'tech1')).status).toBe(403);
      expect((await call('DELETE', `${API_PATHS.case(created.id)}?version=7`)).status).toBe(409);
      expect((await call('DELETE', `${API_PATHS.case(created.id)}?version=1`)).status).toBe(200);
      expect((await call('GET', API_PATHS.caseDetails(created.id))).status).toBe(404);

      const monitoring = await caseInMonitoring(client.id);
      const refused = await call('DELETE', `${API_PATHS.case(monitoring.id)}?version=${monitoring.version}`);
      expect(refused.status).toBe(409);
      expect(refused.body.error).toMatch(/cancel it: move it to closed with a reason/);
    });
  });

  describe('actions', () => {
    it('records actions on a case and on a transition, by any role that reads cases', async () => {
      const client = await createClient();
      const monitoring = await caseInMonitoring(client.id);
      const onCase = await call('POST', API_PATHS.caseActions(monitoring.id), 'billing1', {
        kind: 'client-notified',
        note: 'Charge nurse informed',
      });
      expect(onCase.status).toBe(201);
      const transitionId = monitoring.transitions[0].id;
      const onTransition = await call(
        'POST',
        API_PATHS.caseTransitionActions(monitoring.id, transitionId),
        'reader1',
        { kind: 'report-sent' },
      );
      expect(onTransition.status).toBe(201);
      const badKind = await call('POST', API_PATHS.caseActions(monitoring.id), 'reader1', { kind: 'waved' });
      expect(fieldNames(badKind)).toEqual(['kind']);
      const otherCase = await intake(client.id);
      const wrongTransition = await call(
        'POST',
        API_PATHS.caseTransitionActions(otherCase.id, transitionId),
        'admin',
        { kind: 'other' },
      );
      expect(wrongTransition.status).toBe(404);

      const after = await details(monitoring.id);
      expect(after.actions).toEqual([
        expect.objectContaining({
          kind: 'client-notified',
          note: 'Charge nurse informed',
          by: 'billing1',
          transitionId: null,
        }),
      ]);
      expect(after.transitions[0].actions).toEqual([
        expect.objectContaining({ kind: 'report-sent', by: 'reader1', transitionId }),
      ]);
    });
  });

  describe('technologists and their load', () => {
    it('refuses a 5th continuous active case (409 naming the limit) and keeps the set as it was', async () => {
      const client = await createClient();
      // Another technologist of the demo pool, so tech1's load in other tests does not matter.
      const tech = 'newhire';
      await assign(tech, []);
      const cases = await Promise.all(Array.from({ length: 5 }, () => intake(client.id)));
      const four = cases.slice(0, 4).map((c) => c.id);
      expect((await assign(tech, four)).body.data).toMatchObject({
        username: tech,
        active: { continuous: 4, intermittent: 0, unmonitored: 0 },
        caseIds: four,
      });
      const fifth = await assign(tech, [...four, cases[4].id]);
      expect(fifth.status).toBe(409);
      expect(fifth.body.error).toBe(
        'Sam Ortega would hold 5 continuous cases, a load of 15; the limit is 12 (a continuous case weighs 3, an intermittent one 1)',
      );
      expect((await activeOf(tech)).sort()).toEqual([...four].sort());

      // Raising a held case's level past the limit is refused the same way.
      const intermittent = await intake(client.id, { monitoringLevel: 'intermittent' });
      await assign(tech, [...four.slice(0, 3), intermittent.id]);
      const raised = await patch(await details(intermittent.id), { monitoringLevel: 'continuous' });
      expect(raised.status).toBe(200);
      // The limit is combined (DESIGN §4): 4 continuous and 1 intermittent weigh 13, over 12, though each level
      // alone is within its share.
      const fresh = await intake(client.id, { monitoringLevel: 'intermittent' });
      const mixed = await assign(tech, [...four.slice(0, 3), intermittent.id, fresh.id]);
      expect(mixed.status).toBe(409);
      expect(mixed.body.error).toMatch(
        /4 continuous and 1 intermittent cases, a load of 13; the limit is 12/,
      );
      // 3 continuous and 3 intermittent weigh 12: held; raising one intermittent case makes 14.
      const two = await Promise.all([1, 2].map(() => intake(client.id, { monitoringLevel: 'intermittent' })));
      const full = await assign(tech, [...four.slice(0, 3), fresh.id, ...two.map((c) => c.id)]);
      expect(full.status).toBe(200);
      const tooMany = await patch(await details(fresh.id), { monitoringLevel: 'continuous' });
      expect(tooMany.status).toBe(409);
      expect(tooMany.body.error).toMatch(
        /4 continuous and 2 intermittent cases, a load of 14; the limit is 12/,
      );

      const roster = await call('GET', API_PATHS.technologists, 'reader1');
      const listed = (roster.body.data as { username: string; active: Json }[]).find(
        (t) => t.username === tech,
      );
      expect(listed?.active).toEqual({ continuous: 3, intermittent: 3, unmonitored: 0 });
      await assign(tech, []);
    });

    it('keeps at least one technologist on a case in monitoring (409 naming the case); one of two may leave', async () => {
      const client = await createClient();
      const monitoring = await caseInMonitoring(client.id);
      const waiting = await intake(client.id, { monitoringLevel: 'unmonitored' });
      await assign('tech1', [...(await activeOf('tech1')), waiting.id]);
      const others = (await activeOf('tech1')).filter((id) => id !== monitoring.id && id !== waiting.id);

      const last = await assign('tech1', others);
      expect(last.status).toBe(409);
      expect(last.body.error).toBe(
        `Priya Raman is the only technologist of case ${monitoring.caseNumber} in monitoring; a case in monitoring keeps at least one technologist: assign another first, or hand the case over`,
      );
      // Nothing was written: the intake case taken off in the same call is still held.
      expect((await details(monitoring.id)).technologists).toEqual([
        { username: 'tech1', name: 'Priya Raman' },
      ]);
      expect(await activeOf('tech1')).toContain(waiting.id);

      // With a second technologist on it, the first may leave; the last one then may not.
      const newhire = await activeOf('newhire');
      expect((await assign('newhire', [...newhire, monitoring.id])).status).toBe(200);
      expect((await assign('tech1', others)).status).toBe(200);
      expect((await details(monitoring.id)).technologists).toEqual([
        { username: 'newhire', name: 'Sam Ortega' },
      ]);
      expect((await assign('newhire', newhire)).status).toBe(409);
      expect((await assign('tech1', [...others, monitoring.id])).status).toBe(200);
      expect((await assign('newhire', newhire)).status).toBe(200);
    });

    it('assigns only to technologists, only active cases, and only by technologists and admins', async () => {
      const client = await createClient();
      const created = await intake(client.id);
      expect((await assign('reader1', [created.id])).status).toBe(404);
      expect((await assign('tech1', [created.id], 'reader1')).status).toBe(403);
      expect((await assign('tech1', [999_999])).status).toBe(404);
      const duplicated = await assign('tech1', [created.id, created.id]);
      expect(fieldNames(duplicated)).toEqual(['caseIds']);
      const monitoring = await caseInMonitoring(client.id);
      const preview = caseOf(
        await move(caseOf(await patch(monitoring, { recordingEnd: hoursAgo(1) })), 'preview', 'tech1'),
      );
      const notActive = await assign('tech1', [preview.id]);
      expect(notActive.status).toBe(409);
      expect(notActive.body.error).toMatch(/only intake and monitoring cases take technologists/);
      // A technologist stays named on the case after it leaves the active stages.
      expect((await details(preview.id)).technologists).toEqual([{ username: 'tech1', name: 'Priya Raman' }]);
    });
  });

  describe('lists', () => {
    it("counts a whole stage list's total as its cases come, move and go", async () => {
      const client = await createClient();
      const total = async (stage: CaseStage) => {
        const reply = await call('GET', `${API_PATHS.caseStage(stage)}?perPage=1`);
        expect(reply.status).toBe(200);
        return reply.body.total as number;
      };
      const counted = async (stage: CaseStage) => server.database.db.$count(cases, eq(cases.stage, stage));
      const before = { intake: await total('intake'), monitoring: await total('monitoring') };
      expect(before.intake).toBe(await counted('intake'));
      expect(before.monitoring).toBe(await counted('monitoring'));
      expect(await total('closed')).toBe(await counted('closed'));

      const kept = await intake(client.id);
      const removed = await intake(client.id);
      expect(await total('intake')).toBe(before.intake + 2);
      await caseInMonitoring(client.id);
      expect(await total('monitoring')).toBe(before.monitoring + 1);
      expect((await call('DELETE', `${API_PATHS.case(removed.id)}?version=${removed.version}`)).status).toBe(
        200,
      );
      expect(await total('intake')).toBe(before.intake + 1);
      expect(await total('intake')).toBe(await counted('intake'));
      // A page past the last still says how many there are.
      const pastTheEnd = await call(
        'GET',
        `${API_PATHS.caseStage('intake')}?perPage=100&page=${Math.floor(before.intake / 100) + 2}`,
      );
      expect(pastTheEnd.body).toMatchObject({ data: [], total: before.intake + 1 });
      // Several stages (the assignments list) add up; a filtered list still counts its matches.
      expect((await call('GET', API_PATHS.caseAssignments)).body.total).toBe(
        (await counted('intake')) + (await counted('monitoring')),
      );
      const ofClient = await call('GET', `${API_PATHS.caseStage('intake')}?clientId=${client.id}`);
      expect(ofClient.body.total).toBe(1);
      expect((ofClient.body.data as CaseRow[]).map((row) => row.id)).toEqual([kept.id]);
    });

    it('lists each stage with filters by client, technologist, search and recording start', async () => {
      const client = await createClient();
      const other = await createClient();
      const monitoring = await caseInMonitoring(client.id);
      const waiting = await intake(client.id, {
        patient: { mrn: 'ZX-777', firstName: 'Bo', lastName: 'Ekdahl' },
      });
      await intake(other.id);

      const intakeList = await call(
        'GET',
        `${API_PATHS.caseStage('intake')}?clientId=${client.id}`,
        'billing1',
      );
      expect(intakeList.body.total).toBe(1);
      expect(intakeList.body.data).toEqual([
        expect.objectContaining({
          id: waiting.id,
          clientName: `Case Test Hospital ${client.code}`,
          // The row's times are shown in its client's zone (DESIGN §4 one clock).
          clientTimeZone: 'America/Chicago',
          patientName: 'Ekdahl, Bo',
          mrn: 'ZX-777',
          technologists: [],
          overdue: false,
        }),
      ]);
      const monitoringList = await call('GET', `${API_PATHS.caseStage('monitoring')}?clientId=${client.id}`);
      expect(monitoringList.body.data).toEqual([
        expect.objectContaining({ id: monitoring.id, technologists: ['tech1'], patientName: 'Quinlan, Ada' }),
      ]);
      const search = async (q: string) =>
        (
          (await call('GET', `${API_PATHS.caseStage('intake')}?q=${encodeURIComponent(q)}`)).body
            .data as CaseRow[]
        ).map((row) => row.id);
      expect(await search('zx-7')).toEqual([waiting.id]);
      expect(await search('ekdahl, b')).toEqual([waiting.id]);
      expect(await search(waiting.caseNumber)).toEqual([waiting.id]);
      expect(await search('%')).toEqual([]);

      const byTech = await call(
        'GET',
        `${API_PATHS.caseStage('monitoring')}?technologist=tech1&clientId=${client.id}`,
      );
      expect(byTech.body.total).toBe(1);
      const today = new Date().toISOString().slice(0, 10);
      const inRange = await call(
        'GET',
        `${API_PATHS.caseStage('monitoring')}?clientId=${client.id}&from=2000-01-01&to=${today}`,
      );
      expect(inRange.body.total).toBe(1);
      const outOfRange = await call(
        'GET',
        `${API_PATHS.caseStage('monitoring')}?clientId=${client.id}&to=2000-01-01`,
      );
      expect(outOfRange.body.total).toBe(0);
      const badFilters = await call(
        'GET',
        `${API_PATHS.caseStage('closed')}?from=yesterday&sort=patient&clientId=x`,
      );
      expect(fieldNames(badFilters)).toEqual(['clientId', 'from', 'sort']);

      const assignments = await call(
        'GET',
        `${API_PATHS.caseAssignments}?clientId=${client.id}&sort=caseNumber&order=ASC`,
      );
      expect((assignments.body.data as CaseRow[]).map((row) => row.stage).sort()).toEqual([
        'intake',
        'monitoring',
      ]);
      expect((await call('GET', API_PATHS.caseStage('intake'), 'reader1')).status).toBe(200);
    });

    it('marks a monitoring case overdue when its latest check is older than the protocol interval', async () => {
      const client = await createClient();
      await addProtocol(client.id, 0, 30);
      const monitoring = await caseInMonitoring(client.id);
      const overdueOf = async () =>
        (
          (await call('GET', `${API_PATHS.caseStage('monitoring')}?clientId=${client.id}`)).body
            .data as CaseRow[]
        )[0].overdue;
      // Recording started 2 hours ago, no check since: overdue against a 30-minute interval.
      expect(await overdueOf()).toBe(true);
      await addRecord(monitoring.id, 'impedances', { measuredAt: hoursAgo(1), values: { Fp1: 3 } });
      // An impedance an hour ago is still older than the interval; a check log of 15 to 10 minutes ago is
      // not (a check counts at its end).
      expect(await overdueOf()).toBe(true);
      const check = await addRecord(monitoring.id, 'time-logs', {
        start: hoursAgo(0.25),
        activity: 'monitoring',
      });
      expect(await overdueOf()).toBe(true);
      await reviseRecord(monitoring.id, 'time-logs', check, {
        baseRevision: 1,
        activity: 'check',
        end: hoursAgo(1 / 6),
      });
      expect(await overdueOf()).toBe(false);
      await addRecord(monitoring.id, 'impedances', {
        measuredAt: new Date().toISOString(),
        values: { Fp1: 3 },
      });
      expect(await overdueOf()).toBe(false);
    });
  });

  it('names a case by its number in the breadcrumbs for users who may read it', async () => {
    const client = await createClient();
    const created = await intake(client.id);
    const queryPath = `/continuous-monitoring/cases/intake/${created.id}/details`;
    const crumbs = await call(
      'GET',
      `${API_PATHS.breadcrumbs}?queryPath=${encodeURIComponent(queryPath)}`,
      'reader1',
    );
    expect((crumbs.body.data as { title: string }[]).map((crumb) => crumb.title)).toContain(
      created.caseNumber,
    );
  });
});
