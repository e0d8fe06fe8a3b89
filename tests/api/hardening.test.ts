import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { API_PATHS } from '../../contract/paths';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { auditLog } from '../../server/db/schema';
import { type ApiReply, callApi, type DemoUsername, demoTokens, fieldNames } from './support/apiClient';
import { createTestUser, fetchIdToken } from './support/identity';
import { noDatabase } from './support/noDatabase';
import { describeEachDatabase, startTestServer, type TestServer } from './support/testServer';

/** Issue 6: no input gives a 500, ids are canonical, every error has one shape, sign-ins and refusals are audited once. */
describeEachDatabase('Hardened API', (kind) => {
  let server: TestServer;
  let tokens: Record<DemoUsername, string>;
  let clientId: number;
  const call = (method: string, path: string, body?: unknown, as: DemoUsername = 'admin') =>
    callApi(server, method, path, { token: tokens[as], body });
  const client = (code: string, overrides: Record<string, unknown> = {}) => ({
    name: `Hardening ${code}`,
    code,
    timeZone: 'UTC',
    ...overrides,
  });

  beforeAll(async () => {
    server = await startTestServer(kind);
    tokens = await demoTokens();
    const created = await call('POST', API_PATHS.clients, client('HARD-1'));
    clientId = (created.body.data as { id: number }).id;
  });
  afterAll(async () => {
    await server?.close();
  });

  const expectFieldError = (reply: ApiReply, field: string, message: RegExp) => {
    expect(reply.status).toBe(400);
    expect(reply.body.success).toBe(false);
    expect(reply.body.fields?.find((f) => f.field === field)?.message).toMatch(message);
  };

  it('refuses a NUL character in text fields and query parameters with 400 naming the field', async () => {
    const refused: [Record<string, unknown>, string, RegExp][] = [
      [{ name: 'a\u0000b' }, 'name', /control/],
      [{ notes: 'line\u0000' }, 'notes', /control/],
      // Tab and line breaks belong in long text, not in a name.
      [{ name: 'a\tb' }, 'name', /control/],
      [{ name: 'x\ud800' }, 'name', /broken/],
    ];
    for (const [overrides, field, message] of refused) {
      expectFieldError(await call('POST', API_PATHS.clients, client('NUL-1', overrides)), field, message);
    }
    expect((await call('POST', API_PATHS.clients, client('TAB-1', { notes: 'a\tb\r\nc' }))).status).toBe(201);
    expectFieldError(await call('GET', `${API_PATHS.clients}?q=%00`), 'q', /control/);
    const contact = { name: 'Dr. A', escalationOrder: 1, role: '\u0000' };
    expectFieldError(
      await call('POST', API_PATHS.clientRecords(clientId, 'contacts'), contact),
      'role',
      /control/,
    );
  });

  it('treats a name made only of invisible characters as empty', async () => {
    for (const name of ['\u200b', '\u2060\ufeff', '\u202e\u200f ', '\u3164']) {
      expectFieldError(await call('POST', API_PATHS.clients, client('INV-1', { name })), 'name', /required/);
    }
    const trimmed = await call(
      'POST',
      API_PATHS.clients,
      client('INV-2', { name: '\ufeff St. Anne \u200b' }),
    );
    expect((trimmed.body.data as { name: string }).name).toBe('St. Anne');
  });

  it('checks a code after normalisation and keeps it to ASCII letters, digits and dashes', async () => {
    expectFieldError(await call('POST', API_PATHS.clients, client('ß'.repeat(12))), 'code', /A–Z/);
    expectFieldError(await call('POST', API_PATHS.clients, client('ﬀ')), 'code', /A–Z/);
    expectFieldError(await call('POST', API_PATHS.clients, client('A'.repeat(13))), 'code', /at most 12/);
    const stored = await call('POST', API_PATHS.clients, client('ab-12'));
    expect((stored.body.data as { code: string }).code).toBe('AB-12');
  });

  it('reads an id or version written only in decimal digits', async () => {
    for (const id of ['1e1', '0x10', '0b11', '+1', '%201', '1%20', '1.0', '-1', '0', '01', '99999999999']) {
      const reply = await call('GET', `${API_PATHS.clients}/${id}`);
      expect(reply.status, id).toBe(400);
      expect(fieldNames(reply), id).toEqual(['id']);
    }
    expect((await call('GET', API_PATHS.client(clientId))).status).toBe(200);
    for (const version of ['1e0', '0x1', '+1', '%201', '']) {
      const reply = await call('DELETE', `${API_PATHS.client(clientId)}?version=${version}`);
      expect(reply.status, version).toBe(400);
      expect(fieldNames(reply), version).toEqual(['version']);
    }
    expectFieldError(await call('GET', `${API_PATHS.clients}?page=1e1`), 'page', /digits/);
    expectFieldError(await call('GET', `${API_PATHS.clients}?perPage=0x10`), 'perPage', /digits/);
  });

  it('answers errors raised before a route runs in the envelope, with the security headers', async () => {
    const expectEnvelope = (reply: ApiReply, status: number) => {
      expect(reply.status).toBe(status);
      expect(reply.body).toMatchObject({ success: false, error: expect.any(String) });
      expect(Object.keys(reply.body).sort()).toEqual(expect.arrayContaining(['error', 'success']));
      expect(reply.body).not.toHaveProperty('code');
      expect(reply.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
      expect(reply.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(reply.headers.get('cache-control')).toBe('no-store');
    };
    expectEnvelope(await call('GET', `${API_PATHS.clients}/%E0%A4%A`), 400);
    expectEnvelope(await call('GET', `${API_PATHS.clients}/${'1'.repeat(500)}`), 414);
    expectEnvelope(await call('GET', '/no-such-route'), 404);
    const big = await callApi(server, 'POST', API_PATHS.clients, {
      token: tokens.admin,
      body: JSON.stringify(client('BIG-1', { notes: 'x'.repeat(2_000_000) })),
    });
    expectEnvelope(big, 413);
    const xml = await callApi(server, 'POST', API_PATHS.clients, {
      token: tokens.admin,
      body: '<client/>',
      headers: { 'content-type': 'application/xml' },
    });
    expectEnvelope(xml, 415);
    const malformed = await callApi(server, 'POST', API_PATHS.clients, {
      token: tokens.admin,
      body: '{"name":',
    });
    expectEnvelope(malformed, 400);
    expect(fieldNames(malformed)).toEqual(['body']);
  });

  it('never answers 500 to a contact or link created while its client is deleted', async () => {
    const rounds = kind === 'postgres' ? 50 : 5;
    const statuses = new Set<number>();
    for (let round = 0; round < rounds; round++) {
      const created = await call('POST', API_PATHS.clients, client(`RACE-${round}`));
      const { id, version } = created.body.data as { id: number; version: number };
      const [removed, ...children] = await Promise.all([
        call('DELETE', `${API_PATHS.client(id)}?version=${version}`),
        ...Array.from({ length: 4 }, (_, index) =>
          index % 2 === 0
            ? call('POST', API_PATHS.clientRecords(id, 'contacts'), { name: 'Dr. Race', escalationOrder: 1 })
            : call('POST', API_PATHS.clientRecords(id, 'useful-links'), {
                label: 'EEG viewer',
                url: 'https://eeg.example.org',
              }),
        ),
      ]);
      expect(removed.status).toBe(200);
      for (const child of children) {
        statuses.add(child.status);
        expect([201, 404, 409]).toContain(child.status);
        if (child.status !== 201)
          expect(child.body).toMatchObject({ success: false, error: expect.any(String) });
      }
    }
    expect([...statuses].every((status) => status < 500)).toBe(true);
  });

  it('records one sign-in for twenty parallel first requests with one new token', async () => {
    const identity = inject('identity');
    const user = await createTestUser(identity, { groups: ['reader'] });
    const token = await fetchIdToken(identity, user.username, user.password);
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => callApi(server, 'GET', API_PATHS.chrome, { token })),
    );
    expect(replies.map((reply) => reply.status)).toEqual(replies.map(() => 200));
    const signIns = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actor, user.username), eq(auditLog.action, 'sign-in')));
    expect(signIns).toHaveLength(1);
  });

  it('rate-limits refused calls per user (429 in the envelope) so they cannot flood the audit log', async () => {
    const identity = inject('identity');
    const user = await createTestUser(identity, { groups: ['billing'] });
    const token = await fetchIdToken(identity, user.username, user.password);
    const statuses: number[] = [];
    let limited: ApiReply | undefined;
    for (let attempt = 0; attempt < 40; attempt++) {
      const reply = await callApi(server, 'POST', API_PATHS.clients, { token, body: client('DENY-1') });
      statuses.push(reply.status);
      if (reply.status === 429) limited = reply;
    }
    expect(statuses.slice(0, 30)).toEqual(statuses.slice(0, 30).map(() => 403));
    expect(statuses.slice(30)).toEqual(statuses.slice(30).map(() => 429));
    expect(limited?.body).toMatchObject({ success: false, error: expect.stringMatching(/Too many refused/) });
    expect(Number(limited?.headers.get('retry-after'))).toBeGreaterThan(0);
    const denied = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actor, user.username), eq(auditLog.outcome, 'denied')));
    expect(denied).toHaveLength(30);
    // Allowed calls are not limited.
    expect((await callApi(server, 'GET', API_PATHS.clients, { token })).status).toBe(200);
  });
});

