import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import tls from 'node:tls';
import { z } from 'zod';
import {
  DEFAULT_PASSWORD_POLICY,
  DEFAULT_TOTP_ISSUER,
  FEDERATED_PROVIDERS,
  type PasswordPolicy,
} from '../contract/runtimeConfig';
import { DEFAULT_MAX_OPEN_LOG_HOURS, type MonitoringSettings } from '../contract/timeLogs';
import type { S3Settings } from './services/backupStore';
import { SHARED_READ_MAX_AGE_MS } from './services/sharedReads';

const list = z
  .string()
  .optional()
  .transform((value) =>
    value
      ? value
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean)
      : [],
  );

/** Every setting is an environment variable (README lists them); none is needed for the local default. */
const envSchema = z.object({
  NODE_ENV: z.string().default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  API_BASE_URL: z.string().default('/api'),
  DATA_DIR: z.string().default('data'),
  BACKUP_DIR: z.string().optional(),
  BACKUP_LINK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  BACKUP_SIGNING_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  BACKUP_S3_BUCKET: z.string().optional(),
  BACKUP_S3_PREFIX: z.string().default('backups/'),
  BACKUP_S3_ENDPOINT: z.url('must be a URL').optional(),
  AWS_ENDPOINT_URL_S3: z.url('must be a URL').optional(),
  AWS_REGION: z.string().optional(),
  AWS_DEFAULT_REGION: z.string().optional(),
  AWS_ACCESS_KEY_ID: z.string().optional(),
  AWS_SECRET_ACCESS_KEY: z.string().optional(),
  AWS_SESSION_TOKEN: z.string().optional(),
  PG_DUMP: z.string().default('pg_dump'),
  DATABASE_URL: z.string().optional(),
  MIGRATION_DATABASE_URL: z.string().optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(50).default(4),
  COGNITO_REGION: z.string().default('us-east-1'),
  COGNITO_USER_POOL_ID: z.string().optional(),
  COGNITO_USER_POOL_CLIENT_ID: z.string().optional(),
  COGNITO_USER_POOL_ENDPOINT: z.string().optional(),
  COGNITO_OAUTH_DOMAIN: z.string().optional(),
  COGNITO_FEDERATED_PROVIDERS: list.pipe(z.array(z.enum(FEDERATED_PROVIDERS))),
  COGNITO_OAUTH_REDIRECT_URLS: list,
  LOCAL_IDENTITY_PORT: z.coerce.number().int().min(1).max(65535).default(9229),
  LOCAL_IDENTITY_CODE: z
    .string()
    .regex(/^\d{6}$/)
    .optional(),
  LOCAL_IDENTITY_TOKEN_SECONDS: z.coerce.number().int().min(10).max(900).optional(),
  TOTP_ISSUER: z.string().min(1).default(DEFAULT_TOTP_ISSUER),
  PASSWORD_MIN_LENGTH: z.coerce.number().int().min(6).max(99).default(DEFAULT_PASSWORD_POLICY.minLength),
  STATIC_DIR: z.string().default('dist'),
  DENIED_CALLS_MAX: z.coerce.number().int().min(1).max(100_000).default(30),
  DENIED_CALLS_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  ACCOUNT_CACHE_MS: z.coerce.number().int().min(0).max(5_000).default(2_000),
  SHARED_ANSWER_MS: z.coerce.number().int().min(0).max(600_000).default(SHARED_READ_MAX_AGE_MS),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).max(10_000_000).default(6_000),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3_600).default(10),
  KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(5),
  CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(64),
  HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(5),
  SHUTDOWN_DELAY_SECONDS: z.coerce.number().int().min(0).max(25).default(0),
  TRUST_PROXY: z
    .string()
    .regex(
      /^(\d{1,2}|[0-9A-Fa-f:./, ]+)$/,
      'must be a number of hops, or addresses and CIDR ranges separated by commas',
    )
    .optional(),
  REDIS_URL: z.url('must be a URL').optional(),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  INTERFACE_SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  HL7_MLLP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  HL7_MLLP_HOST: z.string().default('0.0.0.0'),
  INTERFACE_SEND_INTERVAL_MS: z.coerce.number().int().min(10).max(600_000).default(30_000),
  INTERFACE_RETRY_BASE_MS: z.coerce.number().int().min(1).max(3_600_000).default(30_000),
  INTERFACE_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(6),
  INTERFACE_SEND_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** PEM certificates trusted for outbound MLLP over TLS besides the public roots (a hospital's own CA). */
  INTERFACE_TLS_CA_FILE: z.string().optional(),
  MAX_OPEN_LOG_HOURS: z.coerce.number().int().min(1).max(72).default(DEFAULT_MAX_OPEN_LOG_HOURS),
});

