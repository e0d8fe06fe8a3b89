'use strict';
/**
 * cognito-local 5.3.0 plus what Amplify v6's default flows call and plain cognito-local lacks or gets wrong
 * (DESIGN §2 "Identity"). Runs as its own process, started by localIdentity.ts with `process.execPath`:
 *
 *   cwd  the data directory (holds .cognito/); HOST (loopback only), PORT where to listen; CODE fixes every
 *   delivered code.
 *
 * It extends cognito-local only through its own seams: the `Targets` map (API target name ->
 * `(services) => (ctx, req) => response`) is wrapped/extended before `lib/bin/start.js` builds the server,
 * three prototypes are patched (message delivery → one console line; token claims → Cognito's; the data
 * store → own keys only), and the `cors` middleware it loads is replaced by one that serves browsers only
 * what Cognito serves them unsigned.
 *
 * Added: USER_SRP_AUTH (+ PASSWORD_VERIFIER), GetTokensFromRefreshToken, MFA_SETUP during sign-in (TOTP via
 * Session), SMS MFA from an MFA preference, ResendConfirmationCode, GlobalSignOut, AdminUserGlobalSignOut,
 * AdminResetUserPassword, AdminSetUserMFAPreference, password-policy checks.
 * Fixed: wrong password → NotAuthorizedException "Incorrect username or password."; a FORCE_CHANGE_PASSWORD
 * user must give the temporary password; refresh tokens issued after a challenge are stored (so they refresh);
 * id token carries name/email/phone and a real email_verified boolean; tokens carry origin_jti (so Amplify's
 * signOut revokes the refresh token, as with a real client that has token revocation on); names such as
 * `__proto__` or `constructor` are ordinary names, not Object.prototype's members.
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const { createRequire } = require('node:module');
const net = require('node:net');
const path = require('node:path');
const { Targets } = require('cognito-local/lib/targets/targets');
// cognito-local's own jsonwebtoken (not a dependency of ours), resolved from its package.
const jwt = createRequire(require.resolve('cognito-local/package.json'))('jsonwebtoken');
const errors = require('cognito-local/lib/errors');
const { StormDBDataStore } = require('cognito-local/lib/services/dataStore/stormDb');
const { MessagesService } = require('cognito-local/lib/services/messages');
const { InitiateAuth: PlainInitiateAuth } = require('cognito-local/lib/targets/initiateAuth');
const { JwtTokenGenerator } = require('cognito-local/lib/services/tokenGenerator');
const { attributeValue, attributesAppend } = require('cognito-local/lib/services/userPoolService');
const totp = require('cognito-local/lib/services/totp');
const privateKey = require('cognito-local/lib/keys/cognitoLocal.private.json');
const publicKey = require('cognito-local/lib/keys/cognitoLocal.public.json');

const HOST = process.env.HOST || '127.0.0.1';
const PORT = process.env.PORT || '9229';
// Anyone who can reach the emulator can use its unauthenticated admin API, and its signing key is public.
const loopback = new net.BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');
if (
  HOST.toLowerCase() !== 'localhost' &&
  !(net.isIP(HOST) && loopback.check(HOST, net.isIPv6(HOST) ? 'ipv6' : 'ipv4'))
) {
  console.error(`[identity] HOST=${HOST} is refused: the local identity listens on loopback only`);
  process.exit(1);
}
process.env.HOST = HOST;
process.env.PORT = PORT;

// ---------------------------------------------------------------------------------------------------------
// Config: users sign in by username (cognito-local defaults to email usernames), tokens are issued under
// the endpoint the JWKS is served from.
const configFile = path.join('.cognito', 'config.json');
fs.mkdirSync(path.dirname(configFile), { recursive: true });
const existingConfig = fs.existsSync(configFile) ? JSON.parse(fs.readFileSync(configFile, 'utf8')) : {};
fs.writeFileSync(
  configFile,
  JSON.stringify(
    {
      ...existingConfig,
      UserPoolDefaults: { ...existingConfig.UserPoolDefaults, UsernameAttributes: [] },
      TokenConfig: { IssuerDomain: `http://${HOST}:${PORT}` },
      // The file's ServerConfig would otherwise win over HOST and PORT.
      ServerConfig: { ...existingConfig.ServerConfig, hostname: HOST, port: Number(PORT) },
    },
    null,
    2,
  ),
);

const say = (line) => console.log(`[identity] ${line}`);
const INCORRECT = 'Incorrect username or password.';
const notAuthorized = (message = INCORRECT) => new errors.NotAuthorizedError(message);
const THREE_MINUTES = 3 * 60 * 1000;

// ---------------------------------------------------------------------------------------------------------
// Codes: one readable console line instead of cognito-local's box (the code is what a developer needs).
const CODE_PURPOSE = {
  SignUp: 'sign-up confirmation',
  ResendCode: 'sign-up confirmation',
  ForgotPassword: 'forgot password',
  Authentication: 'SMS MFA sign-in',
  VerifyUserAttribute: 'attribute verification',
  UpdateUserAttribute: 'attribute verification',
  AdminCreateUser: 'temporary password',
};
MessagesService.prototype.deliver = async (_ctx, source, _clientId, _poolId, user, code, _meta, details) => {
  const via = details ? ` (${details.DeliveryMedium} to ${details.Destination})` : '';
  say(`code for ${user.Username} (${CODE_PURPOSE[source] ?? source}): ${code}${via}`);
};

// ---------------------------------------------------------------------------------------------------------
// Tokens: cognito-local's id token lacks name/phone, says email_verified: true for "false", has no
// origin_jti and no ExpiresIn/TokenType. Re-sign its payloads with Cognito's claims added.
const STANDARD_CLAIMS = [
  'name',
  'given_name',
  'family_name',
  'middle_name',
  'nickname',
  'preferred_username',
  'email',
  'phone_number',
  'locale',
  'zoneinfo',
  'birthdate',
  'gender',
  'picture',
  'profile',
  'website',
  'address',
  'updated_at',
];
const sign = (payload) => jwt.sign(payload, privateKey.pem, { algorithm: 'RS256', keyid: 'CognitoLocal' });
const originalGenerate = JwtTokenGenerator.prototype.generate;
JwtTokenGenerator.prototype.generate = async function generate(ctx, user, groups, client, meta, source) {
  const tokens = await originalGenerate.call(this, ctx, user, groups, client, meta, source);
  const originJti = crypto.randomUUID();
  const id = jwt.decode(tokens.IdToken);
  const access = jwt.decode(tokens.AccessToken);
  for (const claim of STANDARD_CLAIMS) {
    const value = attributeValue(claim, user.Attributes);
    if (value !== undefined && id[claim] === undefined) id[claim] = value;
  }
  for (const claim of ['email_verified', 'phone_number_verified']) {
    const value = attributeValue(claim, user.Attributes);
    if (value === undefined) delete id[claim];
    else id[claim] = value === 'true';
  }
  id.origin_jti = originJti;
  access.origin_jti = originJti;
  return {
    ...tokens,
    IdToken: sign(id),
    AccessToken: sign(access),
    ExpiresIn: Math.max(0, access.exp - access.iat),
    TokenType: 'Bearer',
  };
};

// ---------------------------------------------------------------------------------------------------------
// Store: cognito-local keeps users, groups and app clients as keys of plain objects and reads them as
// `object[name]`, so `__proto__`, `constructor` or `toString` found Object.prototype's members: a made-up
// user. Reads follow own keys only and writes define own keys, so these are ordinary names, as in Cognito.
const keyPath = (key) => (Array.isArray(key) ? key : [key]);
const isRecord = (value) => typeof value === 'object' && value !== null;
const defineOwn = (record, name, value) =>
  Object.defineProperty(record, name, { value, writable: true, enumerable: true, configurable: true });
StormDBDataStore.prototype.get = async function get(_ctx, key, defaultValue) {
  let value = this.db.value();
  for (const name of keyPath(key)) {
    if (!isRecord(value) || !Object.hasOwn(value, name)) return defaultValue ?? null;
    value = value[name];
  }
  return value ?? defaultValue ?? null;
};
StormDBDataStore.prototype.set = async function set(_ctx, key, value) {
  const names = keyPath(key);
  let record = this.db.value();
  for (const name of names.slice(0, -1)) {
    if (!Object.hasOwn(record, name) || !isRecord(record[name])) defineOwn(record, name, {});
    record = record[name];
  }
  defineOwn(record, names.at(-1), value);
  await this.db.save();
};

// ---------------------------------------------------------------------------------------------------------
// CORS: cognito-local allows every origin (`cors({ origin: '*' })`) on everything. Browsers get what Cognito
// serves them unsigned (sign-in, tokens, the signed-in user's own account), and only from loopback origins
// (the app on 127.0.0.1:8080, Vite on :5173). A preflight does not say which target follows, so a browser's
// request for a target Cognito takes only IAM-signed (Admin*, pools, ListUsers…) is refused outright. SDKs
// and the server send no Origin and are unaffected. cognito-local takes its `cors` from the module cache.
/** The operations the Cognito API model marks unsigned (`smithy.api#noAuth` in the AWS SDK). */
const UNSIGNED_TARGETS = new Set([
  'AssociateSoftwareToken',
  'ChangePassword',
  'CompleteWebAuthnRegistration',
  'ConfirmDevice',
  'ConfirmForgotPassword',
  'ConfirmSignUp',
  'DeleteUser',
  'DeleteUserAttributes',
  'DeleteWebAuthnCredential',
  'ForgetDevice',
  'ForgotPassword',
  'GetDevice',
  'GetTokensFromRefreshToken',
  'GetUser',
  'GetUserAttributeVerificationCode',
  'GetUserAuthFactors',
  'GlobalSignOut',
  'InitiateAuth',
  'ListDevices',
  'ListUserSessions',
  'ListWebAuthnCredentials',
  'ResendConfirmationCode',
  'RespondToAuthChallenge',
  'RevokeToken',
  'RevokeUserSession',
  'SetUserMFAPreference',
  'SetUserSettings',
  'SignUp',
  'StartWebAuthnRegistration',
  'UpdateAuthEventFeedback',
  'UpdateDeviceStatus',
  'UpdateUserAttributes',
  'VerifySoftwareToken',
  'VerifyUserAttribute',
]);
const LOOPBACK_ORIGIN = /^https?:\/\/(localhost|127(\.\d{1,3}){3}|\[::1\])(:\d{1,5})?$/i;
const serverRequire = createRequire(require.resolve('cognito-local/lib/server/server.js'));
const allowOrigin = serverRequire('cors')({ origin: true });
function browserAccess(req, res, next) {
  const origin = req.headers.origin;
  if (origin === undefined) return next();
  const target =
    req.method === 'POST' && req.path === '/'
      ? String(req.headers['x-amz-target'] ?? '').split('.')[1]
      : undefined;
  if (target && !UNSIGNED_TARGETS.has(target)) {
    res.status(403).json({
      __type: 'AccessDeniedException',
      message: `${target} is not served to browsers: Cognito takes it only IAM-signed`,
    });
    return;
  }
  if (LOOPBACK_ORIGIN.test(origin)) return allowOrigin(req, res, next);
  next();
}
require.cache[serverRequire.resolve('cors')].exports = () => browserAccess;

