/**
 * Identity helpers for API and end-to-end tests, against the local identity emulator
 * (server/identity/localIdentity.ts). Sign-in goes through real Amplify (SRP) or the plain Cognito API;
 * throwaway users keep tests from changing the demo users.
 */
import { createSign, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  type AttributeType,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { Amplify } from 'aws-amplify';
import { fetchAuthSession, signIn, signOut } from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { ConsoleLogger, type KeyValueStorageInterface } from 'aws-amplify/utils';
import type { Role } from '../../../contract/roles';
import { type LocalIdentity, localAdminClient } from '../../../server/identity/localIdentity';

// Amplify warns on every configure that `userPoolEndpoint` is not AWS's: expected here, and noise in test output.
ConsoleLogger.LOG_LEVEL = 'ERROR';

export type IdentityTarget = Pick<LocalIdentity, 'userPoolId' | 'userPoolClientId' | 'endpoint' | 'issuer'>;

/** Amplify's token store in memory, so a test can look at what Amplify keeps (e.g. the refresh token). */
export class MemoryStorage implements KeyValueStorageInterface {
  readonly items = new Map<string, string>();
  async setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  async getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  async removeItem(key: string) {
    this.items.delete(key);
  }
  async clear() {
    this.items.clear();
  }
  /** The refresh token Amplify holds for the signed-in user, if any. */
  refreshToken(): string | undefined {
    for (const [key, value] of this.items) if (key.endsWith('.refreshToken')) return value;
    return undefined;
  }
}

/** Points Amplify (a process-wide singleton) at the emulator, with a fresh in-memory token store. */
export function configureAmplify(identity: IdentityTarget): MemoryStorage {
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: identity.userPoolId,
        userPoolClientId: identity.userPoolClientId,
        userPoolEndpoint: identity.endpoint,
        loginWith: { username: true },
      },
    },
  });
  const storage = new MemoryStorage();
  cognitoUserPoolsTokenProvider.setKeyValueStorage(storage);
  return storage;
}

/**
 * Signs `username` in through Amplify's default flow (USER_SRP_AUTH) and returns the id token. Whoever was
 * signed in before is signed out first, so tests can switch users.
 */
export async function signInWithAmplify(identity: IdentityTarget, username: string, password: string) {
  await signOut().catch(() => undefined);
  configureAmplify(identity);
  const result = await signIn({ username, password });
  if (!result.isSignedIn) throw new Error(`Sign-in of ${username} stopped at ${result.nextStep.signInStep}`);
  const { tokens } = await fetchAuthSession();
  if (!tokens?.idToken) throw new Error(`No id token after signing in ${username}`);
  return tokens.idToken.toString();
}

/** The id token of `username` via USER_PASSWORD_AUTH: quick, no Amplify state (for API tests). */
export async function fetchIdToken(identity: IdentityTarget, username: string, password: string) {
  const client = localAdminClient(identity.endpoint);
  try {
    const result = await client.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: identity.userPoolClientId,
        AuthParameters: { USERNAME: username, PASSWORD: password },
      }),
    );
    const idToken = result.AuthenticationResult?.IdToken;
    if (!idToken) throw new Error(`Sign-in of ${username} needs ${result.ChallengeName ?? 'more steps'}`);
    return idToken;
  } finally {
    client.destroy();
  }
}

export type TestUser = { username: string; password: string; name: string; email: string };

/** A new confirmed user (permanent password) in `groups`, for tests that change or disable users. */
export async function createTestUser(
  identity: IdentityTarget,
  opts: { groups?: Role[]; username?: string; password?: string; attributes?: Record<string, string> } = {},
): Promise<TestUser> {
  const username = opts.username ?? `test-${randomUUID().slice(0, 8)}`;
  const password = opts.password ?? 'Test!pass2026';
  const name = `Test User ${username}`;
  const email = `${username}@example.org`;
  const attributes: AttributeType[] = Object.entries({
    name,
    email,
    email_verified: 'true',
    ...opts.attributes,
  }).map(([Name, Value]) => ({ Name, Value }));
  const admin = localAdminClient(identity.endpoint);
  try {
    const UserPoolId = identity.userPoolId;
    await admin.send(
      new AdminCreateUserCommand({
        UserPoolId,
        Username: username,
        TemporaryPassword: password,
        MessageAction: 'SUPPRESS',
        UserAttributes: attributes,
      }),
    );
    await admin.send(
      new AdminSetUserPasswordCommand({
        UserPoolId,
        Username: username,
        Password: password,
        Permanent: true,
      }),
    );
    for (const group of opts.groups ?? []) {
      await admin.send(new AdminAddUserToGroupCommand({ UserPoolId, Username: username, GroupName: group }));
    }
  } finally {
    admin.destroy();
  }
  return { username, password, name, email };
}

/** The key the emulator signs with; it ships in cognito-local's npm package (so: local mode only). */
function emulatorSigningKey(): string {
  const require = createRequire(import.meta.url);
  const file = require.resolve('cognito-local/lib/keys/cognitoLocal.private.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { pem: string }).pem;
}

/**
 * An id token signed like the emulator's own (same key, kid, issuer, audience), with the given lifetime:
 * pass a negative `expiresInSeconds` for an expired but validly signed token.
 */
export function signIdToken(
  identity: IdentityTarget,
  user: { username: string; groups?: string[]; name?: string; email?: string },
  expiresInSeconds: number,
): string {
  const now = Math.floor(Date.now() / 1000);
  const issuedAt = Math.min(now, now + expiresInSeconds - 60);
  const payload = {
    sub: randomUUID(),
    'cognito:username': user.username,
    ...(user.groups?.length ? { 'cognito:groups': user.groups } : {}),
    name: user.name ?? user.username,
    email: user.email ?? `${user.username}@example.org`,
    email_verified: true,
    token_use: 'id',
    auth_time: issuedAt,
    iat: issuedAt,
    exp: now + expiresInSeconds,
    aud: identity.userPoolClientId,
    iss: identity.issuer,
    jti: randomUUID(),
    origin_jti: randomUUID(),
  };
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${encode({ alg: 'RS256', typ: 'JWT', kid: 'CognitoLocal' })}.${encode(payload)}`;
  const signature = createSign('RSA-SHA256')
    .update(unsigned)
    .sign(emulatorSigningKey())
    .toString('base64url');
  return `${unsigned}.${signature}`;
}

/** An id token that expired a minute ago, otherwise valid. */
export function expiredIdToken(
  identity: IdentityTarget,
  user: { username: string; groups?: string[]; name?: string; email?: string },
): string {
  return signIdToken(identity, user, -60);
}
