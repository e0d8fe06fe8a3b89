/**
 * The local identity provider (DESIGN §2 "Identity"): cognito-local with the extensions in
 * cognitoLocalServer.cjs, run as a child process and seeded through the real Cognito admin API, so local
 * runs and tests go through the production code paths (Amplify SRP sign-in, refresh, MFA; admin API).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import {
  AddCustomAttributesCommand,
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolClientCommand,
  DescribeUserPoolCommand,
  ListGroupsCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
  UpdateUserPoolClientCommand,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { ROLES } from '../../contract/roles';
import { CREDENTIALS_ATTRIBUTE } from '../services/userDirectory';
import { DEMO_USERS, type DemoUser } from './demoUsers';

export type LocalIdentityOptions = {
  /** Data directory; the emulator keeps its pools and users in `<dir>/.cognito/`. */
  dir: string;
  port?: number;
  /** Fixes every code the emulator "sends" (sign-up, forgot password, SMS MFA, attribute verification). */
  code?: string;
  /** Receives the emulator's `[identity] …` lines (codes) and errors; default console.log. */
  log?: (line: string) => void;
  seedDemoUsers?: boolean;
  /** Lifetime of access and id tokens for a newly created app client (default 1 h, as Cognito's). */
  tokenValiditySeconds?: number;
};

export type LocalIdentity = {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  /** http://127.0.0.1:9229 — Amplify's `userPoolEndpoint`, the admin client's `endpoint`. */
  endpoint: string;
  /** `${endpoint}/${userPoolId}`: the `iss` of every token. */
  issuer: string;
  /** `${issuer}/.well-known/jwks.json` */
  jwksUri: string;
  demoUsers: DemoUser[];
  stop(): Promise<void>;
};

const LOCAL_REGION = 'local'; // cognito-local's pool ids are `local_xxxxxxxx`
const POOL_NAME = 'vigil';
const CLIENT_NAME = 'vigil-web';

/** The pool's custom attributes (Cognito names them `custom:<name>`); all mutable, as the real pool's. */
const CUSTOM_ATTRIBUTES = ['mfa_required', 'credentials'];

/** The emulator's only address: its admin API is unauthenticated and its signing key is published. */
const LOOPBACK = '127.0.0.1';
const SERVER_SCRIPT = fileURLToPath(new URL('./cognitoLocalServer.cjs', import.meta.url));
// A limit for a start that hangs: it took over 20 s in the API tests with the end-to-end stories beside them.
const START_TIMEOUT_MS = 120_000;

/** An admin API client for the emulator (it ignores credentials, the SDK insists on having some). */
export function localAdminClient(endpoint: string): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({
    region: LOCAL_REGION,
    endpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

export async function startLocalIdentity(opts: LocalIdentityOptions): Promise<LocalIdentity> {
  const port = opts.port ?? 9229;
  const log = opts.log ?? ((line: string) => console.log(line));
  const endpoint = `http://${LOOPBACK}:${port}`;
  await mkdir(opts.dir, { recursive: true });

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: LOOPBACK,
    PORT: String(port),
    AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1', // cognito-local loads aws-sdk v2 (for Lambda triggers)
  };
  if (opts.code !== undefined) env.CODE = opts.code;
  const child = spawn(process.execPath, [SERVER_SCRIPT], {
    cwd: opts.dir,
    env,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'], // the IPC channel only tells the child when we are gone
  });

  const recent: string[] = []; // shown when the emulator dies
  let announceReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    announceReady = resolve;
  });
  const onLine = (raw: string) => {
    const line = stripVTControlCharacters(raw); // pino-pretty colours unconditionally
    recent.push(line);
    if (recent.length > 40) recent.shift();
    if (line.includes('Cognito Local running on')) announceReady();
    else if (line.startsWith('[identity]') || /\bERROR\b/.test(line)) log(line);
  };
  if (child.stdout) createInterface({ input: child.stdout }).on('line', onLine);
  if (child.stderr) createInterface({ input: child.stderr }).on('line', onLine);

  let started = false; // a failure to start is thrown, not logged
  let stopping = false;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      process.removeListener('exit', killChild);
      // Ctrl-C in a terminal signals the whole process group: the emulator stopping then is expected.
      if (started && !stopping && signal !== 'SIGINT') {
        log(`[identity] cognito-local exited unexpectedly (code ${code}, signal ${signal}); last output:`);
        for (const line of recent.slice(-15)) log(`[identity]   ${line}`);
      }
      resolve();
    });
  });
  // Never leave an orphan emulator holding the port when the parent exits without calling stop().
  const killChild = () => child.kill('SIGKILL');
  process.on('exit', killChild);

  const stop = async () => {
    stopping = true;
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3_000);
      await exited;
      clearTimeout(timer);
    }
  };

  try {
    await waitForStart(child, ready, exited, recent);
    started = true;
    const { userPoolId, userPoolClientId } = await seedLocalIdentity(endpoint, {
      seedDemoUsers: opts.seedDemoUsers ?? true,
      tokenValiditySeconds: opts.tokenValiditySeconds,
    });
    const issuer = `${endpoint}/${userPoolId}`;
    return {
      region: LOCAL_REGION,
      userPoolId,
      userPoolClientId,
      endpoint,
      issuer,
      jwksUri: `${issuer}/.well-known/jwks.json`,
      demoUsers: [...DEMO_USERS],
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function waitForStart(
  child: ChildProcess,
  ready: Promise<void>,
  exited: Promise<void>,
  recent: string[],
) {
  let timer: NodeJS.Timeout | undefined;
  const outcome = await Promise.race([
    ready.then(() => 'ready' as const),
    exited.then(() => 'exited' as const),
    new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), START_TIMEOUT_MS);
    }),
  ]);
  clearTimeout(timer);
  if (outcome !== 'ready') {
    const why = outcome === 'exited' ? `exited with code ${child.exitCode}` : 'did not start in time';
    const errors = recent.filter((line) => /\bERROR\b/.test(line));
    throw new Error(
      `Local identity (cognito-local) ${why}: ${errors.join(' ')}\n${recent.slice(-20).join('\n')}`,
    );
  }
}

