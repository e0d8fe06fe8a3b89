/**
 * The local identity emulator through real Amplify v6 (the browser's code paths) and the Cognito admin API.
 * Starts its own emulator in a temporary directory on a free port, with every delivered code fixed.
 */
import { spawn } from 'node:child_process';
import { createPublicKey, type JsonWebKey, verify as verifySignature } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  AdminDisableUserCommand,
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  AdminSetUserMFAPreferenceCommand,
  GetTokensFromRefreshTokenCommand,
  InitiateAuthCommand,
  ListGroupsCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
  ListUsersCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  confirmResetPassword,
  confirmSignIn,
  confirmSignUp,
  decodeJWT,
  fetchAuthSession,
  fetchUserAttributes,
  resendSignUpCode,
  resetPassword,
  signIn,
  signOut,
  signUp,
} from 'aws-amplify/auth';
import { JwtVerifier } from 'aws-jwt-verify';
import { JwtExpiredError } from 'aws-jwt-verify/error';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type LocalIdentity,
  localAdminClient,
  startLocalIdentity,
} from '../../server/identity/localIdentity';
import { freePort } from './support/freePort';
import {
  configureAmplify,
  createTestUser,
  expiredIdToken,
  fetchIdToken,
  signIdToken,
  signInWithAmplify,
} from './support/identity';

const CODE = '123456';
let dir: string;
let port: number;
let identity: LocalIdentity;
const logLines: string[] = [];

const start = () => startLocalIdentity({ dir, port, code: CODE, log: (line) => logLines.push(line) });

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vigil-identity-'));
  port = await freePort();
  identity = await start();
});

afterAll(async () => {
  await signOut().catch(() => undefined);
  await identity?.stop();
  await rm(dir, { recursive: true, force: true });
});

/** What the server does with every request's token (server/auth/tokenVerifier.ts), http JWKS included. */
function verifierFor(target: LocalIdentity) {
  return JwtVerifier.create(
    {
      issuer: target.issuer,
      jwksUri: target.jwksUri,
      audience: target.userPoolClientId,
      customJwtCheck: ({ payload }) => {
        if (payload.token_use !== 'id') throw new Error('Not an id token');
      },
    },
    {
      jwksCache: new SimpleJwksCache({
        fetcher: { fetch: async (uri: string) => (await fetch(uri)).arrayBuffer() },
      }),
    },
  );
}

async function rejection(promise: Promise<unknown>): Promise<{ name: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    return error as { name: string; message: string };
  }
  throw new Error('expected a rejection');
}

/** A refresh straight against the Cognito API, to see whether a refresh token still works. */
async function refreshWith(refreshToken: string) {
  const client = localAdminClient(identity.endpoint);
  try {
    return await client.send(
      new GetTokensFromRefreshTokenCommand({
        ClientId: identity.userPoolClientId,
        RefreshToken: refreshToken,
      }),
    );
  } finally {
    client.destroy();
  }
}

/** A session that began with a challenge refreshes like any other (Amplify: GetTokensFromRefreshToken). */
async function expectRefreshWorks() {
  const before = (await fetchAuthSession()).tokens?.idToken?.toString();
  const after = (await fetchAuthSession({ forceRefresh: true })).tokens?.idToken?.toString();
  expect(after).toBeDefined();
  expect(after).not.toBe(before);
}