export type AppConfig = {
  production: boolean;
  host: string;
  port: number;
  logLevel: string;
  apiBaseUrl: string;
  dataDir: string;
  /** Where backups are written (DESIGN §6); `{DATA_DIR}/backups` by default. */
  backupDir: string;
  /** Signs backup download links; production needs a fixed one, else links break on restart or across instances. */
  backupLinkSecret: string;
  /**
   * Keys the HMAC of each backup file, checked by a restore. Production sets BACKUP_SIGNING_KEY; locally,
   * unset, the key is made once in `backupSigningKeyFile` (owner-only) in the backup folder and kept, so
   * instances sharing the folder share the key; an older `$DATA_DIR/backup-signing.key` becomes that key.
   */
  backupSigningKey?: string;
  backupSigningKeyFile: string;
  legacyBackupSigningKeyFile: string;
  /** With BACKUP_S3_BUCKET: backups are kept in this bucket, shared by every instance. */
  backupS3?: S3Settings;
  /** The `pg_dump` to back PostgreSQL up with (its major version ≥ the server's). */
  pgDump: string;
  databaseUrl?: string;
  /**
   * The owner role's connection, for migrations and restores (DATABASE_URL by default). Set, DATABASE_URL's
   * role is the runtime one: it is granted what the app needs, and on the audit log only INSERT and SELECT.
   */
  migrationDatabaseUrl?: string;
  databasePoolMax: number;
  cognito: {
    region: string;
    userPoolId?: string;
    userPoolClientId?: string;
    /** Only for an emulator or a private endpoint; unset for real Cognito. */
    userPoolEndpoint?: string;
    oauthDomain?: string;
    federatedProviders: (typeof FEDERATED_PROVIDERS)[number][];
    oauthRedirectUrls: string[];
  };
  /** True when no Cognito pool is configured: `npm start` then runs the local identity emulator. */
  localIdentity: boolean;
  localIdentityPort: number;
  /** Fixes every code the local identity would send (tests); unset, codes are random and printed. */
  localIdentityCode?: string;
  /** Lifetime of the local identity's access and id tokens (tests of the refresh path). */
  localIdentityTokenSeconds?: number;
  totpIssuer: string;
  passwordPolicy: PasswordPolicy;
  staticDir: string;
  /** Refused calls a user may make per window; past it they get 429 and are not audited one by one. */
  deniedCallLimit: { max: number; windowSeconds: number };
  /** How long an instance trusts what it read of an account (sessions ended elsewhere count within it). */
  accountCacheMs: number;
  /** How long the board's and a summary's answer is shared between callers (services/sharedReads.ts). */
  sharedAnswerMs: number;
  /** Calls per user (and, before sign-in, per address) per window on every API route; past it 429. */
  rateLimit: { max: number; windowSeconds: number };
  /**
   * A request must be whole within `requestSeconds`, its headers within `headersSeconds`; an idle kept-alive
   * connection is closed after `keepAliveSeconds`.
   */
  timeouts: { requestSeconds: number; headersSeconds: number; keepAliveSeconds: number };
  /**
   * Open connections from one address at most; more are closed at once. Behind a trusted proxy, the
   * proxy's own connections are not capped: requests under way per forwarded address are, past it 503.
   */
  connectionsPerAddress: number;
  /**
   * On SIGTERM, how long /readyz answers 503 while requests are still served before the instance stops
   * accepting: the time a load balancer's health checks take to send new requests elsewhere.
   */
  shutdownDelaySeconds: number;
  /**
   * Which proxies in front of the app are trusted to say the caller's address (`X-Forwarded-For`): none by
   * default, else as many hops as the number, or the listed addresses and ranges. Every limit by address
   * uses the address this gives.
   */
  trustProxy: false | string | ((address: string, hop: number) => boolean);
  /** With it, the rate limits are counted in Redis, shared by every instance. */
  redisUrl?: string;
  /** The bearer token GET /metrics asks for; unset, there is no /metrics. */
  metricsToken?: string;
  /** Monitoring operations (DESIGN §4): an open time log older than `maxOpenLogHours` is stale. */
  monitoring: MonitoringSettings;
  interfaces: InterfaceSettings;
};