/**
 * Creates what is missing — pool, app client, groups, demo users — and leaves what exists alone (a demo user
 * whose password was changed keeps it). Safe to run on every start.
 */
/** The longest an id or access token of the local identity lives (the documented production setting too). */
const MAX_TOKEN_SECONDS = 15 * 60;

async function seedLocalIdentity(
  endpoint: string,
  opts: { seedDemoUsers?: boolean; tokenValiditySeconds?: number } = {},
): Promise<{ userPoolId: string; userPoolClientId: string }> {
  const tokenSeconds = opts.tokenValiditySeconds ?? MAX_TOKEN_SECONDS;
  const admin = localAdminClient(endpoint);
  try {
    const pools = await admin.send(new ListUserPoolsCommand({ MaxResults: 60 }));
    let userPoolId = pools.UserPools?.find((pool) => pool.Name === POOL_NAME)?.Id;
    if (!userPoolId) {
      const created = await admin.send(
        new CreateUserPoolCommand({
          PoolName: POOL_NAME,
          Policies: {
            PasswordPolicy: {
              MinimumLength: 8,
              RequireLowercase: true,
              RequireUppercase: true,
              RequireNumbers: true,
              RequireSymbols: true,
              TemporaryPasswordValidityDays: 7,
            },
          },
          Schema: CUSTOM_ATTRIBUTES.map((Name) => ({ Name, AttributeDataType: 'String', Mutable: true })),
          MfaConfiguration: 'OPTIONAL',
          AutoVerifiedAttributes: ['email'],
        }),
      );
      userPoolId = created.UserPool?.Id;
    }
    if (!userPoolId) throw new Error('Local identity: the user pool has no id');
    await addMissingAttributes(admin, userPoolId);

    const clients = await admin.send(
      new ListUserPoolClientsCommand({ UserPoolId: userPoolId, MaxResults: 60 }),
    );
    let userPoolClientId = clients.UserPoolClients?.find(
      (client) => client.ClientName === CLIENT_NAME,
    )?.ClientId;
    if (!userPoolClientId) {
      const created = await admin.send(
        new CreateUserPoolClientCommand({
          UserPoolId: userPoolId,
          ClientName: CLIENT_NAME,
          GenerateSecret: false,
          ExplicitAuthFlows: ['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH', 'ALLOW_USER_PASSWORD_AUTH'],
          PreventUserExistenceErrors: 'ENABLED',
          EnableTokenRevocation: true,
          // 15 min access and id tokens (a sign-out or reset at the identity ends a session within that),
          // 30 days refresh; shorter tokens test refreshing.
          AccessTokenValidity: tokenSeconds,
          IdTokenValidity: tokenSeconds,
          RefreshTokenValidity: 30,
          TokenValidityUnits: { AccessToken: 'seconds', IdToken: 'seconds', RefreshToken: 'days' },
        }),
      );
      userPoolClientId = created.UserPoolClient?.ClientId;
    }
    if (!userPoolClientId) throw new Error('Local identity: the app client has no id');
    await shortenTokens(admin, userPoolId, userPoolClientId, tokenSeconds);

    const groups = await admin.send(new ListGroupsCommand({ UserPoolId: userPoolId }));
    const existingGroups = new Set(groups.Groups?.map((group) => group.GroupName));
    for (const role of ROLES) {
      if (!existingGroups.has(role)) {
        await admin.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: role }));
      }
    }

    if (opts.seedDemoUsers ?? true) {
      for (const user of DEMO_USERS) await ensureUser(admin, userPoolId, user);
    }
    return { userPoolId, userPoolClientId };
  } finally {
    admin.destroy();
  }
}

