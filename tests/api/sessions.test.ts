import {
  AdminUserGlobalSignOutCommand,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { API_PATHS } from '../../contract/paths';
import { localAdminClient } from '../../server/identity/localIdentity';
import { callApi, demoTokens } from './support/apiClient';
import { createTestUser, fetchIdToken, type TestUser } from './support/identity';
import {
  describeEachDatabase,
  startSecondInstance,
  startTestServer,
  type TestServer,
} from './support/testServer';

const SESSION_ENDED = 'Your session has ended: sign in again.';

/** Signs in with the password: the id token and the refresh token a browser would keep. */
async function signIn(user: TestUser) {
  const identity = inject('identity');
  const client = localAdminClient(identity.endpoint);
  try {
    const { AuthenticationResult } = await client.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: identity.userPoolClientId,
        AuthParameters: { USERNAME: user.username, PASSWORD: user.password },
      }),
    );
    return {
      idToken: AuthenticationResult?.IdToken ?? '',
      refreshToken: AuthenticationResult?.RefreshToken ?? '',
    };
  } finally {
    client.destroy();
  }
}

/** Whether Cognito still renews a session from this refresh token (the browser's silent refresh). */
async function refreshes(refreshToken: string) {
  const identity = inject('identity');
  const client = localAdminClient(identity.endpoint);
  try {
    await client.send(
      new InitiateAuthCommand({
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: identity.userPoolClientId,
        AuthParameters: { REFRESH_TOKEN: refreshToken },
      }),
    );
    return true;
  } catch {
    return false;
  } finally {
    client.destroy();
  }
}

/** A token's issue time has a one-second grain: a sign-in after a session ends waits for the next second. */
const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1_100));