/** Hospital interfaces (issue 32). */
export type InterfaceSettings = {
  /** Seals the interface secrets; locally, unset, a key made once in `secretKeyFile` and kept. */
  secretKey?: string;
  secretKeyFile: string;
  /** The inbound HL7 v2 listener; off when unset. */
  mllp?: { host: string; port: number };
  /**
   * How often each instance looks for messages to send when nothing woke it (a queued message NOTIFYs;
   * a retry's time is waited for), the first retry's delay (doubling), the tries.
   */
  sendIntervalMs: number;
  retryBaseMs: number;
  maxAttempts: number;
  sendTimeoutMs: number;
  /** Certificate authorities an MLLP peer over TLS may present: the public roots plus INTERFACE_TLS_CA_FILE. */
  tlsCa: string[];
};

export class ConfigError extends Error {}

function readCaFile(file: string): string {
  const pem = fs.readFileSync(file, { encoding: 'utf8', flag: 'r' });
  if (!pem.includes('-----BEGIN CERTIFICATE-----'))
    throw new ConfigError(`INTERFACE_TLS_CA_FILE ${file} holds no PEM certificate`);
  return pem;
}

const loopback = new net.BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** 127.0.0.0/8, ::1 (IPv4-mapped forms included) or `localhost`; not `0.0.0.0`, `::` or the empty host. */
function isLoopbackHost(host: string): boolean {
  if (host.toLowerCase() === 'localhost') return true;
  const family = net.isIP(host);
  return family !== 0 && loopback.check(host, family === 6 ? 'ipv6' : 'ipv4');
}

/** The bucket's settings: the standard AWS variables; credentials only when both keys are set. */
function s3Settings(e: z.infer<typeof envSchema>): S3Settings {
  return {
    bucket: e.BACKUP_S3_BUCKET ?? '',
    prefix: e.BACKUP_S3_PREFIX,
    region: e.AWS_REGION ?? e.AWS_DEFAULT_REGION ?? 'us-east-1',
    endpoint: e.BACKUP_S3_ENDPOINT ?? e.AWS_ENDPOINT_URL_S3,
    credentials:
      e.AWS_ACCESS_KEY_ID && e.AWS_SECRET_ACCESS_KEY
        ? {
            accessKeyId: e.AWS_ACCESS_KEY_ID,
            secretAccessKey: e.AWS_SECRET_ACCESS_KEY,
            sessionToken: e.AWS_SESSION_TOKEN,
          }
        : undefined,
  };
}

/**
 * TRUST_PROXY as Fastify takes it: a hop count (the nearest `n` hops are trusted, as proxy-addr counts them),
 * or the trusted addresses and ranges (comma-separated); unset, none.
 */
