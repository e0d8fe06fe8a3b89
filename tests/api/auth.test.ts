import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { auditLog, userAccounts } from '../../server/db/schema';
import { DEMO_PASSWORD } from './support/constants';
import { createTestUser, expiredIdToken, fetchIdToken, signIdToken } from './support/identity';
import { describeEachDatabase, startTestServer, type TestServer } from './support/testServer';

const identity = inject('identity');

describeEachDatabase('sign-in gate of the API', (kind) => {
  let server: TestServer;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    server = await startTestServer(kind);
    for (const username of ['admin', 'tech1', 'reader1', 'billing1']) {
      tokens[username] = await fetchIdToken(identity, username, DEMO_PASSWORD);
    }
  });
  afterAll(() => server.close());

  const get = async (path: string, token?: string) => {
    const response = await fetch(`${server.api}${path}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return { status: response.status, headers: response.headers, body: await response.json() };
  };

  it('refuses a call without a token with 401 and the spec message', async () => {
    const reply = await get('/chrome');
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual({ success: false, error: 'User needs to be authenticated to call this API.' });
  });

  it('refuses a tampered token', async () => {
    const [header, payload, signature] = tokens.tech1.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    claims['cognito:groups'] = ['admin'];
    const forged = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
    const reply = await get('/chrome', forged);
    expect(reply.status).toBe(401);
    expect(reply.body.error).toBe('Invalid tokens.');
  });

  it('refuses an expired token and one made for another app client', async () => {
    expect(
      (await get('/chrome', expiredIdToken(identity, { username: 'tech1', groups: ['technologist'] })))
        .status,
    ).toBe(401);
    const otherClient = signIdToken(
      { ...identity, userPoolClientId: 'another-client' },
      { username: 'tech1' },
      600,
    );
    expect((await get('/chrome', otherClient)).status).toBe(401);
  });

  it('accepts the bare id token as the authorization header, as the spec sends it', async () => {
    const response = await fetch(`${server.api}/chrome`, { headers: { authorization: tokens.reader1 } });
    expect(response.status).toBe(200);
  });

  const CASE_LISTS = ['Intake', 'Monitoring', 'Preview', 'Reviewed', 'Closed', 'Assignments'];
  it.each([
    [
      'admin',
      [
        'Home',
        'Clients',
        ...CASE_LISTS,
        'Billing',
        'Reporting',
        'Users',
        'Backups',
        'Access log',
        'Hospital messages',
        'Bugs',
        'Self-checks',
      ],
    ],
    ['tech1', ['Home', 'Clients', ...CASE_LISTS, 'Bugs']],
    ['reader1', ['Home', 'Clients', ...CASE_LISTS, 'Bugs']],
    ['billing1', ['Home', 'Clients', ...CASE_LISTS, 'Billing', 'Reporting', 'Bugs']],
  ])('gives %s the menu of their role', async (username, titles) => {
    const reply = await get('/chrome', tokens[username]);
    expect(reply.status).toBe(200);
    expect(reply.body.success).toBe(true);
    expect(reply.body.data.map((item: { title: string }) => item.title)).toEqual(titles);
    expect(reply.body.data[0]).toEqual({ title: 'Home', url: '/' });
  });

  it("answers 'Access denied' to a user in no known group", async () => {
    const user = await createTestUser(identity, { groups: [] });
    const reply = await get('/chrome', await fetchIdToken(identity, user.username, user.password));
    expect(reply.status).toBe(403);
    expect(reply.body).toEqual({ success: false, error: 'Access denied' });
  });

  it('builds breadcrumbs and names the failing query field', async () => {
    const ok = await get('/chrome/breadcrumbs?queryPath=/continuous-monitoring/clients/create', tokens.tech1);
    expect(ok.body.data.map((crumb: { title: string }) => crumb.title)).toEqual([
      'Home',
      'Continuous monitoring',
      'Clients',
      'Create',
    ]);
    const created = await fetch(`${server.api}/continuous-monitoring/clients`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Harbor View Hospital', code: 'HVH', timeZone: 'America/Los_Angeles' }),
    });
    const { data: client } = await created.json();
    const named = await get(
      `/chrome/breadcrumbs?queryPath=/continuous-monitoring/clients/${client.id}/protocol`,
      tokens.tech1,
    );
    expect(named.body.data.slice(3)).toEqual([
      { title: 'Harbor View Hospital', url: `/continuous-monitoring/clients/${client.id}` },
      { title: 'Protocol', url: `/continuous-monitoring/clients/${client.id}/protocol` },
    ]);
    const malformed = await get('/chrome/breadcrumbs?queryPath=/bugs/%25E0%25A4%25A', tokens.tech1);
    expect(malformed.status).toBe(200);
    expect(malformed.body.data.at(-1).title).toBe('%E0%A4%A');
    const noRole = await createTestUser(identity, { groups: [] });
    const unnamed = await get(
      `/chrome/breadcrumbs?queryPath=/continuous-monitoring/clients/${client.id}`,
      await fetchIdToken(identity, noRole.username, noRole.password),
    );
    expect(unnamed.body.data.at(-1).title).toBe(String(client.id));
    const bad = await get('/chrome/breadcrumbs', tokens.tech1);
    expect(bad.status).toBe(400);
    expect(bad.body.fields.map((field: { field: string }) => field.field)).toContain('queryPath');
  });

  it("gives a user their own details and refuses another's to a non-admin", async () => {
    const own = await get('/users/tech1', tokens.tech1);
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({ username: 'tech1', isEnabled: true, roles: ['technologist'] });
    expect(own.body.data.name).not.toBe('');
    expect((await get('/users/admin', tokens.tech1)).status).toBe(403);
    expect((await get('/users/tech1', tokens.admin)).status).toBe(200);
    expect((await get('/users/nobody-by-that-name', tokens.admin)).status).toBe(404);
  });

  it('refuses a disabled user even with an unexpired token, and audits sign-ins', async () => {
    const user = await createTestUser(identity, { groups: ['reader'] });
    const token = await fetchIdToken(identity, user.username, user.password);
    expect((await get('/chrome', token)).status).toBe(200);
    const signIns = await server.database.db.select().from(auditLog).where(eq(auditLog.actor, user.username));
    expect(signIns.map((entry) => entry.action)).toEqual(['sign-in']);
    await server.database.db
      .update(userAccounts)
      .set({ isEnabled: false })
      .where(eq(userAccounts.username, user.username));
    // Written behind this instance's back (as by another instance): seen once its cached read expires.
    let refused = await get('/chrome', token);
    for (const deadline = Date.now() + 5_000; refused.status !== 401 && Date.now() < deadline; )
      refused = await new Promise((resolve) => setTimeout(resolve, 200)).then(() => get('/chrome', token));
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe('User is disabled.');
  });

  it('audits a call the role may not make', async () => {
    const response = await fetch(`${server.api}/continuous-monitoring/clients`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.billing1}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'X', code: 'X', timeZone: 'UTC' }),
    });
    expect(response.status).toBe(403);
    const denied = await server.database.db.select().from(auditLog).where(eq(auditLog.actor, 'billing1'));
    expect(denied.some((entry) => entry.outcome === 'denied' && entry.resource === 'clients')).toBe(true);
  });

  it('serves the runtime configuration, security headers and the OpenAPI document', async () => {
    const config = await (await fetch(`${server.baseUrl}/config.json`)).json();
    expect(config).toMatchObject({
      apiBaseUrl: '/api',
      localIdentity: true,
      cognito: { userPoolId: identity.userPoolId, userPoolClientId: identity.userPoolClientId },
    });
    const reply = await get('/chrome', tokens.admin);
    expect(reply.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
    const docs = await (await fetch(`${server.api}/docs/json`)).json();
    expect(Object.keys(docs.paths)).toEqual(
      expect.arrayContaining(['/chrome', '/users/{username}', '/continuous-monitoring/clients']),
    );
  });
});

it('refuses the local identity in production mode', async () => {
  expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/COGNITO_USER_POOL_ID/);
  const config = {
    ...loadConfig({ NODE_ENV: 'test' }),
    production: true,
  };
  const database = { kind: 'pglite', db: {}, pool: {}, close: async () => {} } as unknown as Parameters<
    typeof buildApp
  >[0]['database'];
  await expect(buildApp({ config, database, cognito: identity })).rejects.toThrow(/non-Cognito token issuer/);
});