// ---------------------------------------------------------------------------------------------------------
// Helpers
const wrap = (name, makeHandler) => {
  const original = Targets[name];
  Targets[name] = (services) => makeHandler(services, original ? original(services) : undefined);
};

/** Sign-in sessions of the challenges this file issues (NEW_PASSWORD_REQUIRED, MFA_SETUP); 3 min like Cognito. */
const sessions = new Map();
const newSession = (state) => {
  for (const [key, value] of sessions) if (value.expires < Date.now()) sessions.delete(key);
  const id = crypto.randomBytes(48).toString('base64url');
  sessions.set(id, { ...state, expires: Date.now() + THREE_MINUTES });
  return id;
};
const peekSession = (id, challenge) => {
  const state = id ? sessions.get(id) : undefined;
  if (!state || state.expires < Date.now() || state.challenge !== challenge) {
    throw notAuthorized('Invalid session for the user, session is expired.');
  }
  return state;
};
/** Sessions are single-use: each step answers with a new one. */
const takeSession = (id, challenge) => {
  const state = peekSession(id, challenge);
  sessions.delete(id);
  return state;
};

function assertPasswordPolicy(userPool, password) {
  const policy = userPool.options.Policies?.PasswordPolicy;
  if (!policy || typeof password !== 'string') return;
  const fail = (why) => {
    throw new errors.CognitoError('InvalidPasswordException', `Password does not conform to policy: ${why}`);
  };
  if (password.length < (policy.MinimumLength ?? 8)) fail('Password not long enough');
  if (policy.RequireLowercase && !/[a-z]/.test(password)) fail('Password must have lowercase characters');
  if (policy.RequireUppercase && !/[A-Z]/.test(password)) fail('Password must have uppercase characters');
  if (policy.RequireNumbers && !/[0-9]/.test(password)) fail('Password must have numeric characters');
  if (policy.RequireSymbols && !/[\^$*.[\]{}()?"!@#%&/\\,><':;|_~`=+-]/.test(password)) {
    fail('Password must have symbol characters');
  }
}

function assertFlowAllowed(client, flow) {
  const flows = client.ExplicitAuthFlows ?? [];
  if (flows.length > 0 && !flows.includes(`ALLOW_${flow}`) && !flows.includes(flow)) {
    throw new errors.InvalidParameterError(`${flow} flow not enabled for this client`);
  }
}

const hasMfa = (user) =>
  (user.UserMFASettingList ?? []).length > 0 ||
  (user.MFAOptions ?? []).some((option) => option.DeliveryMedium === 'SMS');

/** Pool MFA OPTIONAL: a user flagged custom:mfa_required (or every user when MFA is ON) must set one up. */
const needsMfaSetup = (userPool, user) =>
  userPool.options.MfaConfiguration !== 'OFF' &&
  !hasMfa(user) &&
  (userPool.options.MfaConfiguration === 'ON' ||
    attributeValue('custom:mfa_required', user.Attributes) === 'true');

async function issueTokens(ctx, services, userPool, client, user, meta) {
  const groups = await userPool.listUserGroupMembership(ctx, user);
  const tokens = await services.tokenGenerator.generate(ctx, user, groups, client, meta, 'Authentication');
  await userPool.storeRefreshToken(ctx, tokens.RefreshToken, user);
  return { ChallengeParameters: {}, AuthenticationResult: tokens };
}

/**
 * What Cognito does once the password is proven (by SRP or USER_PASSWORD_AUTH): account state checks, then
 * force-new-password, MFA setup, an MFA challenge or tokens. The last two are cognito-local's own
 * USER_PASSWORD_AUTH path, called with the stored password, which is already known to be right here.
 */
async function afterPassword(ctx, originalInitiateAuth, req, userPool, user) {
  if (user.Enabled === false) throw notAuthorized('User is disabled.');
  if (user.UserStatus === 'UNCONFIRMED') throw new errors.UserNotConfirmedException();
  if (user.UserStatus === 'RESET_REQUIRED') throw new errors.PasswordResetRequiredError();
  const base = { username: user.Username, clientId: req.ClientId };
  if (user.UserStatus === 'FORCE_CHANGE_PASSWORD') {
    const { sub: _sub, ...visible } = Object.fromEntries(user.Attributes.map((a) => [a.Name, a.Value]));
    return {
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      ChallengeParameters: {
        USER_ID_FOR_SRP: user.Username,
        requiredAttributes: '[]',
        userAttributes: JSON.stringify(visible),
      },
      Session: newSession({ ...base, challenge: 'NEW_PASSWORD_REQUIRED' }),
    };
  }
  if (needsMfaSetup(userPool, user)) {
    return {
      ChallengeName: 'MFA_SETUP',
      ChallengeParameters: { MFAS_CAN_SETUP: '["SOFTWARE_TOKEN_MFA"]', USER_ID_FOR_SRP: user.Username },
      Session: newSession({ ...base, challenge: 'MFA_SETUP' }),
    };
  }
  return originalInitiateAuth(ctx, {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: req.ClientId,
    AuthParameters: { USERNAME: user.Username, PASSWORD: user.Password },
    ClientMetadata: req.ClientMetadata,
  });
}

// ---------------------------------------------------------------------------------------------------------
// SRP (RFC 5054 3072-bit group, g = 2, k = H(N | g)), the maths of Amplify's AuthenticationHelper.
const N = BigInt(
  '0xFFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DD' +
    'EF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED' +
    'EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F' +
    '83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3B' +
    'E39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6955817183995497CEA956AE515D2261898FA0510' +
    '15728E5A8AAAC42DAD33170D04507A33A85521ABDF1CBA64ECFB850458DBEF0A8AEA71575D060C7DB3970F85A6E1E4C7' +
    'ABF5AE8CDB0933D71E8C94E04A25619DCEE3D2261AD2EE6BF12FFA06D98A0864D87602733EC86A64521F2B18177B200C' +
    'BBE117577A615D6C770988C0BAD946E208E24FA074E5AB3143DB5BFCE0FD108E4B82D120A93AD2CAFFFFFFFFFFFFFFFF',
);
const g = 2n;
/** Amplify's getPaddedHex for non-negative values: even length, "00" prefix when the top bit is set. */
const padHex = (n) => {
  let hex = n.toString(16);
  if (hex.length % 2) hex = `0${hex}`;
  return /^[89a-f]/i.test(hex) ? `00${hex}` : hex;
};
const sha256 = (data) => crypto.createHash('sha256').update(data).digest();
const hashHex = (hex) => sha256(Buffer.from(hex, 'hex')).toString('hex');
const toBig = (hex) => BigInt(`0x${hex}`);
const hmac = (key, data) => crypto.createHmac('sha256', key).update(data).digest();
const modPow = (base, exponent, modulus) => {
  let result = 1n;
  let b = base % modulus;
  let e = exponent;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % modulus;
    b = (b * b) % modulus;
    e >>= 1n;
  }
  return result;
};
const k = toBig(hashHex(padHex(N) + padHex(g)));
const poolName = (poolId) => poolId.split('_')[1] ?? '';