function trustedProxies(value: string | undefined): AppConfig['trustProxy'] {
  const text = value?.trim();
  if (!text) return false;
  if (!/^\d+$/.test(text)) return text.replace(/\s+/g, '');
  const hops = Number(text);
  return (_address, hop) => hop < hops;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const localIdentity = !e.COGNITO_USER_POOL_ID;
  if (production && (localIdentity || !e.COGNITO_USER_POOL_CLIENT_ID)) {
    throw new ConfigError(
      'NODE_ENV=production needs COGNITO_USER_POOL_ID and COGNITO_USER_POOL_CLIENT_ID: the local identity is for development only',
    );
  }
  if (production && !e.BACKUP_LINK_SECRET) {
    throw new ConfigError(
      'NODE_ENV=production needs BACKUP_LINK_SECRET (32 characters or more): it signs backup download links',
    );
  }
  if (production && !e.BACKUP_SIGNING_KEY) {
    throw new ConfigError(
      'NODE_ENV=production needs BACKUP_SIGNING_KEY (32 characters or more): it signs backup files, which a restore checks',
    );
  }
  if (production && !e.INTERFACE_SECRET_KEY) {
    throw new ConfigError(
      'NODE_ENV=production needs INTERFACE_SECRET_KEY (32 characters or more): it encrypts the hospital interface secrets',
    );
  }
  if (e.COGNITO_USER_POOL_ID && !e.COGNITO_USER_POOL_CLIENT_ID) {
    throw new ConfigError('COGNITO_USER_POOL_CLIENT_ID is required with COGNITO_USER_POOL_ID');
  }
  if (localIdentity && !isLoopbackHost(e.HOST)) {
    throw new ConfigError(
      `HOST=${e.HOST} is refused: the local identity signs tokens with a key published in its npm package, ` +
        'so anyone who can reach this server could forge a sign-in. Listen on 127.0.0.1, or configure a ' +
        'Cognito user pool (COGNITO_USER_POOL_ID and COGNITO_USER_POOL_CLIENT_ID) to serve other machines.',
    );
  }
  const backupDir = path.resolve(e.BACKUP_DIR ?? path.join(e.DATA_DIR, 'backups'));
  return {
    production,
    host: e.HOST,
    port: e.PORT,
    logLevel: e.LOG_LEVEL,
    apiBaseUrl: e.API_BASE_URL.replace(/\/$/, ''),
    dataDir: path.resolve(e.DATA_DIR),
    backupDir,
    // Locally a per-process secret: links live 60 s, so a restart only ends the links already handed out.
    backupLinkSecret: e.BACKUP_LINK_SECRET ?? crypto.randomBytes(32).toString('hex'),
    backupSigningKey: e.BACKUP_SIGNING_KEY,
    backupSigningKeyFile: path.join(backupDir, '.signing-key'),
    legacyBackupSigningKeyFile: path.resolve(e.DATA_DIR, 'backup-signing.key'),
    backupS3: e.BACKUP_S3_BUCKET ? s3Settings(e) : undefined,
    pgDump: e.PG_DUMP,
    databaseUrl: e.DATABASE_URL || undefined,
    migrationDatabaseUrl: e.MIGRATION_DATABASE_URL || undefined,
    databasePoolMax: e.DATABASE_POOL_MAX,
    cognito: {
      region: e.COGNITO_REGION,
      userPoolId: e.COGNITO_USER_POOL_ID,
      userPoolClientId: e.COGNITO_USER_POOL_CLIENT_ID,
      userPoolEndpoint: e.COGNITO_USER_POOL_ENDPOINT,
      oauthDomain: e.COGNITO_OAUTH_DOMAIN,
      federatedProviders: e.COGNITO_FEDERATED_PROVIDERS,
      oauthRedirectUrls: e.COGNITO_OAUTH_REDIRECT_URLS,
    },
    localIdentity,
    localIdentityPort: e.LOCAL_IDENTITY_PORT,
    localIdentityCode: e.LOCAL_IDENTITY_CODE,
    localIdentityTokenSeconds: e.LOCAL_IDENTITY_TOKEN_SECONDS,
    totpIssuer: e.TOTP_ISSUER,
    passwordPolicy: { ...DEFAULT_PASSWORD_POLICY, minLength: e.PASSWORD_MIN_LENGTH },
    staticDir: path.resolve(e.STATIC_DIR),
    deniedCallLimit: { max: e.DENIED_CALLS_MAX, windowSeconds: e.DENIED_CALLS_WINDOW_SECONDS },
    accountCacheMs: e.ACCOUNT_CACHE_MS,
    sharedAnswerMs: e.SHARED_ANSWER_MS,
    rateLimit: { max: e.RATE_LIMIT_MAX, windowSeconds: e.RATE_LIMIT_WINDOW_SECONDS },
    timeouts: {
      requestSeconds: e.REQUEST_TIMEOUT_SECONDS,
      headersSeconds: e.HEADERS_TIMEOUT_SECONDS,
      keepAliveSeconds: e.KEEP_ALIVE_TIMEOUT_SECONDS,
    },
    connectionsPerAddress: e.CONNECTIONS_PER_ADDRESS,
    shutdownDelaySeconds: e.SHUTDOWN_DELAY_SECONDS,
    trustProxy: trustedProxies(e.TRUST_PROXY),
    redisUrl: e.REDIS_URL,
    metricsToken: e.METRICS_TOKEN,
    monitoring: { maxOpenLogHours: e.MAX_OPEN_LOG_HOURS },
    interfaces: {
      secretKey: e.INTERFACE_SECRET_KEY,
      secretKeyFile: path.resolve(e.DATA_DIR, 'interface-secret.key'),
      // Locally the listener answers this machine only, like the local identity.
      mllp:
        e.HL7_MLLP_PORT === undefined
          ? undefined
          : { host: localIdentity ? '127.0.0.1' : e.HL7_MLLP_HOST, port: e.HL7_MLLP_PORT },
      sendIntervalMs: e.INTERFACE_SEND_INTERVAL_MS,
      retryBaseMs: e.INTERFACE_RETRY_BASE_MS,
      maxAttempts: e.INTERFACE_MAX_ATTEMPTS,
      sendTimeoutMs: e.INTERFACE_SEND_TIMEOUT_MS,
      tlsCa: [
        ...tls.rootCertificates,
        ...(e.INTERFACE_TLS_CA_FILE ? [readCaFile(e.INTERFACE_TLS_CA_FILE)] : []),
      ],
    },
  };
}
