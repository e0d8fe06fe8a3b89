import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { auditLog, protocolRevisions } from '../../server/db/schema';
import { caseYear } from '../../server/domain/caseNumbers';
import { DEMO_PASSWORD } from './support/constants';
import { fetchIdToken } from './support/identity';
import { describeEachDatabase, startTestServer, type TestServer } from './support/testServer';

type DemoUsername = 'admin' | 'tech1' | 'reader1' | 'billing1';
type Json = Record<string, unknown>;
type Reply = {
  status: number;
  body: Json & { data?: unknown; total?: number; error?: string; fields?: Field[] };
};
type Field = { field: string; message: string };

const CLIENTS = '/continuous-monitoring/clients';

const validClient = (code: string, overrides: Json = {}) => ({
  name: `Test Hospital ${code}`,
  code,
  timeZone: 'America/Chicago',
  address: '1 Main Street, Springfield, IL 62701',
  phone: '+1 (217) 555-0100',
  notes: 'Night shift prefers phone calls.',
  ...overrides,
});

const validContact = (overrides: Json = {}) => ({
  name: 'Dr. Alex Moreno',
  role: 'Neurologist on call',
  phone: '+1 217 555 0101',
  email: 'alex.moreno@example.org',
  escalationOrder: 1,
  ...overrides,
});

const validProtocol = (baseRevision: number, overrides: Json = {}) => ({
  baseRevision,
  body: `# Monitoring protocol\n\nCheck every 30 minutes (edit from ${baseRevision}).`,
  notificationRules: [],
  checkIntervalMinutes: 30,
  reportTurnaroundHours: 24,
  ...overrides,
});

const fieldNames = (reply: Reply) => (reply.body.fields ?? []).map((f) => f.field).sort();
const fieldMessage = (reply: Reply, field: string) =>
  reply.body.fields?.find((f) => f.field === field)?.message;