describe('local identity (cognito-local + extensions) through Amplify', () => {
  it('describes itself: issuer and JWKS under the endpoint, the demo users', () => {
    expect(identity.endpoint).toBe(`http://127.0.0.1:${port}`);
    expect(identity.userPoolId).toMatch(/^local_\w+$/);
    expect(identity.issuer).toBe(`${identity.endpoint}/${identity.userPoolId}`);
    expect(identity.jwksUri).toBe(`${identity.issuer}/.well-known/jwks.json`);
    expect(identity.demoUsers.map((u) => u.username)).toEqual([
      'admin',
      'tech1',
      'reader1',
      'billing1',
      'newhire',
    ]);
  });

  it('signs every permanent demo user in with SRP; the id token carries their group and profile', async () => {
    const verifier = verifierFor(identity);
    for (const user of identity.demoUsers.filter((u) => !u.temporary)) {
      const idToken = await signInWithAmplify(identity, user.username, user.password);
      const claims = await verifier.verify(idToken);
      expect(claims).toMatchObject({
        'cognito:username': user.username,
        'cognito:groups': [user.role],
        name: user.name,
        email: user.email,
        email_verified: true,
        token_use: 'id',
        aud: identity.userPoolClientId,
        iss: identity.issuer,
      });
      // What the Authenticator does right after sign-in (GetUser with the access token).
      expect(await fetchUserAttributes()).toMatchObject({ name: user.name, email: user.email });
    }
  });

  it('publishes the signing key: the JWKS verifies a token byte for byte', async () => {
    const idToken = await fetchIdToken(identity, 'tech1', 'Vigil!demo2026');
    const [header, payload, signature] = idToken.split('.');
    const jwks = (await (await fetch(identity.jwksUri)).json()) as { keys: (JsonWebKey & { kid: string })[] };
    const { kid } = JSON.parse(Buffer.from(header, 'base64url').toString()) as { kid: string };
    const jwk = jwks.keys.find((key) => key.kid === kid);
    if (!jwk) throw new Error(`no key ${kid} in the JWKS`);
    const key = createPublicKey({ key: jwk, format: 'jwk' });
    const ok = verifySignature(
      'RSA-SHA256',
      Buffer.from(`${header}.${payload}`),
      key,
      Buffer.from(signature, 'base64url'),
    );
    expect(ok).toBe(true);
  });

  it('refuses a wrong password, or an unknown user, like Cognito', async () => {
    await signOut();
    configureAmplify(identity);
    for (const [username, password] of [
      ['reader1', 'Vigil!wrong2026'],
      ['nobody', 'Vigil!demo2026'],
    ]) {
      const error = await rejection(signIn({ username, password }));
      expect(error.name).toBe('NotAuthorizedException');
      expect(error.message).toBe('Incorrect username or password.');
    }
    const direct = await rejection(fetchIdToken(identity, 'reader1', 'Vigil!wrong2026'));
    expect(direct.name).toBe('NotAuthorizedException');
  });

  it('refuses a disabled user', async () => {
    const user = await createTestUser(identity, { groups: ['reader'] });
    const admin = localAdminClient(identity.endpoint);
    await admin.send(
      new AdminDisableUserCommand({ UserPoolId: identity.userPoolId, Username: user.username }),
    );
    admin.destroy();
    await signOut();
    configureAmplify(identity);
    const error = await rejection(signIn({ username: user.username, password: user.password }));
    expect(error).toMatchObject({ name: 'NotAuthorizedException', message: 'User is disabled.' });
  });

  it('makes the new hire choose a password, and only with the right temporary one', async () => {
    await signOut();
    configureAmplify(identity);
    const wrong = await rejection(signIn({ username: 'newhire', password: 'Vigil!demo2026' }));
    expect(wrong.name).toBe('NotAuthorizedException');

    const first = await signIn({ username: 'newhire', password: 'Vigil!temp2026' });
    expect(first.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED');
    const weak = await rejection(confirmSignIn({ challengeResponse: 'weakpass' }));
    expect(weak.name).toBe('InvalidPasswordException');
    const done = await confirmSignIn({ challengeResponse: 'Vigil!hired2026' });
    expect(done.isSignedIn).toBe(true);
    const { tokens } = await fetchAuthSession();
    expect(tokens?.idToken?.payload['cognito:groups']).toEqual(['technologist']);

    const again = await signInWithAmplify(identity, 'newhire', 'Vigil!hired2026');
    expect(decodeJWT(again).payload['cognito:username']).toBe('newhire');
  });

  it('resets a forgotten password with the e-mailed code', async () => {
    const user = await createTestUser(identity, { groups: ['billing'] });
    await signOut();
    configureAmplify(identity);
    const reset = await resetPassword({ username: user.username });
    expect(reset.nextStep.resetPasswordStep).toBe('CONFIRM_RESET_PASSWORD_WITH_CODE');
    expect(reset.nextStep.codeDeliveryDetails.deliveryMedium).toBe('EMAIL');
    expect(logLines).toContain(
      `[identity] code for ${user.username} (forgot password): ${CODE} (EMAIL to ${user.email})`,
    );

    const mismatch = await rejection(
      confirmResetPassword({
        username: user.username,
        confirmationCode: '999999',
        newPassword: 'Vigil!reset2026',
      }),
    );
    expect(mismatch.name).toBe('CodeMismatchException');
    await confirmResetPassword({
      username: user.username,
      confirmationCode: CODE,
      newPassword: 'Vigil!reset2026',
    });

    expect((await rejection(signIn({ username: user.username, password: user.password }))).name).toBe(
      'NotAuthorizedException',
    );
    const idToken = await signInWithAmplify(identity, user.username, 'Vigil!reset2026');
    expect(decodeJWT(idToken).payload['cognito:groups']).toEqual(['billing']);
  });

  it('walks a user who must have MFA through TOTP setup, then asks for a TOTP code', async () => {
    const user = await createTestUser(identity, {
      groups: ['reader'],
      attributes: { 'custom:mfa_required': 'true' },
    });
    await signOut();
    configureAmplify(identity);
    const first = await signIn({ username: user.username, password: user.password });
    expect(first.nextStep.signInStep).toBe('CONTINUE_SIGN_IN_WITH_TOTP_SETUP');
    if (first.nextStep.signInStep !== 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP') return;
    const secret = first.nextStep.totpSetupDetails.sharedSecret;
    expect(first.nextStep.totpSetupDetails.getSetupUri('Vigil').href).toContain(`secret=${secret}`);

    const typo = await rejection(
      confirmSignIn({ challengeResponse: generateSync({ secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' }) }),
    );
    expect(typo.name).toBe('EnableSoftwareTokenMFAException');
    const setUp = await confirmSignIn({ challengeResponse: generateSync({ secret }) });
    expect(setUp.isSignedIn).toBe(true);
    await expectRefreshWorks();

    await signOut();
    const second = await signIn({ username: user.username, password: user.password });
    expect(second.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_TOTP_CODE');
    expect((await rejection(confirmSignIn({ challengeResponse: '000000' }))).name).toBe(
      'CodeMismatchException',
    );
    const done = await confirmSignIn({ challengeResponse: generateSync({ secret }) });
    expect(done.isSignedIn).toBe(true);
    await expectRefreshWorks();
  });

  it('sends an SMS code to a user with SMS MFA (printed on the console)', async () => {
    const user = await createTestUser(identity, {
      groups: ['technologist'],
      attributes: { phone_number: '+15555550123', phone_number_verified: 'true' },
    });
    const admin = localAdminClient(identity.endpoint);
    await admin.send(
      new AdminSetUserMFAPreferenceCommand({
        UserPoolId: identity.userPoolId,
        Username: user.username,
        SMSMfaSettings: { Enabled: true, PreferredMfa: true },
      }),
    );
    admin.destroy();
    await signOut();
    configureAmplify(identity);
    const first = await signIn({ username: user.username, password: user.password });
    expect(first.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_SMS_CODE');
    expect(logLines).toContain(
      `[identity] code for ${user.username} (SMS MFA sign-in): ${CODE} (SMS to +15555550123)`,
    );
    expect((await rejection(confirmSignIn({ challengeResponse: '654321' }))).name).toBe(
      'CodeMismatchException',
    );
    const done = await confirmSignIn({ challengeResponse: CODE });
    expect(done.isSignedIn).toBe(true);
    await expectRefreshWorks();
  });

  it('refreshes tokens through GetTokensFromRefreshToken', async () => {
    const before = await signInWithAmplify(identity, 'reader1', 'Vigil!demo2026');
    const { tokens } = await fetchAuthSession({ forceRefresh: true });
    const after = tokens?.idToken?.toString();
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    expect(tokens?.idToken?.payload).toMatchObject({
      'cognito:username': 'reader1',
      'cognito:groups': ['reader'],
    });
  });

  it('ends every session on a global sign-out, and revokes the refresh token on a local one', async () => {
    const storage = configureAmplify(identity);
    await signOut();
    await signIn({ username: 'tech1', password: 'Vigil!demo2026' });
    const first = storage.refreshToken();
    expect(first).toBeDefined();
    if (!first) return;
    expect((await refreshWith(first)).AuthenticationResult?.IdToken).toBeDefined();
    await signOut({ global: true });
    expect((await rejection(refreshWith(first))).name).toBe('NotAuthorizedException');

    await signIn({ username: 'tech1', password: 'Vigil!demo2026' });
    const second = storage.refreshToken();
    expect(second).toBeDefined();
    if (!second) return;
    await signOut();
    expect((await rejection(refreshWith(second))).name).toBe('NotAuthorizedException');
  });

  it('signs a user up, resends the code, confirms with it', async () => {
    await signOut();
    configureAmplify(identity);
    const username = `signup-${Date.now()}`;
    const email = `${username}@example.org`;
    const signedUp = await signUp({
      username,
      password: 'Vigil!signup2026',
      options: { userAttributes: { email } },
    });
    expect(signedUp.nextStep.signUpStep).toBe('CONFIRM_SIGN_UP');
    const unconfirmed = await signIn({ username, password: 'Vigil!signup2026' });
    expect(unconfirmed.nextStep.signInStep).toBe('CONFIRM_SIGN_UP');

    const linesBefore = logLines.length;
    const resent = await resendSignUpCode({ username });
    expect(resent.destination).toBe(email);
    expect(resent.deliveryMedium).toBe('EMAIL');
    expect(logLines.slice(linesBefore)).toContain(
      `[identity] code for ${username} (sign-up confirmation): ${CODE} (EMAIL to ${email})`,
    );
    const confirmed = await confirmSignUp({ username, confirmationCode: CODE });
    expect(confirmed.isSignUpComplete).toBe(true);
    const already = await rejection(resendSignUpCode({ username }));
    expect(already.message).toBe('User is already confirmed.');
    const idToken = await signInWithAmplify(identity, username, 'Vigil!signup2026');
    expect(decodeJWT(idToken).payload.email_verified).toBe(true);
  });

  it('makes expired but validly signed tokens for tests', async () => {
    const verifier = verifierFor(identity);
    const user = { username: 'tech1', groups: ['technologist'] };
    await expect(verifier.verify(signIdToken(identity, user, 300))).resolves.toMatchObject({
      'cognito:username': 'tech1',
    });
    await expect(verifier.verify(expiredIdToken(identity, user))).rejects.toBeInstanceOf(JwtExpiredError);
  });

  it('seeds idempotently: a restart reuses pool, client, groups and keeps changed passwords', async () => {
    const { userPoolId, userPoolClientId } = identity;
    await signOut();
    await identity.stop();
    identity = await start();
    expect(identity.userPoolId).toBe(userPoolId);
    expect(identity.userPoolClientId).toBe(userPoolClientId);

    const admin = localAdminClient(identity.endpoint);
    try {
      const pools = await admin.send(new ListUserPoolsCommand({ MaxResults: 60 }));
      expect(pools.UserPools?.filter((pool) => pool.Name === 'vigil')).toHaveLength(1);
      const clients = await admin.send(
        new ListUserPoolClientsCommand({ UserPoolId: userPoolId, MaxResults: 60 }),
      );
      expect(clients.UserPoolClients?.map((client) => client.ClientName)).toEqual(['vigil-web']);
      const groups = await admin.send(new ListGroupsCommand({ UserPoolId: userPoolId }));
      expect(groups.Groups?.map((group) => group.GroupName).sort()).toEqual([
        'admin',
        'billing',
        'reader',
        'technologist',
      ]);
    } finally {
      admin.destroy();
    }
    // newhire chose a password earlier in this file; the restart must not have put the temporary one back.
    expect(
      decodeJWT(await fetchIdToken(identity, 'newhire', 'Vigil!hired2026')).payload['cognito:username'],
    ).toBe('newhire');
    await signInWithAmplify(identity, 'admin', 'Vigil!demo2026');
  });
});

describe('local identity: safe on a developer machine', () => {
  const APP_ORIGINS = ['http://127.0.0.1:8080', 'http://localhost:5173', 'http://[::1]:8080'];
  const FOREIGN_ORIGINS = ['http://evil.example', 'null', 'http://127.0.0.1.evil.example:8080'];
  const ODD_NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty'];

  /** A Cognito API call as a browser makes it (with its Origin) or as an SDK does (no Origin). */
  const call = (target: string, body: object, origin?: string) =>
    fetch(identity.endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': `AWSCognitoIdentityProviderService.${target}`,
        ...(origin ? { origin } : {}),
      },
      body: JSON.stringify(body),
    });
  const preflight = (origin: string) =>
    fetch(identity.endpoint, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-amz-target,x-amz-user-agent',
      },
    });
  const signInBody = () => ({
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: identity.userPoolClientId,
    AuthParameters: { USERNAME: 'reader1', PASSWORD: 'Vigil!demo2026' },
  });

  it("serves the browser's targets to loopback origins (the app, Vite), and nothing to other origins", async () => {
    for (const origin of APP_ORIGINS) {
      const allowed = await preflight(origin);
      expect(allowed.status).toBe(204);
      expect(allowed.headers.get('access-control-allow-origin')).toBe(origin);
      expect(allowed.headers.get('access-control-allow-headers')).toContain('x-amz-target');
      const signedIn = await call('InitiateAuth', signInBody(), origin);
      expect(signedIn.status).toBe(200);
      expect(signedIn.headers.get('access-control-allow-origin')).toBe(origin);
      expect(signedIn.headers.get('vary')).toContain('Origin');
    }
    for (const origin of FOREIGN_ORIGINS) {
      expect((await preflight(origin)).headers.get('access-control-allow-origin'), origin).toBeNull();
      const signedIn = await call('InitiateAuth', signInBody(), origin);
      expect(signedIn.headers.get('access-control-allow-origin'), origin).toBeNull();
    }
    const fromSdk = await call('InitiateAuth', signInBody());
    expect(fromSdk.status).toBe(200);
    expect(fromSdk.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses a browser any target Cognito takes only IAM-signed, without CORS and without acting', async () => {
    const UserPoolId = identity.userPoolId;
    const signed: [string, object][] = [
      ['AdminGetUser', { UserPoolId, Username: 'reader1' }],
      ['AdminCreateUser', { UserPoolId, Username: 'browser-made', TemporaryPassword: 'Vigil!temp2026' }],
      ['ListUsers', { UserPoolId }],
      ['CreateUserPool', { PoolName: 'browser-made' }],
    ];
    for (const [target, body] of signed) {
      for (const origin of [APP_ORIGINS[0], FOREIGN_ORIGINS[0]]) {
        const refused = await call(target, body, origin);
        expect(refused.status, `${target} from ${origin}`).toBe(403);
        expect(refused.headers.get('access-control-allow-origin')).toBeNull();
        expect(await refused.json()).toMatchObject({ __type: 'AccessDeniedException' });
      }
    }
    const admin = localAdminClient(identity.endpoint);
    try {
      const made = await rejection(
        admin.send(new AdminGetUserCommand({ UserPoolId, Username: 'browser-made' })),
      );
      expect(made.name).toBe('UserNotFoundException');
      const pools = await admin.send(new ListUserPoolsCommand({ MaxResults: 60 }));
      expect(pools.UserPools?.map((pool) => pool.Name)).not.toContain('browser-made');
    } finally {
      admin.destroy();
    }
    expect((await call('AdminGetUser', { UserPoolId, Username: 'reader1' })).status).toBe(200);
  });

  it("knows no user by a name of Object.prototype's members; SRP sign-in refuses them plainly", async () => {
    const admin = localAdminClient(identity.endpoint);
    const UserPoolId = identity.userPoolId;
    try {
      for (const Username of ODD_NAMES) {
        const user = await rejection(admin.send(new AdminGetUserCommand({ UserPoolId, Username })));
        expect(user.name, Username).toBe('UserNotFoundException');
        const groups = await rejection(
          admin.send(new AdminListGroupsForUserCommand({ UserPoolId, Username })),
        );
        expect(groups.name, Username).toBe('UserNotFoundException');
        const srp = await rejection(
          admin.send(
            new InitiateAuthCommand({
              AuthFlow: 'USER_SRP_AUTH',
              ClientId: identity.userPoolClientId,
              AuthParameters: { USERNAME: Username, SRP_A: 'abcdef0123456789' },
            }),
          ),
        );
        expect(srp, Username).toMatchObject({
          name: 'NotAuthorizedException',
          message: 'Incorrect username or password.',
        });
      }
      await signOut();
      configureAmplify(identity);
      const amplify = await rejection(signIn({ username: '__proto__', password: 'Vigil!demo2026' }));
      expect(amplify.name).toBe('NotAuthorizedException');

      // They are ordinary names, as in Cognito: one can be a user, and the others stay unknown.
      const user = await createTestUser(identity, { username: '__proto__', groups: ['reader'] });
      const idToken = await signInWithAmplify(identity, user.username, user.password);
      expect(decodeJWT(idToken).payload['cognito:groups']).toEqual(['reader']);
      const found = await admin.send(new AdminGetUserCommand({ UserPoolId, Username: '__proto__' }));
      expect(found.Username).toBe('__proto__');
      const listed = await admin.send(new ListUsersCommand({ UserPoolId }));
      expect(listed.Users?.map((u) => u.Username)).toContain('__proto__');
      const other = await rejection(
        admin.send(new AdminGetUserCommand({ UserPoolId, Username: 'constructor' })),
      );
      expect(other.name).toBe('UserNotFoundException');
    } finally {
      admin.destroy();
    }
  });

  /** Whether something accepts TCP connections at host:port. */
  const accepts = (host: string, port: number) =>
    new Promise<boolean>((resolve) => {
      const socket = connect({ host, port });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
  const outsideAddresses = () =>
    Object.values(networkInterfaces())
      .flat()
      .filter((address) => address && !address.internal && !address.address.startsWith('fe80:'))
      .map((address) => address?.address as string);

  it('listens on loopback only, whatever its stored config says, and refuses another HOST', async () => {
    const configFile = join(dir, '.cognito', 'config.json');
    const stored = JSON.parse(await readFile(configFile, 'utf8'));
    await signOut();
    await identity.stop();
    await writeFile(configFile, JSON.stringify({ ...stored, ServerConfig: { hostname: '0.0.0.0' } }));
    identity = await start();
    expect(await accepts('127.0.0.1', port)).toBe(true);
    for (const address of outsideAddresses()) expect(await accepts(address, port), address).toBe(false);

    const elsewhere = await mkdtemp(join(tmpdir(), 'vigil-identity-host-'));
    try {
      const script = fileURLToPath(new URL('../../server/identity/cognitoLocalServer.cjs', import.meta.url));
      const child = spawn(process.execPath, [script], {
        cwd: elsewhere,
        env: { ...process.env, HOST: '0.0.0.0', PORT: String(port + 1) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk) => {
        output += chunk;
      });
      child.stderr.on('data', (chunk) => {
        output += chunk;
      });
      const code = await new Promise((resolve) => child.once('exit', resolve));
      expect(code).toBe(1);
      expect(output).toContain('HOST=0.0.0.0 is refused: the local identity listens on loopback only');
      expect(existsSync(join(elsewhere, '.cognito'))).toBe(false);
    } finally {
      await rm(elsewhere, { recursive: true, force: true });
    }
  });
});