/** SRP state between InitiateAuth and PASSWORD_VERIFIER, keyed by SECRET_BLOCK, kept 3 minutes. */
const srpStates = new Map();

function startSrp(userPool, user, srpAHex, clientId) {
  const A = toBig(srpAHex);
  if (A % N === 0n) throw new errors.InvalidParameterError('Invalid SRP_A');
  const salt = toBig(crypto.randomBytes(16).toString('hex'));
  const inner = sha256(`${poolName(userPool.options.Id)}${user.Username}:${user.Password}`).toString('hex');
  const x = toBig(hashHex(padHex(salt) + inner));
  const v = modPow(g, x, N);
  let b;
  let B;
  do {
    b = toBig(crypto.randomBytes(32).toString('hex'));
    B = (k * v + modPow(g, b, N)) % N;
  } while (B === 0n);
  const secretBlock = crypto.randomBytes(64).toString('base64');
  for (const [key, state] of srpStates) if (state.expires < Date.now()) srpStates.delete(key);
  srpStates.set(secretBlock, {
    A,
    B,
    b,
    v,
    username: user.Username,
    clientId,
    poolId: userPool.options.Id,
    expires: Date.now() + THREE_MINUTES,
  });
  return {
    ChallengeName: 'PASSWORD_VERIFIER',
    ChallengeParameters: {
      SALT: padHex(salt),
      SECRET_BLOCK: secretBlock,
      SRP_B: B.toString(16),
      USERNAME: user.Username,
      USER_ID_FOR_SRP: user.Username,
    },
  };
}

