import { randomUUID } from 'node:crypto';
import {
  InitiateAuthCommand,
  NotAuthorizedException,
  RespondToAuthChallengeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { CaseRow } from '../../contract/cases';
import { API_PATHS } from '../../contract/paths';
import type { Person, User, UserDetails } from '../../contract/users';
import { auditLog } from '../../server/db/schema';
import { localAdminClient } from '../../server/identity/localIdentity';
import { callApi, DEMO_USERNAMES, type DemoUsername, demoTokens, fieldNames } from './support/apiClient';
import { caseCalls } from './support/caseCalls';
import { FIXED_CODE } from './support/constants';
import { fetchIdToken } from './support/identity';
import { describeEachDatabase, startTestServer, type TestServer } from './support/testServer';

const identity = inject('identity');

/** Signs a newly invited user in with the temporary password and sets their own; their id token. */
async function firstSignIn(username: string, temporaryPassword: string, newPassword: string) {
  const client = localAdminClient(identity.endpoint);
  try {
    const started = await client.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: identity.userPoolClientId,
        AuthParameters: { USERNAME: username, PASSWORD: temporaryPassword },
      }),
    );
    expect(started.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    const answered = await client.send(
      new RespondToAuthChallengeCommand({
        ClientId: identity.userPoolClientId,
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        Session: started.Session,
        ChallengeResponses: { USERNAME: username, NEW_PASSWORD: newPassword },
      }),
    );
    const idToken = answered.AuthenticationResult?.IdToken;
    if (!idToken) throw new Error(`No id token for ${username}`);
    return idToken;
  } finally {
    client.destroy();
  }
}

/**
 * Users and access groups over the Cognito admin API (the local identity speaks it), with real tokens:
 * list, invite, groups (never one's own admin group), enable/disable (the disabled user is refused by the
 * API at once and by the identity at sign-in), and the admin-only rule on every call.
 */