it('keeps source maps on the server in production mode', async () => {
  const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-static-'));
  fs.mkdirSync(path.join(staticDir, 'assets'));
  fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Vigil</title>');
  fs.writeFileSync(path.join(staticDir, 'assets', 'app.js'), 'console.log(1);');
  fs.writeFileSync(path.join(staticDir, 'assets', 'app.js.map'), '{"version":3}');
  const cognito = {
    region: 'eu-west-1',
    userPoolId: 'eu-west-1_test',
    userPoolClientId: 'client',
    issuer: 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_test',
    jwksUri: 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_test/.well-known/jwks.json',
  };
  // Serving files needs no database.
  const database = noDatabase();
  const statusesIn = async (production: boolean) => {
    const config = { ...loadConfig({ NODE_ENV: 'test', STATIC_DIR: staticDir }), production };
    const app = await buildApp({ config, database, cognito });
    try {
      const status = async (url: string) => (await app.inject({ url })).statusCode;
      return [await status('/assets/app.js'), await status('/assets/app.js.map')];
    } finally {
      await app.close();
    }
  };
  try {
    expect(await statusesIn(true)).toEqual([200, 404]);
    expect(await statusesIn(false)).toEqual([200, 200]);
  } finally {
    fs.rmSync(staticDir, { recursive: true, force: true });
  }
});