/** True when PASSWORD_CLAIM_SIGNATURE proves knowledge of the password the verifier was built from. */
function checkSrpClaim(state, responses) {
  const u = toBig(hashHex(padHex(state.A) + padHex(state.B)));
  if (u === 0n) return false;
  const S = modPow((state.A * modPow(state.v, u, N)) % N, state.b, N);
  const prk = hmac(Buffer.from(padHex(u), 'hex'), Buffer.from(padHex(S), 'hex'));
  const key = hmac(prk, Buffer.from('Caldera Derived Key\u0001', 'utf8')).subarray(0, 16);
  const message = Buffer.concat([
    Buffer.from(poolName(state.poolId) + state.username, 'utf8'),
    Buffer.from(responses.PASSWORD_CLAIM_SECRET_BLOCK, 'base64'),
    Buffer.from(String(responses.TIMESTAMP ?? ''), 'utf8'),
  ]);
  const expected = hmac(key, message);
  const given = Buffer.from(String(responses.PASSWORD_CLAIM_SIGNATURE ?? ''), 'base64');
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

// ---------------------------------------------------------------------------------------------------------
// Sign-in
wrap('InitiateAuth', (services, original) => async (ctx, req) => {
  const flow = req.AuthFlow;
  if (
    flow !== 'USER_SRP_AUTH' &&
    flow !== 'USER_PASSWORD_AUTH' &&
    flow !== 'REFRESH_TOKEN_AUTH' &&
    flow !== 'REFRESH_TOKEN'
  ) {
    return original(ctx, req);
  }
  const userPool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
  const client = await services.cognito.getAppClient(ctx, req.ClientId);
  if (!client) throw notAuthorized('Invalid client id.');
  const params = req.AuthParameters ?? {};
  if (flow === 'REFRESH_TOKEN_AUTH' || flow === 'REFRESH_TOKEN') {
    assertFlowAllowed(client, 'REFRESH_TOKEN_AUTH');
    const user = params.REFRESH_TOKEN
      ? await userPool.getUserByRefreshToken(ctx, params.REFRESH_TOKEN)
      : null;
    if (!user) throw notAuthorized('Invalid Refresh Token');
    if (user.Enabled === false) throw notAuthorized('User is disabled.');
    return original(ctx, req);
  }
  assertFlowAllowed(client, flow);
  if (!params.USERNAME) throw new errors.InvalidParameterError('Missing required parameter USERNAME');
  const user = await userPool.getUserByUsername(ctx, params.USERNAME);
  // Like a client with PreventUserExistenceErrors: an unknown user looks like a wrong password.
  if (!user) throw notAuthorized();
  if (flow === 'USER_SRP_AUTH') {
    if (!params.SRP_A) throw new errors.InvalidParameterError('Missing required parameter SRP_A');
    return startSrp(userPool, user, params.SRP_A, req.ClientId);
  }
  if (user.Password !== params.PASSWORD) throw notAuthorized();
  return afterPassword(ctx, original, req, userPool, user);
});

wrap('RespondToAuthChallenge', (services, original) => {
  // cognito-local's unwrapped InitiateAuth, for afterPassword's final step.
  const plainInitiateAuth = PlainInitiateAuth(services);
  return async (ctx, req) => {
    const responses = req.ChallengeResponses ?? {};
    const userPool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
    const client = await services.cognito.getAppClient(ctx, req.ClientId);
    if (!client) throw notAuthorized('Invalid client id.');

    if (req.ChallengeName === 'PASSWORD_VERIFIER') {
      const secretBlock = responses.PASSWORD_CLAIM_SECRET_BLOCK;
      const state = secretBlock ? srpStates.get(secretBlock) : undefined;
      if (secretBlock) srpStates.delete(secretBlock); // one attempt per challenge
      if (!state || state.expires < Date.now() || state.clientId !== req.ClientId) {
        throw notAuthorized('Invalid session for the user, session is expired.');
      }
      if (!checkSrpClaim(state, responses)) throw notAuthorized();
      const user = await userPool.getUserByUsername(ctx, state.username);
      if (!user) throw notAuthorized();
      return afterPassword(ctx, plainInitiateAuth, req, userPool, user);
    }

    if (req.ChallengeName === 'NEW_PASSWORD_REQUIRED') {
      // A password the policy refuses may be retried in the same session, so check before taking it.
      peekSession(req.Session, 'NEW_PASSWORD_REQUIRED');
      if (!responses.NEW_PASSWORD)
        throw new errors.InvalidParameterError('Missing required parameter NEW_PASSWORD');
      assertPasswordPolicy(userPool, responses.NEW_PASSWORD);
      const state = takeSession(req.Session, 'NEW_PASSWORD_REQUIRED');
      const user = await userPool.getUserByUsername(ctx, state.username);
      if (!user) throw notAuthorized();
      const attributes = Object.entries(responses)
        .filter(([name]) => name.startsWith('userAttributes.'))
        .map(([name, value]) => ({ Name: name.slice('userAttributes.'.length), Value: value }));
      const updated = {
        ...user,
        Attributes: attributesAppend(user.Attributes, ...attributes),
        Password: responses.NEW_PASSWORD,
        UserStatus: 'CONFIRMED',
        UserLastModifiedDate: services.clock.get(),
      };
      await userPool.saveUser(ctx, updated);
      return afterPassword(ctx, plainInitiateAuth, req, userPool, updated);
    }

    if (req.ChallengeName === 'MFA_SETUP') {
      const state = takeSession(req.Session, 'MFA_SETUP');
      if (!state.verified) throw notAuthorized('Invalid session for the user.');
      const user = await userPool.getUserByUsername(ctx, state.username);
      if (!user) throw notAuthorized();
      return issueTokens(ctx, services, userPool, client, user, req.ClientMetadata);
    }

    // SMS_MFA, SOFTWARE_TOKEN_MFA, SELECT_MFA_TYPE: cognito-local's own, but it forgets to store the refresh
    // token it issues, so such a session could never refresh.
    const result = await original(ctx, req);
    if (result.AuthenticationResult?.RefreshToken) {
      const user = await userPool.getUserByUsername(ctx, responses.USERNAME);
      if (user) await userPool.storeRefreshToken(ctx, result.AuthenticationResult.RefreshToken, user);
    }
    return result;
  };
});

wrap('GetTokensFromRefreshToken', (services) => async (ctx, req) => {
  const result = await Targets.InitiateAuth(services)(ctx, {
    AuthFlow: 'REFRESH_TOKEN_AUTH',
    ClientId: req.ClientId,
    AuthParameters: { REFRESH_TOKEN: req.RefreshToken },
    ClientMetadata: req.ClientMetadata,
  });
  const { AccessToken, IdToken, ExpiresIn, TokenType } = result.AuthenticationResult;
  return {
    AuthenticationResult: {
      AccessToken,
      IdToken,
      ExpiresIn: ExpiresIn ?? 3600,
      TokenType: TokenType ?? 'Bearer',
    },
  };
});

// ---------------------------------------------------------------------------------------------------------
// TOTP set-up during sign-in: AssociateSoftwareToken / VerifySoftwareToken with the MFA_SETUP Session.
async function userOfSession(ctx, services, sessionId) {
  const state = takeSession(sessionId, 'MFA_SETUP');
  const userPool = await services.cognito.getUserPoolForClientId(ctx, state.clientId);
  const user = await userPool.getUserByUsername(ctx, state.username);
  if (!user) throw notAuthorized();
  return { state, userPool, user };
}

wrap('AssociateSoftwareToken', (services, original) => async (ctx, req) => {
  if (req.AccessToken || !req.Session) return original(ctx, req);
  const { state, userPool, user } = await userOfSession(ctx, services, req.Session);
  const secret = totp.generateSecret();
  await userPool.saveUser(ctx, {
    ...user,
    SoftwareTokenMfaConfiguration: { Secret: secret, Verified: false },
  });
  return { SecretCode: secret, Session: newSession(state) };
});

wrap('VerifySoftwareToken', (services, original) => async (ctx, req) => {
  if (req.AccessToken || !req.Session) return original(ctx, req);
  const { state, userPool, user } = await userOfSession(ctx, services, req.Session);
  const secret = user.SoftwareTokenMfaConfiguration?.Secret;
  if (!secret || !req.UserCode || !totp.verify(secret, req.UserCode)) {
    sessions.set(req.Session, state); // a typo may be retried within the same session
    throw new errors.CognitoError('EnableSoftwareTokenMFAException', 'Code mismatch');
  }
  const methods = new Set(user.UserMFASettingList ?? []);
  methods.add('SOFTWARE_TOKEN_MFA');
  await userPool.saveUser(ctx, {
    ...user,
    SoftwareTokenMfaConfiguration: {
      Secret: secret,
      Verified: true,
      FriendlyDeviceName: req.FriendlyDeviceName,
    },
    UserMFASettingList: [...methods],
    PreferredMfaSetting: user.PreferredMfaSetting ?? 'SOFTWARE_TOKEN_MFA',
  });
  return { Status: 'SUCCESS', Session: newSession({ ...state, verified: true }) };
});

// ---------------------------------------------------------------------------------------------------------
// MFA preferences. cognito-local sends SMS codes only for users with a legacy SMS MFAOption, so enabling
// SMS MFA also records that option; AdminSetUserMFAPreference is added for seeding and the admin API.
function withMfaPreference(user, sms, software) {
  if (software?.Enabled && !user.SoftwareTokenMfaConfiguration?.Verified) {
    throw new errors.InvalidParameterError('User has not verified software token mfa');
  }
  if (sms?.Enabled && !attributeValue('phone_number', user.Attributes)) {
    throw new errors.InvalidParameterError('User does not have delivery config set to turn on SMS_MFA');
  }
  const methods = new Set(user.UserMFASettingList ?? []);
  if (sms) methods[sms.Enabled ? 'add' : 'delete']('SMS_MFA');
  if (software) methods[software.Enabled ? 'add' : 'delete']('SOFTWARE_TOKEN_MFA');
  const preferred = sms?.PreferredMfa
    ? 'SMS_MFA'
    : software?.PreferredMfa
      ? 'SOFTWARE_TOKEN_MFA'
      : user.PreferredMfaSetting;
  return {
    ...user,
    UserMFASettingList: [...methods],
    PreferredMfaSetting: preferred && methods.has(preferred) ? preferred : undefined,
    MFAOptions: methods.has('SMS_MFA')
      ? [{ DeliveryMedium: 'SMS', AttributeName: 'phone_number' }]
      : undefined,
  };
}

wrap('SetUserMFAPreference', (services) => async (ctx, req) => {
  const token = jwt.decode(req.AccessToken ?? '');
  if (!token) throw new errors.InvalidParameterError('Missing required parameter AccessToken');
  const userPool = await services.cognito.getUserPoolForClientId(ctx, token.client_id);
  const user = await userPool.getUserByUsername(ctx, token.sub);
  if (!user) throw notAuthorized();
  await userPool.saveUser(ctx, withMfaPreference(user, req.SMSMfaSettings, req.SoftwareTokenMfaSettings));
  return {};
});

wrap('AdminSetUserMFAPreference', (services) => async (ctx, req) => {
  const userPool = await services.cognito.getUserPool(ctx, req.UserPoolId);
  const user = await userPool.getUserByUsername(ctx, req.Username);
  if (!user) throw new errors.UserNotFoundError('User does not exist.');
  await userPool.saveUser(ctx, withMfaPreference(user, req.SMSMfaSettings, req.SoftwareTokenMfaSettings));
  return {};
});

// ---------------------------------------------------------------------------------------------------------
// Sign-out: revoke every refresh token of the user (the access token itself stays valid until it expires,
// as with Cognito for anything but Cognito's own APIs).
async function signOutEverywhere(ctx, userPool, user) {
  await userPool.saveUser(ctx, { ...user, RefreshTokens: [] });
}

wrap('GlobalSignOut', (services) => async (ctx, req) => {
  let token;
  try {
    token = jwt.verify(req.AccessToken ?? '', publicKey.pem, { algorithms: ['RS256'] });
  } catch {
    throw notAuthorized('Invalid Access Token');
  }
  if (token.token_use !== 'access') throw notAuthorized('Invalid Access Token');
  const userPool = await services.cognito.getUserPoolForClientId(ctx, token.client_id);
  const user = await userPool.getUserByUsername(ctx, token.username);
  if (!user) throw notAuthorized('Invalid Access Token');
  await signOutEverywhere(ctx, userPool, user);
  return {};
});

wrap('AdminUserGlobalSignOut', (services) => async (ctx, req) => {
  const userPool = await services.cognito.getUserPool(ctx, req.UserPoolId);
  const user = await userPool.getUserByUsername(ctx, req.Username);
  if (!user) throw new errors.UserNotFoundError('User does not exist.');
  await signOutEverywhere(ctx, userPool, user);
  return {};
});

// An administrator's password reset: the password stops working (sign-in answers PasswordResetRequired, so the
// user sets a new one with a ForgotPassword code) and, as with Cognito, no session renews itself.
wrap('AdminResetUserPassword', (services) => async (ctx, req) => {
  const userPool = await services.cognito.getUserPool(ctx, req.UserPoolId);
  const user = await userPool.getUserByUsername(ctx, req.Username);
  if (!user) throw new errors.UserNotFoundError('User does not exist.');
  await userPool.saveUser(ctx, { ...user, UserStatus: 'RESET_REQUIRED', RefreshTokens: [] });
  return {};
});

// Disabling a user also ends their sessions' ability to refresh (Cognito refuses refresh for disabled users).
wrap('AdminDisableUser', (services, original) => async (ctx, req) => {
  const result = await original(ctx, req);
  const userPool = await services.cognito.getUserPool(ctx, req.UserPoolId);
  const user = await userPool.getUserByUsername(ctx, req.Username);
  if (user) await signOutEverywhere(ctx, userPool, user);
  return result;
});

// ---------------------------------------------------------------------------------------------------------
// Sign-up codes
wrap('ResendConfirmationCode', (services) => async (ctx, req) => {
  const userPool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
  const user = await userPool.getUserByUsername(ctx, req.Username);
  if (!user) throw new errors.UserNotFoundError('Username/client id combination not found.');
  if (user.UserStatus !== 'UNCONFIRMED') throw new errors.InvalidParameterError('User is already confirmed.');
  const email = attributeValue('email', user.Attributes);
  const phone = attributeValue('phone_number', user.Attributes);
  const details = email
    ? { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: email }
    : phone
      ? { AttributeName: 'phone_number', DeliveryMedium: 'SMS', Destination: phone }
      : null;
  if (!details)
    throw new errors.InvalidParameterError('User has no email or phone number to send a code to.');
  const code = services.otp();
  await services.messages.deliver(
    ctx,
    'ResendCode',
    req.ClientId,
    userPool.options.Id,
    user,
    code,
    req.ClientMetadata,
    details,
  );
  await userPool.saveUser(ctx, {
    ...user,
    ConfirmationCode: code,
    UserLastModifiedDate: services.clock.get(),
  });
  return { CodeDeliveryDetails: details };
});

// Confirming sign-up with the e-mailed code proves the address, as in Cognito.
wrap('ConfirmSignUp', (services, original) => async (ctx, req) => {
  const result = await original(ctx, req);
  const userPool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
  const user = await userPool.getUserByUsername(ctx, req.Username);
  if (user && attributeValue('email', user.Attributes)) {
    const Attributes = attributesAppend(user.Attributes, { Name: 'email_verified', Value: 'true' });
    await userPool.saveUser(ctx, { ...user, Attributes });
  }
  return result;
});

// ---------------------------------------------------------------------------------------------------------
// Password policy wherever a password is chosen; ChangePassword's wrong old password as in Cognito.
const poolByClient = (services, ctx, clientId) => services.cognito.getUserPoolForClientId(ctx, clientId);
const poolById = (services, ctx, poolId) => services.cognito.getUserPool(ctx, poolId);
const checked = [
  ['SignUp', (s, ctx, req) => poolByClient(s, ctx, req.ClientId), (req) => req.Password],
  ['ConfirmForgotPassword', (s, ctx, req) => poolByClient(s, ctx, req.ClientId), (req) => req.Password],
  ['AdminSetUserPassword', (s, ctx, req) => poolById(s, ctx, req.UserPoolId), (req) => req.Password],
  ['AdminCreateUser', (s, ctx, req) => poolById(s, ctx, req.UserPoolId), (req) => req.TemporaryPassword],
];
for (const [name, poolOf, passwordOf] of checked) {
  wrap(name, (services, original) => async (ctx, req) => {
    const password = passwordOf(req);
    if (password !== undefined) assertPasswordPolicy(await poolOf(services, ctx, req), password);
    return original(ctx, req);
  });
}

// A new user's temporary password, when the admin gives none: Cognito makes one that meets the pool's policy
// (cognito-local makes 6 characters that would not). With CODE set, CODE is every code, this one too.
const TEMPORARY_ALPHABETS = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnopqrstuvwxyz', '23456789', '!#%+=?@'];
function temporaryPassword() {
  const all = TEMPORARY_ALPHABETS.join('');
  const pick = (alphabet) => alphabet[crypto.randomInt(alphabet.length)];
  const characters = [...TEMPORARY_ALPHABETS.map(pick), ...Array.from({ length: 8 }, () => pick(all))];
  for (let i = characters.length - 1; i > 0; i--) {
    const j = crypto.randomInt(i + 1);
    [characters[i], characters[j]] = [characters[j], characters[i]];
  }
  return characters.join('');
}
wrap(
  'AdminCreateUser',
  (_services, original) => async (ctx, req) =>
    original(ctx, {
      ...req,
      // cognito-local itself uses CODE when no password is given (and the policy check skips a missing one).
      TemporaryPassword: req.TemporaryPassword ?? (process.env.CODE ? undefined : temporaryPassword()),
    }),
);

wrap('ChangePassword', (services, original) => async (ctx, req) => {
  const token = jwt.decode(req.AccessToken ?? '');
  if (!token) throw notAuthorized('Invalid Access Token');
  const userPool = await services.cognito.getUserPoolForClientId(ctx, token.client_id);
  const user = await userPool.getUserByUsername(ctx, token.username);
  if (!user || user.Password !== req.PreviousPassword) throw notAuthorized();
  assertPasswordPolicy(userPool, req.ProposedPassword);
  return original(ctx, req);
});

// ---------------------------------------------------------------------------------------------------------
// Started by localIdentity.ts: exit with the parent even when it is killed outright (no orphan on the port).
if (process.send) process.on('disconnect', () => process.exit(0));
process.on('unhandledRejection', (error) => {
  console.error('[identity] unhandled rejection', error);
});
require('cognito-local/lib/bin/start.js');