/** An app client made when tokens lived longer (1 h) gets this lifetime now. */
async function shortenTokens(
  admin: CognitoIdentityProviderClient,
  userPoolId: string,
  clientId: string,
  tokenSeconds: number,
) {
  const { UserPoolClient: client } = await admin.send(
    new DescribeUserPoolClientCommand({ UserPoolId: userPoolId, ClientId: clientId }),
  );
  if (!client || (client.IdTokenValidity ?? Number.POSITIVE_INFINITY) <= tokenSeconds) return;
  await admin.send(
    new UpdateUserPoolClientCommand({
      ...client,
      UserPoolId: userPoolId,
      ClientId: clientId,
      AccessTokenValidity: tokenSeconds,
      IdTokenValidity: tokenSeconds,
      TokenValidityUnits: { AccessToken: 'seconds', IdToken: 'seconds', RefreshToken: 'days' },
    }),
  );
}

/** A pool made before an attribute was added to CUSTOM_ATTRIBUTES gets it now. */
async function addMissingAttributes(admin: CognitoIdentityProviderClient, userPoolId: string) {
  const pool = await admin.send(new DescribeUserPoolCommand({ UserPoolId: userPoolId }));
  const declared = new Set(pool.UserPool?.SchemaAttributes?.map((attribute) => attribute.Name));
  const missing = CUSTOM_ATTRIBUTES.filter((name) => !declared.has(`custom:${name}`));
  if (missing.length === 0) return;
  await admin.send(
    new AddCustomAttributesCommand({
      UserPoolId: userPoolId,
      CustomAttributes: missing.map((Name) => ({ Name, AttributeDataType: 'String', Mutable: true })),
    }),
  );
}

async function ensureUser(admin: CognitoIdentityProviderClient, userPoolId: string, user: DemoUser) {
  try {
    const found = await admin.send(
      new AdminGetUserCommand({ UserPoolId: userPoolId, Username: user.username }),
    );
    // Exists: keep whatever password and state it has now; a demo reader made before credentials gets them.
    const hasCredentials = found.UserAttributes?.some(({ Name }) => Name === CREDENTIALS_ATTRIBUTE);
    if (user.credentials && !hasCredentials) {
      await admin.send(
        new AdminUpdateUserAttributesCommand({
          UserPoolId: userPoolId,
          Username: user.username,
          UserAttributes: [{ Name: CREDENTIALS_ATTRIBUTE, Value: user.credentials }],
        }),
      );
    }
    return;
  } catch (error) {
    if (!(error instanceof UserNotFoundException)) throw error;
  }
  await admin.send(
    new AdminCreateUserCommand({
      UserPoolId: userPoolId,
      Username: user.username,
      TemporaryPassword: user.password,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'name', Value: user.name },
        { Name: 'email', Value: user.email },
        { Name: 'email_verified', Value: 'true' },
        ...(user.credentials ? [{ Name: CREDENTIALS_ATTRIBUTE, Value: user.credentials }] : []),
      ],
    }),
  );
  if (!user.temporary) {
    await admin.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: userPoolId,
        Username: user.username,
        Password: user.password,
        Permanent: true,
      }),
    );
  }
  await admin.send(
    new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: user.username, GroupName: user.role }),
  );
}