describeEachDatabase('Sessions end when access changes', (kind) => {
  let server: TestServer;
  let admin: string;

  beforeAll(async () => {
    server = await startTestServer(kind);
    admin = (await demoTokens()).admin;
  });
  afterAll(async () => {
    await server?.close();
  });

  const home = (token: string, on: TestServer = server) => callApi(on, 'GET', API_PATHS.home, { token });
  const asAdmin = (method: string, path: string, body?: unknown) =>
    callApi(server, method, path, { token: admin, body });

  async function signedInUser() {
    const user = await createTestUser(inject('identity'), { groups: ['technologist'] });
    const session = await signIn(user);
    expect((await home(session.idToken)).status).toBe(200);
    return { user, ...session };
  }

  it('refuses a token issued before a change of groups, and Cognito stops renewing it; a new sign-in works', async () => {
    const { user, idToken, refreshToken } = await signedInUser();
    const changed = await asAdmin('PUT', API_PATHS.userAccessGroups(user.username), { groups: ['reader'] });
    expect(changed.status).toBe(200);
    const refused = await home(idToken);
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe(SESSION_ENDED);
    expect(await refreshes(refreshToken)).toBe(false);
    await nextSecond();
    const again = await fetchIdToken(inject('identity'), user.username, user.password);
    expect((await home(again)).status).toBe(200);
  });

  it('leaves the sessions alone when the groups sent are the ones the user has', async () => {
    const { user, idToken } = await signedInUser();
    expect(
      (await asAdmin('PUT', API_PATHS.userAccessGroups(user.username), { groups: ['technologist'] })).status,
    ).toBe(200);
    expect((await home(idToken)).status).toBe(200);
  });

  it('ends the sessions on an administrator’s sign-out of the user, and on the user’s own sign-out everywhere', async () => {
    const first = await signedInUser();
    expect((await asAdmin('POST', API_PATHS.userSignOut(first.user.username))).status).toBe(200);
    expect((await home(first.idToken)).body.error).toBe(SESSION_ENDED);
    expect(await refreshes(first.refreshToken)).toBe(false);

    const second = await signedInUser();
    const own = await callApi(server, 'POST', API_PATHS.signOutEverywhere, { token: second.idToken });
    expect(own.status).toBe(200);
    expect((await home(second.idToken)).status).toBe(401);
    expect(await refreshes(second.refreshToken)).toBe(false);
  });

  it('refuses a token of the sign-out’s own second, and takes a sign-in made once the sign-out answered', async () => {
    // Token times are whole seconds: start at the top of a second, so the sign-in below would share it.
    await new Promise((resolve) => setTimeout(resolve, 1_000 - (Date.now() % 1_000)));
    const before = await signedInUser();
    const signedOut = await asAdmin('POST', API_PATHS.userSignOut(before.user.username));
    expect(signedOut.status).toBe(200);
    expect((await home(before.idToken)).body.error).toBe(SESSION_ENDED);
    const after = await fetchIdToken(inject('identity'), before.user.username, before.user.password);
    expect((await home(after)).status).toBe(200);
  });

  it('gets id tokens that live at most 15 minutes, so a sign-out at the identity ends a session within that', async () => {
    const { idToken } = await signedInUser();
    const claims = JSON.parse(Buffer.from(idToken.split('.')[1], 'base64url').toString()) as {
      iat: number;
      exp: number;
    };
    expect(claims.exp - claims.iat).toBeLessThanOrEqual(15 * 60);
  });

  it('refuses a refresh token after a global sign-out made at the identity itself', async () => {
    const { user, refreshToken } = await signedInUser();
    expect(await refreshes(refreshToken)).toBe(true);
    const client = localAdminClient(inject('identity').endpoint);
    try {
      await client.send(
        new AdminUserGlobalSignOutCommand({
          UserPoolId: inject('identity').userPoolId,
          Username: user.username,
        }),
      );
    } finally {
      client.destroy();
    }
    expect(await refreshes(refreshToken)).toBe(false);
  });

  it('ends the sessions on an administrator’s password reset, and the old password stops working', async () => {
    const { user, idToken } = await signedInUser();
    expect((await asAdmin('POST', API_PATHS.userPasswordReset(user.username))).status).toBe(200);
    expect((await home(idToken)).body.error).toBe(SESSION_ENDED);
    await expect(fetchIdToken(inject('identity'), user.username, user.password)).rejects.toThrow(/reset/i);
  });

  it('answers 404 for an unknown user and 403 for a non-administrator, ending nothing', async () => {
    expect((await asAdmin('POST', API_PATHS.userSignOut('nobody-such'))).status).toBe(404);
    const { user, idToken } = await signedInUser();
    const tokens = await demoTokens();
    const refused = await callApi(server, 'POST', API_PATHS.userSignOut(user.username), {
      token: tokens.reader1,
    });
    expect(refused.status).toBe(403);
    expect((await home(idToken)).status).toBe(200);
  });

  if (kind === 'postgres')
    describe('on a second instance sharing the database', () => {
      let second: TestServer;
      beforeAll(async () => {
        second = await startSecondInstance();
      });
      afterAll(async () => {
        await second?.close();
      });

      /** How each way of ending sessions is made on the first instance. */
      const ENDINGS: [string, (username: string, idToken: string) => Promise<unknown>][] = [
        [
          'a change of groups',
          (username) => asAdmin('PUT', API_PATHS.userAccessGroups(username), { groups: [] }),
        ],
        ['a disable', (username) => asAdmin('PUT', API_PATHS.userToggle(username), { isEnabled: false })],
        ['a password reset', (username) => asAdmin('POST', API_PATHS.userPasswordReset(username))],
        [
          'a sign-out everywhere',
          (_username, idToken) => callApi(server, 'POST', API_PATHS.signOutEverywhere, { token: idToken }),
        ],
      ];

      it.each(ENDINGS)('refuses the old token within 5 seconds of %s', async (_ending, end) => {
        const { user, idToken } = await signedInUser();
        // The second instance has read (and cached) the account.
        expect((await home(idToken, second)).status).toBe(200);
        await end(user.username, idToken);
        const deadline = Date.now() + 5_000;
        let status = 200;
        while (status !== 401 && Date.now() < deadline) {
          status = (await home(idToken, second)).status;
          if (status !== 401) await new Promise((resolve) => setTimeout(resolve, 200));
        }
        expect(status).toBe(401);
      });
    });
});

describe('the account cache', () => {
  it('serves a read for its life, then reads again; forgetting a user reads at once', async () => {
    const { createAccountCache } = await import('../../server/auth/accountCache');
    let now = 0;
    const cache = createAccountCache(2_000, () => now);
    const state = { isEnabled: true, tokensValidAfter: null, lastSignInAt: new Date(0) };
    cache.set('ann', state);
    now = 2_000;
    expect(cache.get('ann')).toBe(state);
    now = 2_001;
    expect(cache.get('ann')).toBeUndefined();
    cache.set('ann', state);
    cache.forget('ann');
    expect(cache.get('ann')).toBeUndefined();
  });
});