describeEachDatabase('Clients API', (kind) => {
  let server: TestServer;
  const tokens = {} as Record<DemoUsername, string>;

  beforeAll(async () => {
    server = await startTestServer(kind);
    const identity = inject('identity');
    for (const username of ['admin', 'tech1', 'reader1', 'billing1'] as const) {
      tokens[username] = await fetchIdToken(identity, username, DEMO_PASSWORD);
    }
  });
  afterAll(async () => {
    await server?.close();
  });

  async function call(
    method: string,
    path: string,
    options: { as?: DemoUsername | null; body?: unknown } = {},
  ): Promise<Reply> {
    const headers: Record<string, string> = {};
    const as = options.as === undefined ? 'admin' : options.as;
    if (as) headers.authorization = tokens[as];
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${server.api}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    return { status: response.status, body: (await response.json()) as Reply['body'] };
  }

  /** A case taken in through the API (admin), as its details. */
  async function intakeCase(clientId: number) {
    const reply = await call('POST', '/continuous-monitoring/cases', {
      body: { clientId, studyType: 'long-term', monitoringLevel: 'continuous' },
    });
    expect(reply.status).toBe(201);
    return reply.body.data as { id: number; version: number };
  }

  async function createClient(code: string, overrides: Json = {}) {
    const reply = await call('POST', CLIENTS, { body: validClient(code, overrides) });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    return reply.body.data as Json & { id: number; version: number };
  }

  async function createContact(clientId: number, overrides: Json = {}) {
    const reply = await call('POST', `${CLIENTS}/${clientId}/contacts`, { body: validContact(overrides) });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    return reply.body.data as Json & { _id: number; version: number };
  }

  function auditEntries(action: string, clientId: number) {
    return server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.resourceId, String(clientId))));
  }

  describe('authentication and roles', () => {
    it('refuses every endpoint without a token (401)', async () => {
      for (const [method, path] of [
        ['GET', CLIENTS],
        ['GET', `${CLIENTS}/ids`],
        ['GET', `${CLIENTS}/1`],
        ['POST', CLIENTS],
        ['GET', `${CLIENTS}/1/protocol`],
        ['GET', `${CLIENTS}/1/contacts`],
        ['GET', `${CLIENTS}/1/useful-links`],
        ['GET', `${CLIENTS}/1/cases`],
      ]) {
        const reply = await call(method, path, { as: null, body: method === 'POST' ? {} : undefined });
        expect(reply.status, `${method} ${path}`).toBe(401);
        expect(reply.body.success).toBe(false);
      }
    });

    it('lets every role read clients but only admin write them (403 otherwise)', async () => {
      const client = await createClient('ROLES');
      for (const user of ['tech1', 'reader1', 'billing1'] as const) {
        expect((await call('GET', CLIENTS, { as: user })).status).toBe(200);
        expect((await call('GET', `${CLIENTS}/${client.id}`, { as: user })).status).toBe(200);
        expect((await call('GET', `${CLIENTS}/${client.id}/protocol`, { as: user })).status).toBe(200);
      }
      const writes: [string, string, unknown][] = [
        ['POST', CLIENTS, validClient('TECH')],
        ['PUT', `${CLIENTS}/${client.id}`, { ...validClient('ROLES'), version: client.version }],
        ['DELETE', `${CLIENTS}/${client.id}?version=${client.version}`, undefined],
        ['POST', `${CLIENTS}/${client.id}/contacts`, validContact()],
        ['POST', `${CLIENTS}/${client.id}/useful-links`, { label: 'Viewer', url: 'https://example.org/v' }],
        ['POST', `${CLIENTS}/${client.id}/protocol/revisions`, validProtocol(0)],
      ];
      for (const [method, path, body] of writes) {
        const reply = await call(method, path, { as: 'tech1', body });
        expect(reply.status, `${method} ${path}`).toBe(403);
        expect(reply.body.error).toMatch(/Your role may not/);
      }
      const unchanged = await call('GET', `${CLIENTS}/${client.id}`);
      expect((unchanged.body.data as Json).version).toBe(client.version);
    });
  });

  describe('clients', () => {
    it('creates a client, uppercasing the code, and audits the write', async () => {
      const reply = await call('POST', CLIENTS, { body: validClient('st-bri', { name: '  St. Brigid  ' }) });
      expect(reply.status).toBe(201);
      const client = reply.body.data as Json & { id: number };
      expect(client).toMatchObject({
        name: 'St. Brigid',
        code: 'ST-BRI',
        timeZone: 'America/Chicago',
        isEnabled: true,
        version: 1,
      });
      expect(typeof client.createdAt).toBe('string');
      const [entry] = await auditEntries('client.create', client.id);
      expect(entry).toMatchObject({ actor: 'admin', resource: 'clients', outcome: 'ok' });
      expect(entry.details).toEqual({ after: { version: 1 } });
    });

    it('names every failing field with a human message (400)', async () => {
      const empty = await call('POST', CLIENTS, { body: {} });
      expect(empty.status).toBe(400);
      expect(fieldNames(empty)).toEqual(['code', 'name', 'timeZone']);
      expect(fieldMessage(empty, 'name')).toBe('Name is required');

      const bad = await call('POST', CLIENTS, {
        body: validClient('BAD CODE', {
          name: ' ',
          timeZone: 'Mars/Olympus',
          phone: 'call me',
          isEnabled: 'yes',
        }),
      });
      expect(bad.status).toBe(400);
      expect(fieldNames(bad)).toEqual(['code', 'isEnabled', 'name', 'phone', 'timeZone']);
      expect(fieldMessage(bad, 'timeZone')).toMatch(/valid IANA time zone/);
      expect(fieldMessage(bad, 'code')).toMatch(/letters, digits and dashes/);

      const tooLong = await call('POST', CLIENTS, { body: validClient('ABCDEFGHIJKLM') });
      expect(fieldMessage(tooLong, 'code')).toBe('Code must be at most 12 characters');
    });

    it('refuses a duplicate code as a field error on code', async () => {
      await createClient('DUP');
      const reply = await call('POST', CLIENTS, { body: validClient('dup') });
      expect(reply.status).toBe(400);
      expect(reply.body.fields).toEqual([
        { field: 'code', message: 'Code DUP is already used by another client' },
      ]);
    });

    it('answers 404 for an unknown id and 400 for a malformed one', async () => {
      const missing = await call('GET', `${CLIENTS}/999999`);
      expect(missing.status).toBe(404);
      expect(missing.body.error).toBe('Client 999999 not found');
      const malformed = await call('GET', `${CLIENTS}/abc`);
      expect(malformed.status).toBe(400);
      expect(fieldNames(malformed)).toEqual(['id']);
    });

    it('answers 400, not 500, to numbers too large for the database', async () => {
      const client = await createClient('BIGNUM');
      const huge = '99999999999999';
      for (const path of [
        `${CLIENTS}/${huge}`,
        `${CLIENTS}/${client.id}/contacts/${huge}`,
        `${CLIENTS}/${client.id}/protocol/revisions/${huge}`,
        `${CLIENTS}?page=${huge}`,
      ]) {
        const reply = await call('GET', path);
        expect(reply.status, path).toBe(400);
      }
      const staleBig = await call('PUT', `${CLIENTS}/${client.id}`, {
        body: validClient('BIGNUM', { version: Number(huge) }),
      });
      expect(staleBig.status).toBe(400);
      expect(fieldNames(staleBig)).toEqual(['version']);
      const revision = await call('POST', `${CLIENTS}/${client.id}/protocol/revisions`, {
        body: validProtocol(Number(huge)),
      });
      expect(revision.status).toBe(400);
      expect(fieldNames(revision)).toEqual(['baseRevision']);
    });

    it('keeps a disabled client disabled when an update leaves isEnabled out', async () => {
      const client = await createClient('KEEPOFF', { isEnabled: false });
      const updated = await call('PUT', `${CLIENTS}/${client.id}`, {
        body: { ...validClient('KEEPOFF', { name: 'Renamed Hospital' }), isEnabled: undefined, version: 1 },
      });
      expect(updated.status).toBe(200);
      expect(updated.body.data).toMatchObject({ name: 'Renamed Hospital', isEnabled: false, version: 2 });
    });

    it('updates with the current version and refuses a stale one (409)', async () => {
      const client = await createClient('UPD');
      const updated = await call('PUT', `${CLIENTS}/${client.id}`, {
        body: { ...validClient('UPD', { name: 'Updated Hospital', isEnabled: false }), version: 1 },
      });
      expect(updated.status).toBe(200);
      expect(updated.body.data).toMatchObject({ name: 'Updated Hospital', isEnabled: false, version: 2 });

      const stale = await call('PUT', `${CLIENTS}/${client.id}`, {
        body: { ...validClient('UPD', { name: 'Lost update' }), version: 1 },
      });
      expect(stale.status).toBe(409);
      expect(stale.body.error).toBe('This client was changed by someone else; reload and try again.');
      const current = await call('GET', `${CLIENTS}/${client.id}`);
      expect(current.body.data).toMatchObject({ name: 'Updated Hospital', version: 2 });

      const [entry] = await auditEntries('client.update', client.id);
      expect(entry.details).toEqual({ before: { version: 1 }, after: { version: 2 } });

      const noVersion = await call('PUT', `${CLIENTS}/${client.id}`, { body: validClient('UPD') });
      expect(noVersion.status).toBe(400);
      expect(fieldNames(noVersion)).toEqual(['version']);

      const unknown = await call('PUT', `${CLIENTS}/999999`, {
        body: { ...validClient('NOPE'), version: 1 },
      });
      expect(unknown.status).toBe(404);

      await createClient('TAKEN');
      const duplicate = await call('PUT', `${CLIENTS}/${client.id}`, {
        body: { ...validClient('TAKEN'), version: 2 },
      });
      expect(duplicate.status).toBe(400);
      expect(fieldNames(duplicate)).toEqual(['code']);
    });

    it('deletes with the current version; refuses a stale version or a client with cases (409)', async () => {
      const client = await createClient('DEL');
      await createContact(client.id);
      const stale = await call('DELETE', `${CLIENTS}/${client.id}?version=7`);
      expect(stale.status).toBe(409);
      expect(stale.body.error).toBe('This client was changed by someone else; reload and try again.');
      const noVersion = await call('DELETE', `${CLIENTS}/${client.id}`);
      expect(noVersion.status).toBe(400);
      expect(fieldNames(noVersion)).toEqual(['version']);

      // Real cases, taken in through the API: one active, one cancelled (closed).
      const busy = await createClient('BUSY');
      await intakeCase(busy.id);
      const cancelled = await intakeCase(busy.id);
      const cancel = await call('POST', `/continuous-monitoring/cases/${cancelled.id}/transitions`, {
        body: { to: 'closed', reason: 'Entered twice', version: cancelled.version },
      });
      expect(cancel.status).toBe(201);
      const blocked = await call('DELETE', `${CLIENTS}/${busy.id}?version=1`);
      expect(blocked.status).toBe(409);
      expect(blocked.body.error).toBe('This client has 2 cases and cannot be deleted.');

      const deleted = await call('DELETE', `${CLIENTS}/${client.id}?version=1`);
      expect(deleted.status).toBe(200);
      expect(deleted.body.data).toMatchObject({ id: client.id, code: 'DEL' });
      expect((await call('GET', `${CLIENTS}/${client.id}`)).status).toBe(404);
      expect((await call('DELETE', `${CLIENTS}/${client.id}?version=1`)).status).toBe(404);
      expect(await auditEntries('client.delete', client.id)).toHaveLength(1);
    });
  });

  describe('client lists', () => {
    beforeAll(async () => {
      for (const [code, name, isEnabled] of [
        ['LST-A', 'alpha Lakes Hospital', true],
        ['LST-B', 'Bravo Lakes Clinic', false],
        ['LST-C', 'Charlie Medical Center', true],
      ] as const) {
        await createClient(code, { name, isEnabled });
      }
    });

    it('searches name or code case-insensitively and filters by isEnabled', async () => {
      const byName = await call('GET', `${CLIENTS}?q=LAKES`);
      expect((byName.body.data as Json[]).map((c) => c.code)).toEqual(['LST-A', 'LST-B']);
      expect(byName.body.total).toBe(2);

      const byCode = await call('GET', `${CLIENTS}?q=lst-c`);
      expect((byCode.body.data as Json[]).map((c) => c.code)).toEqual(['LST-C']);

      const enabled = await call('GET', `${CLIENTS}?q=lst&isEnabled=false`);
      expect((enabled.body.data as Json[]).map((c) => c.code)).toEqual(['LST-B']);

      const literal = await call('GET', `${CLIENTS}?q=${encodeURIComponent('%')}`);
      expect(literal.body.total).toBe(0);
    });

    it('sorts and pages, with the total of every matching row', async () => {
      const descending = await call('GET', `${CLIENTS}?q=lst&sort=name&order=DESC`);
      expect((descending.body.data as Json[]).map((c) => c.code)).toEqual(['LST-C', 'LST-B', 'LST-A']);

      const second = await call('GET', `${CLIENTS}?q=lst&sort=code&page=2&perPage=2`);
      expect((second.body.data as Json[]).map((c) => c.code)).toEqual(['LST-C']);
      expect(second.body.total).toBe(3);

      const invalid = await call('GET', `${CLIENTS}?sort=password&order=up&perPage=1000&isEnabled=maybe`);
      expect(invalid.status).toBe(400);
      expect(fieldNames(invalid)).toEqual(['isEnabled', 'order', 'perPage', 'sort']);
    });

    it('lists ids and names for pickers, all or only enabled', async () => {
      const all = await call('GET', `${CLIENTS}/ids`);
      expect(all.status).toBe(200);
      const names = all.body.data as { id: number; name: string }[];
      expect(names.find((c) => c.name === 'Bravo Lakes Clinic')).toEqual({
        id: expect.any(Number),
        name: 'Bravo Lakes Clinic',
      });
      expect(all.body.total).toBe(names.length);

      const enabled = (await call('GET', `${CLIENTS}/ids/enabled`)).body.data as { name: string }[];
      expect(enabled.map((c) => c.name)).toContain('alpha Lakes Hospital');
      expect(enabled.map((c) => c.name)).not.toContain('Bravo Lakes Clinic');
    });
  });

  describe('contacts', () => {
    it('creates, lists in escalation order, reads and updates contacts', async () => {
      const client = await createClient('CON');
      const second = await createContact(client.id, {
        name: 'Charge Nurse',
        escalationOrder: 2,
        email: null,
      });
      const first = await createContact(client.id, { escalationOrder: 1 });
      expect(second).toMatchObject({ _id: expect.any(Number), clientId: client.id, email: '', version: 1 });
      expect(second).not.toHaveProperty('id');

      const list = await call('GET', `${CLIENTS}/${client.id}/contacts`);
      expect((list.body.data as Json[]).map((c) => c._id)).toEqual([first._id, second._id]);
      expect(list.body.total).toBe(2);

      const one = await call('GET', `${CLIENTS}/${client.id}/contacts/${first._id}`, { as: 'reader1' });
      expect(one.body.data).toMatchObject({ name: 'Dr. Alex Moreno', escalationOrder: 1 });

      const updated = await call('PUT', `${CLIENTS}/${client.id}/contacts/${first._id}`, {
        body: { ...validContact({ escalationOrder: 3 }), version: 1 },
      });
      expect(updated.status).toBe(200);
      expect(updated.body.data).toMatchObject({ escalationOrder: 3, version: 2 });
      const stale = await call('PUT', `${CLIENTS}/${client.id}/contacts/${first._id}`, {
        body: { ...validContact(), version: 1 },
      });
      expect(stale.status).toBe(409);
      expect(stale.body.error).toBe('This contact was changed by someone else; reload and try again.');
      expect(await auditEntries('contact.update', client.id)).toHaveLength(1);
    });

    it('validates contacts and answers 404 for unknown or foreign ids', async () => {
      const client = await createClient('CON-V');
      const other = await createClient('CON-O');
      const foreign = await createContact(other.id);

      const invalid = await call('POST', `${CLIENTS}/${client.id}/contacts`, {
        body: { name: '', email: 'not-an-email', escalationOrder: 0 },
      });
      expect(invalid.status).toBe(400);
      expect(fieldNames(invalid)).toEqual(['email', 'escalationOrder', 'name']);
      expect(fieldMessage(invalid, 'email')).toBe('Enter a valid email address');
      expect(fieldMessage(invalid, 'escalationOrder')).toBe('Escalation order must be between 1 and 99');

      expect((await call('GET', `${CLIENTS}/${client.id}/contacts/${foreign._id}`)).status).toBe(404);
      expect((await call('GET', `${CLIENTS}/999999/contacts`)).status).toBe(404);
      expect((await call('POST', `${CLIENTS}/999999/contacts`, { body: validContact() })).status).toBe(404);
      const put = await call('PUT', `${CLIENTS}/${client.id}/contacts/${foreign._id}`, {
        body: { ...validContact(), version: 1 },
      });
      expect(put.status).toBe(404);
    });
  });

  describe('useful links', () => {
    it('creates, lists, reads and updates links; http(s) only', async () => {
      const client = await createClient('LNK');
      const created = await call('POST', `${CLIENTS}/${client.id}/useful-links`, {
        body: { label: 'EEG viewer', url: 'https://example.org/viewer', description: 'Remote review' },
      });
      expect(created.status).toBe(201);
      const link = created.body.data as Json & { _id: number };
      expect(link).toMatchObject({ label: 'EEG viewer', url: 'https://example.org/viewer', version: 1 });

      for (const url of ['ftp://example.org/file', 'javascript:alert(1)', 'example.org', 'https://']) {
        const bad = await call('POST', `${CLIENTS}/${client.id}/useful-links`, {
          body: { label: 'Bad', url },
        });
        expect(bad.status, url).toBe(400);
        expect(bad.body.fields, url).toEqual([
          { field: 'url', message: 'URL must start with http:// or https://' },
        ]);
      }
      const noLabel = await call('POST', `${CLIENTS}/${client.id}/useful-links`, {
        body: { url: 'http://x.org' },
      });
      expect(noLabel.body.fields).toEqual([{ field: 'label', message: 'Label is required' }]);

      const list = await call('GET', `${CLIENTS}/${client.id}/useful-links`, { as: 'billing1' });
      expect(list.body).toMatchObject({ success: true, total: 1 });
      expect((await call('GET', `${CLIENTS}/${client.id}/useful-links/${link._id}`)).body.data).toEqual(link);

      const path = `${CLIENTS}/${client.id}/useful-links/${link._id}`;
      const updated = await call('PUT', path, {
        body: { label: 'Viewer', url: 'http://example.org/v2', version: 1 },
      });
      expect(updated.body.data).toMatchObject({ label: 'Viewer', description: '', version: 2 });
      const stale = await call('PUT', path, {
        body: { label: 'Viewer', url: 'http://example.org/v3', version: 1 },
      });
      expect(stale.status).toBe(409);
      expect(stale.body.error).toBe('This useful link was changed by someone else; reload and try again.');
      expect((await call('GET', `${CLIENTS}/${client.id}/useful-links/999999`)).status).toBe(404);
    });
  });

  describe('protocol revisions', () => {
    it('appends revisions 1, 2, 3 and never changes an old one', async () => {
      const client = await createClient('PRO');
      const base = `${CLIENTS}/${client.id}/protocol`;
      const nurse = await createContact(client.id, { name: 'Charge Nurse', escalationOrder: 2 });

      const none = await call('GET', base);
      expect(none.body).toEqual({ success: true, data: null });

      const posted: Json[] = [];
      for (const revision of [1, 2, 3]) {
        const reply = await call('POST', `${base}/revisions`, {
          body: validProtocol(revision - 1, {
            checkIntervalMinutes: revision * 10,
            notificationRules: [{ trigger: 'seizure', notify: [nurse._id], withinMinutes: revision }],
          }),
        });
        expect(reply.status, JSON.stringify(reply.body)).toBe(201);
        expect(reply.body.data).toMatchObject({
          kind: 'protocol',
          revision,
          author: 'admin',
          impedanceLimitKOhm: 10,
          checkIntervalMinutes: revision * 10,
        });
        posted.push(reply.body.data as Json);
      }

      for (const [index, revision] of posted.entries()) {
        const readBack = await call('GET', `${base}/revisions/${index + 1}`, { as: 'tech1' });
        expect(readBack.body.data).toEqual(revision);
      }
      expect((await call('GET', base)).body.data).toEqual(posted[2]);

      const history = await call('GET', `${base}/revisions`);
      expect((history.body.data as Json[]).map((r) => r.revision)).toEqual([3, 2, 1]);
      expect(history.body.total).toBe(3);
      expect(history.body.data).toEqual([...posted].reverse());

      const stale = await call('POST', `${base}/revisions`, {
        body: validProtocol(2, { body: 'Concurrent edit' }),
      });
      expect(stale.status).toBe(409);
      expect(stale.body.error).toMatch(/^The protocol was changed by someone else/);
      const after = await call('GET', `${base}/revisions`);
      expect(after.body.total).toBe(3);
      expect(after.body.data).toEqual(history.body.data);

      expect((await call('GET', `${base}/revisions/4`)).status).toBe(404);
      expect(await auditEntries('protocol.revise', client.id)).toHaveLength(3);
    });

    it('keeps transfer revisions separately numbered', async () => {
      const client = await createClient('TRF');
      const base = `${CLIENTS}/${client.id}/protocol`;
      expect((await call('GET', `${base}/transfer`)).body.data).toBeNull();
      await call('POST', `${base}/revisions`, { body: validProtocol(0) });

      const first = await call('POST', `${base}/revisions`, {
        body: { kind: 'transfer', baseRevision: 0, body: 'Hand over at 07:00 and 19:00.' },
      });
      expect(first.status).toBe(201);
      expect(first.body.data).toMatchObject({
        kind: 'transfer',
        revision: 1,
        body: 'Hand over at 07:00 and 19:00.',
      });
      const second = await call('POST', `${base}/revisions`, {
        body: { kind: 'transfer', baseRevision: 1, body: 'Hand over at 07:00, 15:00 and 23:00.' },
      });
      expect(second.body.data).toMatchObject({ revision: 2 });
      expect(second.body.data).not.toHaveProperty('checkIntervalMinutes');

      expect((await call('GET', `${base}/transfer`)).body.data).toEqual(second.body.data);
      const transferHistory = await call('GET', `${base}/revisions?kind=transfer`);
      expect((transferHistory.body.data as Json[]).map((r) => r.revision)).toEqual([2, 1]);
      expect((await call('GET', `${base}/revisions/1?kind=transfer`)).body.data).toEqual(first.body.data);
      expect((await call('GET', base)).body.data).toMatchObject({ kind: 'protocol', revision: 1 });

      const stale = await call('POST', `${base}/revisions`, {
        body: { kind: 'transfer', baseRevision: 1, body: 'x' },
      });
      expect(stale.status).toBe(409);
      expect(stale.body.error).toMatch(/^The transfer protocol was changed by someone else/);
    });

    it('validates revisions, including that notified contacts belong to this client', async () => {
      const client = await createClient('PRO-V');
      const other = await createClient('PRO-O');
      const foreign = await createContact(other.id);
      const path = `${CLIENTS}/${client.id}/protocol/revisions`;

      const invalid = await call('POST', path, {
        body: {
          body: '',
          checkIntervalMinutes: 121,
          impedanceLimitKOhm: 0,
          notificationRules: [{ trigger: 'fire', notify: [], withinMinutes: -1 }],
        },
      });
      expect(invalid.status).toBe(400);
      expect(fieldNames(invalid)).toEqual([
        'baseRevision',
        'body',
        'checkIntervalMinutes',
        'impedanceLimitKOhm',
        'notificationRules.0.notify',
        'notificationRules.0.trigger',
        'notificationRules.0.withinMinutes',
        'reportTurnaroundHours',
      ]);
      expect(fieldMessage(invalid, 'checkIntervalMinutes')).toBe(
        'Check interval must be between 1 and 120 minutes',
      );

      const badKind = await call('POST', path, { body: { kind: 'billing', baseRevision: 0, body: 'x' } });
      expect(badKind.status).toBe(400);
      expect(fieldNames(badKind)).toEqual(['kind']);

      const foreignContact = await call('POST', path, {
        body: validProtocol(0, {
          notificationRules: [
            { trigger: 'status epilepticus', notify: [foreign._id, 999999], withinMinutes: 5 },
          ],
        }),
      });
      expect(foreignContact.status).toBe(400);
      expect(foreignContact.body.fields).toEqual([
        {
          field: 'notificationRules.0.notify',
          message: `Contacts ${foreign._id}, 999999 are not contacts of this client`,
        },
      ]);
      expect((await call('GET', `${CLIENTS}/${client.id}/protocol/revisions`)).body.total).toBe(0);
      expect(
        (await call('POST', `${CLIENTS}/999999/protocol/revisions`, { body: validProtocol(0) })).status,
      ).toBe(404);
    });

    it('refuses to update a stored revision at the database level', async () => {
      const client = await createClient('PRO-DB');
      await call('POST', `${CLIENTS}/${client.id}/protocol/revisions`, { body: validProtocol(0) });
      await expect(
        server.database.db
          .update(protocolRevisions)
          .set({ body: 'rewritten history' })
          .where(eq(protocolRevisions.clientId, client.id)),
      ).rejects.toThrow();
      const [row] = await server.database.db
        .select({ body: protocolRevisions.body })
        .from(protocolRevisions)
        .where(eq(protocolRevisions.clientId, client.id));
      expect(row.body).toBe(validProtocol(0).body);
    });
  });

  describe('cases of a client', () => {
    it('lists the cases of a client, empty at first', async () => {
      const client = await createClient('CAS');
      const empty = await call('GET', `${CLIENTS}/${client.id}/cases`, { as: 'tech1' });
      expect(empty.body).toEqual({ success: true, data: [], total: 0 });

      const taken = await intakeCase(client.id);
      await intakeCase((await createClient('OTHER')).id);
      const one = await call('GET', `${CLIENTS}/${client.id}/cases`);
      expect(one.body.total).toBe(1);
      expect(one.body.data).toEqual([
        expect.objectContaining({
          id: taken.id,
          caseNumber: `CAS-${caseYear('America/Chicago', new Date())}-0001`,
          clientId: client.id,
          clientName: 'Test Hospital CAS',
          stage: 'intake',
          version: 1,
        }),
      ]);
      expect((await call('GET', `${CLIENTS}/999999/cases`)).status).toBe(404);
    });
  });

  it('documents the clients endpoints in the OpenAPI document', async () => {
    const response = await fetch(`${server.api}/docs/json`);
    const document = (await response.json()) as { paths: Record<string, unknown> };
    const paths = Object.keys(document.paths).filter((path) => path.includes('/clients'));
    expect(paths).toEqual(
      expect.arrayContaining([
        '/continuous-monitoring/clients',
        '/continuous-monitoring/clients/ids/enabled',
        '/continuous-monitoring/clients/{id}/protocol/revisions/{revision}',
        '/continuous-monitoring/clients/{id}/useful-links/{linkId}',
      ]),
    );
  });
});