describeEachDatabase('Bodies naming prototype keys', (kind) => {
  let server: TestServer;
  let token: string;
  const call = (method: string, path: string, body?: unknown) =>
    callApi(server, method, path, { token, body });
  beforeAll(async () => {
    server = await startTestServer(kind);
    token = (await demoTokens()).admin;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses a prototype key in a body by naming the field, at any depth, and writes nothing', async () => {
    const before = (await call('GET', API_PATHS.clients)).body.total;
    const top = await call(
      'POST',
      API_PATHS.clients,
      '{"name":"Proto","code":"PRT","timeZone":"UTC","__proto__":{"isAdmin":true}}',
    );
    expect(top.status).toBe(400);
    expect(top.body.fields).toEqual([
      { field: '__proto__', message: expect.stringContaining('not allowed') },
    ]);
    const deep = await call(
      'POST',
      API_PATHS.clients,
      '{"name":"Proto","code":"PRT","timeZone":"UTC","extra":[{"constructor":{"prototype":{"x":1}}}]}',
    );
    expect(deep.status).toBe(400);
    expect(deep.body.fields).toEqual([
      { field: 'extra.0.constructor.prototype', message: expect.any(String) },
    ]);
    expect((await call('GET', API_PATHS.clients)).body.total).toBe(before);
  });
});