describeEachDatabase('Users API', (kind) => {
  let server: TestServer;
  let tokens: Record<DemoUsername, string>;
  const call = (method: string, path: string, as: DemoUsername | string, body?: unknown) =>
    callApi(server, method, path, {
      token: as in tokens ? tokens[as as DemoUsername] : as,
      body,
      headers: { 'content-type': 'application/json' },
    });
  const newUsername = () => `new.tech-${kind}-${randomUUID().slice(0, 6)}`;
  const invite = (username: string, groups: string[] = ['technologist']) =>
    call('POST', API_PATHS.users, 'admin', {
      username,
      name: `Robin ${username}`,
      email: `${username}@example.org`,
      groups,
    });

  beforeAll(async () => {
    server = await startTestServer(kind);
    tokens = await demoTokens();
  });
  afterAll(async () => {
    await server?.close();
  });

  it("lists the pool's users with their groups, status, active cases and last sign-in", async () => {
    const client = await call('POST', API_PATHS.clients, 'admin', {
      name: `Users Test Hospital ${kind}`,
      code: `UT${kind.slice(0, 2).toUpperCase()}`,
      timeZone: 'America/Chicago',
    });
    expect(client.status, JSON.stringify(client.body)).toBe(201);
    const clientId = (client.body.data as { id: number }).id;
    const cases = caseCalls((method, path, as, body) => call(method, path, as ?? 'tech1', body));
    const taken = [await cases.intake(clientId), await cases.intake(clientId)];
    const assigned = await cases.assign(
      'tech1',
      taken.map((each) => each.id),
    );
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    for (const username of DEMO_USERNAMES) await call('GET', API_PATHS.chrome, username);
    const reply = await call('GET', `${API_PATHS.users}?perPage=100`, 'admin');
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const users = reply.body.data as User[];
    const byName = new Map(users.map((user) => [user.username, user]));
    expect(byName.get('admin')).toMatchObject({
      groups: ['admin'],
      isEnabled: true,
      status: 'CONFIRMED',
      name: 'Dana Whitfield',
    });
    expect(byName.get('reader1')?.groups).toEqual(['reader']);
    expect(byName.get('newhire')?.status).toBe('FORCE_CHANGE_PASSWORD');
    // The count is the assignments board's.
    const board = await call('GET', API_PATHS.caseAssignments, 'admin');
    const held = (board.body.data as CaseRow[]).filter((row) => row.technologists.includes('tech1')).length;
    expect(held).toBeGreaterThanOrEqual(2);
    expect(byName.get('tech1')?.activeCases).toBe(held);
    // Every demo user has called the API with their sign-in's token, so each has a last sign-in.
    for (const username of DEMO_USERNAMES) expect(byName.get(username)?.lastSignInAt).not.toBeNull();
    expect(reply.body.total).toBe(users.length);
  });

  it('searches, sorts and pages the users', async () => {
    const found = await call('GET', `${API_PATHS.users}?q=FELD`, 'admin');
    expect((found.body.data as User[]).map((user) => user.username)).toEqual(['reader1']);
    const sorted = await call('GET', `${API_PATHS.users}?sort=activeCases&order=DESC&perPage=1`, 'admin');
    expect((sorted.body.data as User[]).map((user) => user.username)).toEqual(['tech1']);
    expect(sorted.body.total).toBeGreaterThanOrEqual(5);
    const bad = await call('GET', `${API_PATHS.users}?sort=password`, 'admin');
    expect(bad.status).toBe(400);
    expect(fieldNames(bad)).toEqual(['sort']);
  });

  it('invites a technologist who signs in with the temporary password and sets their own', async () => {
    const username = newUsername();
    const reply = await invite(username);
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(reply.body.data).toMatchObject({
      username,
      groups: ['technologist'],
      status: 'FORCE_CHANGE_PASSWORD',
      isEnabled: true,
      activeCases: 0,
      lastSignInAt: null,
    });
    // The identity "sends" the temporary password; in tests every code it sends is FIXED_CODE.
    const idToken = await firstSignIn(username, FIXED_CODE, 'Chosen!pass2026');
    const me = await call('GET', API_PATHS.user(username), idToken);
    expect(me.status).toBe(200);
    expect(me.body.data as UserDetails).toMatchObject({
      username,
      roles: ['technologist'],
      status: 'CONFIRMED',
    });
    const list = await call('GET', `${API_PATHS.users}?q=${username}`, 'admin');
    expect((list.body.data as User[])[0].lastSignInAt).not.toBeNull();
    // A technologist's work is open to them at once: the monitoring list answers.
    const cases = await call('GET', API_PATHS.caseStage('monitoring'), idToken);
    expect(cases.status).toBe(200);
  });

  it('refuses an invite without the fields it needs, naming each, and a username taken', async () => {
    const empty = await call('POST', API_PATHS.users, 'admin', { username: 'has space', groups: ['owner'] });
    expect(empty.status).toBe(400);
    expect(fieldNames(empty)).toEqual(['email', 'groups.0', 'name', 'username']);
    const noGroup = await call('POST', API_PATHS.users, 'admin', {
      username: newUsername(),
      name: 'No Group',
      email: 'nogroup@example.org',
      groups: [],
    });
    expect(noGroup.status).toBe(400);
    expect(noGroup.body.fields).toEqual([{ field: 'groups', message: 'Give the user at least one group' }]);
    for (const username of ['=HYPERLINK("http://evil.example","open")', '-2+3', '.hidden', 'a/b']) {
      const formula = await call('POST', API_PATHS.users, 'admin', {
        username,
        name: 'Formula',
        email: 'formula@example.org',
        groups: ['reader'],
      });
      expect(formula.status, username).toBe(400);
      expect(formula.body.fields).toEqual([
        {
          field: 'username',
          message: 'Username must start with a letter or digit and contain only letters, digits and . _ @ -',
        },
      ]);
    }
    const taken = await invite('tech1');
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe('A user named tech1 already exists');
  });

  it("sets a user's whole set of groups, and never lets an admin remove their own admin group", async () => {
    const username = newUsername();
    await invite(username, ['technologist']);
    const changed = await call('PUT', API_PATHS.userAccessGroups(username), 'admin', {
      groups: ['reader', 'billing'],
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((changed.body.data as User).groups).toEqual(['billing', 'reader']);
    const listed = await call('GET', `${API_PATHS.users}?q=${username}`, 'admin');
    expect((listed.body.data as User[])[0].groups).toEqual(['billing', 'reader']);

    const selfLockout = await call('PUT', API_PATHS.userAccessGroups('admin'), 'admin', {
      groups: ['technologist'],
    });
    expect(selfLockout.status).toBe(409);
    expect(selfLockout.body.error).toMatch(/cannot remove your own admin group/);
    const admin = await call('GET', API_PATHS.user('admin'), 'admin');
    expect((admin.body.data as UserDetails).groups).toEqual(['admin']);
    // Keeping admin while adding another group is allowed.
    const kept = await call('PUT', API_PATHS.userAccessGroups('admin'), 'admin', { groups: ['admin'] });
    expect(kept.status).toBe(200);

    const unknown = await call('PUT', API_PATHS.userAccessGroups('nobody-here'), 'admin', { groups: [] });
    expect(unknown.status).toBe(404);
    const bad = await call('PUT', API_PATHS.userAccessGroups(username), 'admin', {
      groups: ['reader', 'reader'],
    });
    expect(bad.status).toBe(400);
    expect(fieldNames(bad)).toEqual(['groups']);
  });

  it("keeps a user's credentials: given at invite, changed and cleared by an admin, read back", async () => {
    const username = newUsername();
    const invited = await call('POST', API_PATHS.users, 'admin', {
      username,
      name: 'Ana Ruiz',
      email: `${username}@example.org`,
      groups: ['reader'],
      credentials: '  MD, FACNS ',
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    expect(invited.body.data).toMatchObject({ name: 'Ana Ruiz', credentials: 'MD, FACNS' });

    const edited = await call('PATCH', API_PATHS.user(username), 'admin', {
      name: 'Ana Ruiz-Vega',
      credentials: 'MD, PhD',
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data).toMatchObject({ name: 'Ana Ruiz-Vega', credentials: 'MD, PhD' });
    const read = await call('GET', API_PATHS.user(username), 'admin');
    expect(read.body.data).toMatchObject({ name: 'Ana Ruiz-Vega', credentials: 'MD, PhD' });
    // A field left out keeps its value; null clears the credentials.
    const renamed = await call('PATCH', API_PATHS.user(username), 'admin', { name: 'Ana Ruiz' });
    expect(renamed.body.data).toMatchObject({ name: 'Ana Ruiz', credentials: 'MD, PhD' });
    const cleared = await call('PATCH', API_PATHS.user(username), 'admin', { credentials: null });
    expect(cleared.body.data).toMatchObject({ name: 'Ana Ruiz', credentials: '' });
    const listed = await call('GET', `${API_PATHS.users}?q=${username}`, 'admin');
    expect((listed.body.data as User[])[0]).toMatchObject({ name: 'Ana Ruiz', credentials: '' });

    const tooLong = await call('PATCH', API_PATHS.user(username), 'admin', {
      name: '',
      credentials: 'M'.repeat(101),
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.fields).toEqual([
      { field: 'name', message: 'Name is required' },
      { field: 'credentials', message: 'Credentials must be at most 100 characters' },
    ]);
    const badInvite = await call('POST', API_PATHS.users, 'admin', {
      username: newUsername(),
      name: 'Long Credentials',
      email: 'long@example.org',
      groups: ['reader'],
      credentials: 'M'.repeat(101),
    });
    expect(fieldNames(badInvite)).toEqual(['credentials']);
    const unknown = await call('PATCH', API_PATHS.user('nobody-here'), 'admin', { name: 'Nobody' });
    expect(unknown.status).toBe(404);
    for (const as of ['reader1', 'tech1', 'billing1'] as const) {
      const refused = await call('PATCH', API_PATHS.user(as), as, { credentials: 'MD' });
      expect(refused.status, as).toBe(403);
    }
    expect((await call('GET', API_PATHS.user(username), 'admin')).body.data).toMatchObject({
      credentials: '',
    });
  });

  it('lists the enabled readers and admins by name and credentials, to whoever may read cases', async () => {
    const reader = newUsername();
    await call('POST', API_PATHS.users, 'admin', {
      username: reader,
      name: 'Aaron Abel',
      email: `${reader}@example.org`,
      groups: ['reader'],
      credentials: 'DO',
    });
    const disabled = newUsername();
    await invite(disabled, ['reader']);
    await call('PUT', API_PATHS.userToggle(disabled), 'admin');

    const reply = await call('GET', API_PATHS.readers, 'tech1');
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const readers = reply.body.data as Person[];
    expect(readers).toEqual(
      expect.arrayContaining([
        { username: reader, name: 'Aaron Abel', credentials: 'DO' },
        { username: 'reader1', name: 'Marcus Feld', credentials: 'MD, FACNS' },
        { username: 'admin', name: 'Dana Whitfield', credentials: 'DO' },
      ]),
    );
    const usernames = readers.map((person) => person.username);
    expect(usernames).not.toContain('tech1');
    expect(usernames).not.toContain('billing1');
    expect(usernames).not.toContain(disabled);
    // By name, as the picker offers them.
    const names = readers.map((person) => person.name);
    expect(names).toEqual(names.toSorted((a, b) => a.localeCompare(b)));
    // A reader's new credentials show at once: an admin's change is not hidden by the cached list.
    await call('PATCH', API_PATHS.user(reader), 'admin', { credentials: 'DO, MS' });
    const again = (await call('GET', API_PATHS.readers, 'reader1')).body.data as Person[];
    expect(again.find((person) => person.username === reader)?.credentials).toBe('DO, MS');
    expect((await call('GET', API_PATHS.readers, 'admin')).status).toBe(200);
  });

  it('disables a user: their next call is 401 and the identity refuses their sign-in; enabling restores sign-in, not old sessions', async () => {
    const username = newUsername();
    await invite(username);
    const password = 'Chosen!pass2026';
    const idToken = await firstSignIn(username, FIXED_CODE, password);
    expect((await call('GET', API_PATHS.chrome, idToken)).status).toBe(200);

    // The front end sends the JSON content type with no body.
    const disabled = await call('PUT', API_PATHS.userToggle(username), 'admin');
    expect(disabled.status, JSON.stringify(disabled.body)).toBe(200);
    expect((disabled.body.data as User).isEnabled).toBe(false);

    const refused = await call('GET', API_PATHS.chrome, idToken);
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe('User is disabled.');
    await expect(fetchIdToken(identity, username, password)).rejects.toBeInstanceOf(NotAuthorizedException);

    const enabled = await call('PUT', API_PATHS.userToggle(username), 'admin');
    expect((enabled.body.data as User).isEnabled).toBe(true);
    // The sessions ended with the disable: the old token stays refused; a new sign-in works (its issue
    // time has a one-second grain, so it comes a second later).
    const stale = await call('GET', API_PATHS.chrome, idToken);
    expect(stale.body.error).toBe('Your session has ended: sign in again.');
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const again = await fetchIdToken(identity, username, password);
    expect((await call('GET', API_PATHS.chrome, again)).status).toBe(200);
  });

  /** The user's enable and disable entries in the audit log, oldest first. */
  const toggleAudits = async (username: string) =>
    (
      await server.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.resource, 'users'), eq(auditLog.resourceId, username)))
        .orderBy(auditLog.id)
    )
      .map((entry) => entry.action)
      .filter((action) => action === 'user.enable' || action === 'user.disable');
  const isEnabled = async (username: string) =>
    ((await call('GET', API_PATHS.user(username), 'admin')).body.data as User).isEnabled;

  it('sets the wanted state: 50 parallel disables leave the user disabled with one audit entry', async () => {
    const username = newUsername();
    await invite(username);
    const replies = await Promise.all(
      Array.from({ length: 50 }, () =>
        call('PUT', API_PATHS.userToggle(username), 'admin', { isEnabled: false }),
      ),
    );
    for (const reply of replies) {
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      expect((reply.body.data as User).isEnabled).toBe(false);
    }
    expect(await isEnabled(username)).toBe(false);
    expect(await toggleAudits(username)).toEqual(['user.disable']);
    // Asking again for the state the user is in changes nothing; asking for the other state changes it once.
    await call('PUT', API_PATHS.userToggle(username), 'admin', { isEnabled: false });
    const enabled = await Promise.all(
      Array.from({ length: 5 }, () =>
        call('PUT', API_PATHS.userToggle(username), 'admin', { isEnabled: true }),
      ),
    );
    expect(enabled.map((reply) => (reply.body.data as User).isEnabled)).toEqual(Array(5).fill(true));
    expect(await toggleAudits(username)).toEqual(['user.disable', 'user.enable']);

    const bad = await call('PUT', API_PATHS.userToggle(username), 'admin', { isEnabled: 'no' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual([{ field: 'isEnabled', message: 'isEnabled must be true or false' }]);
  });

  it('flips without a body, one flip at a time: the final state follows the parity of the calls', async () => {
    const username = newUsername();
    await invite(username);
    for (const flips of [7, 12]) {
      const before = await isEnabled(username);
      const audited = (await toggleAudits(username)).length;
      const replies = await Promise.all(
        Array.from({ length: flips }, () => call('PUT', API_PATHS.userToggle(username), 'admin')),
      );
      for (const reply of replies) expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      expect(await isEnabled(username)).toBe(flips % 2 === 0 ? before : !before);
      // Every flip was a real change, and each is recorded once, alternating.
      const entries = (await toggleAudits(username)).slice(audited);
      expect(entries).toHaveLength(flips);
      entries.forEach((action, index) => {
        expect(action).toBe((index % 2 === 0) === before ? 'user.disable' : 'user.enable');
      });
    }
  });

  it('refuses to disable oneself, and an unknown user', async () => {
    const self = await call('PUT', API_PATHS.userToggle('admin'), 'admin');
    expect(self.status).toBe(409);
    expect(self.body.error).toMatch(/cannot disable yourself/);
    expect((await call('GET', API_PATHS.chrome, 'admin')).status).toBe(200);
    expect((await call('PUT', API_PATHS.userToggle('nobody-here'), 'admin')).status).toBe(404);
  });

  it("names a user's page in the breadcrumbs, to an admin and to the user themself only", async () => {
    const crumbs = async (as: DemoUsername, queryPath: string) => {
      const reply = await call(
        'GET',
        `${API_PATHS.breadcrumbs}?queryPath=${encodeURIComponent(queryPath)}`,
        as,
      );
      expect(reply.status).toBe(200);
      return (reply.body.data as { title: string; url: string }[]).map((crumb) => crumb.title);
    };
    expect(await crumbs('admin', '/users/tech1')).toEqual(['Home', 'Users', 'Priya Raman']);
    expect(await crumbs('tech1', '/users/tech1')).toEqual(['Home', 'Users', 'Priya Raman']);
    expect(await crumbs('tech1', '/users/reader1')).toEqual(['Home', 'Users', 'Reader1']);
    expect(await crumbs('admin', '/users/continuous-monitoring/technologists')).toEqual([
      'Home',
      'Users',
      'Continuous monitoring',
      'Technologists',
    ]);
  });

  it('gives every non-admin 403 on every admin call, and lets each read only their own details', async () => {
    for (const username of ['tech1', 'reader1', 'billing1'] as const) {
      const calls = [
        call('GET', API_PATHS.users, username),
        call('POST', API_PATHS.users, username, {
          username: 'x',
          name: 'X',
          email: 'x@example.org',
          groups: ['admin'],
        }),
        call('PUT', API_PATHS.userAccessGroups(username), username, { groups: ['admin'] }),
        call('PUT', API_PATHS.userToggle('reader1'), username),
        call('GET', API_PATHS.user('admin'), username),
      ];
      for (const reply of await Promise.all(calls)) expect(reply.status).toBe(403);
      const own = await call('GET', API_PATHS.user(username), username);
      expect(own.status).toBe(200);
      expect((own.body.data as UserDetails).username).toBe(username);
    }
    const groups = await call('GET', API_PATHS.user('billing1'), 'billing1');
    expect((groups.body.data as UserDetails).roles).toEqual(['billing']);
  });
});
