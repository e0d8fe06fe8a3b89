// `npm run cluster:local`: the production layout on this machine — three instances of the app behind HAProxy
// (Debian's package), on one PostgreSQL (DATABASE_URL, required) and Redis when REDIS_URL is set, sharing one
// local identity and one backup folder and key. Prints the address; Ctrl-C stops everything.
// Ports: CLUSTER_PORT (HAProxy, 8080 by default), the three instances on the next three, HAProxy's
// statistics page on the one after (`/stats`).
import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startLocalIdentity } from '../server/identity/localIdentity';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const HAPROXY = process.env.HAPROXY ?? '/usr/sbin/haproxy';
/** What a load balancer's checks take to see an instance stopping (500 ms apart, two failures): well within. */
const SHUTDOWN_DELAY_SECONDS = 5;
/**
 * A limit for an instance that hangs, not a measure of speed: the first instance migrates an empty database
 * and seeds the demo data, which took over a minute in the API tests with the end-to-end stories running beside them.
 */
const START_TIMEOUT_MS = 300_000;

export type ClusterOptions = {
  /** PostgreSQL: every instance's database. */
  databaseUrl: string;
  /** The owner role's connection, when the instances run as the runtime role. */
  migrationDatabaseUrl?: string;
  /** Shared rate limits; unset, each instance counts its own. */
  redisUrl?: string;
  /** HAProxy's port, the three instances' ports, the statistics page's port. */
  ports: { proxy: number; instances: number[]; stats: number };
  /** The identity every instance trusts; unset, one local identity is started for the cluster. */
  identity?: { userPoolId: string; userPoolClientId: string; endpoint: string };
  identityPort?: number;
  /** Settings for every instance beyond the cluster's own (e.g. RATE_LIMIT_MAX). */
  env?: Record<string, string>;
  /** Where the instances keep their data, the shared backups and HAProxy's configuration; a temp folder by default. */
  dir?: string;
  log?: (line: string) => void;
};

export type Instance = {
  name: string;
  port: number;
  /** The running process's exit (code), or null once stopped. */
  exited(): Promise<number | null>;
  /** Signals the process (SIGTERM to drain, SIGKILL to crash it). */
  signal(signal: NodeJS.Signals): void;
  /** Starts it again on its port; resolves when it answers ready. */
  start(): Promise<void>;
  /** The process's last output lines. */
  output(): string;
};

export type Cluster = {
  url: string;
  statsUrl: string;
  instances: Instance[];
  identity: { userPoolId: string; userPoolClientId: string; endpoint: string };
  /** What HAProxy says of each instance: `UP`, `DOWN`, … */
  states(): Promise<Record<string, string>>;
  stop(): Promise<void>;
};

/** HAProxy's configuration: health checks on /readyz, retries (elsewhere) for failed connections only. */
export function haproxyConfig(ports: ClusterOptions['ports']): string {
  return [
    'global',
    '  maxconn 2000',
    'defaults',
    '  mode http',
    '  timeout connect 1s',
    '  timeout client 30s',
    '  timeout server 35s',
    '  timeout http-request 10s',
    // A check answered late on a busy machine is not a failed one (unset, the check interval is its timeout).
    '  timeout check 3s',
    // A request is sent again only when no connection could be made to an instance, never once it was
    // sent (it may have been written): that one fails, and the client's Idempotency-Key makes its retry safe.
    '  retries 3',
    '  retry-on conn-failure',
    '  option redispatch 1',
    // Each instance sees the caller's address as the last X-Forwarded-For hop (TRUST_PROXY=1).
    '  option forwardfor',
    // One server connection per request: a stopped instance's connections are never reused.
    '  option http-server-close',
    'frontend vigil',
    `  bind 127.0.0.1:${ports.proxy}`,
    '  default_backend instances',
    'backend instances',
    '  balance roundrobin',
    '  option httpchk',
    '  http-check send meth GET uri /readyz',
    '  http-check expect status 200',
    '  default-server check inter 500ms fall 2 rise 2',
    ...ports.instances.map((port, index) => `  server vigil${index + 1} 127.0.0.1:${port}`),
    'listen stats',
    `  bind 127.0.0.1:${ports.stats}`,
    '  stats enable',
    '  stats uri /stats',
    '',
  ].join('\n');
}

async function waitForReady(port: number, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`An instance on port ${port} exited while starting:\n${output()}`);
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(
    `An instance on port ${port} was not ready within ${START_TIMEOUT_MS / 1000} s:\n${output()}`,
  );
}

function instance(name: string, port: number, env: NodeJS.ProcessEnv): Instance {
  let child: ChildProcess | undefined;
  let recent: string[] = [];
  let exit: Promise<number | null> = Promise.resolve(null);
  return {
    name,
    port,
    exited: () => exit,
    signal: (signal) => child?.kill(signal),
    output: () => recent.join('\n'),
    async start() {
      recent = [];
      const started = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/main.ts')], {
        cwd: root,
        env: { ...env, PORT: String(port) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = started;
      exit = new Promise((resolve) => started.once('exit', (code) => resolve(code)));
      const keep = (chunk: Buffer) => {
        recent.push(...chunk.toString().split('\n').filter(Boolean));
        recent = recent.slice(-30);
      };
      started.stdout?.on('data', keep);
      started.stderr?.on('data', keep);
      await waitForReady(port, started, () => recent.join('\n'));
    },
  };
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const log = options.log ?? (() => {});
  const dir = options.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-cluster-'));
  fs.mkdirSync(dir, { recursive: true });
  const stops: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const step of stops.reverse()) await step().catch(() => undefined);
  };
  try {
    let identity = options.identity;
    if (!identity) {
      const started = await startLocalIdentity({
        dir: path.join(dir, 'identity'),
        port: options.identityPort,
        log,
      });
      stops.push(() => started.stop());
      identity = started;
    }
    // One backup folder and key, one link secret, one interface key: any instance serves what another made.
    const secret = () => crypto.randomBytes(32).toString('hex');
    const shared: NodeJS.ProcessEnv = {
      ...process.env,
      HOST: '127.0.0.1',
      DATABASE_URL: options.databaseUrl,
      MIGRATION_DATABASE_URL: options.migrationDatabaseUrl ?? '',
      REDIS_URL: options.redisUrl ?? '',
      COGNITO_REGION: 'local',
      COGNITO_USER_POOL_ID: identity.userPoolId,
      COGNITO_USER_POOL_CLIENT_ID: identity.userPoolClientId,
      COGNITO_USER_POOL_ENDPOINT: identity.endpoint,
      TRUST_PROXY: '1',
      SHUTDOWN_DELAY_SECONDS: String(SHUTDOWN_DELAY_SECONDS),
      BACKUP_DIR: path.join(dir, 'backups'),
      BACKUP_SIGNING_KEY: process.env.BACKUP_SIGNING_KEY ?? secret(),
      BACKUP_LINK_SECRET: process.env.BACKUP_LINK_SECRET ?? secret(),
      INTERFACE_SECRET_KEY: process.env.INTERFACE_SECRET_KEY ?? secret(),
      STATIC_DIR: process.env.STATIC_DIR ?? path.join(root, 'dist'),
      ...options.env,
    };
    const instances = options.ports.instances.map((port, index) =>
      instance(`vigil${index + 1}`, port, { ...shared, DATA_DIR: path.join(dir, `vigil${index + 1}`) }),
    );
    stops.push(async () => {
      // Each drains as on any SIGTERM; one that does not exit in time is killed.
      const force = setTimeout(() => {
        for (const each of instances) each.signal('SIGKILL');
      }, 40_000);
      for (const each of instances) each.signal('SIGTERM');
      await Promise.all(instances.map((each) => each.exited()));
      clearTimeout(force);
    });
    // The first migrates the database (and seeds the demo data); the others then find it ready.
    await instances[0].start();
    await Promise.all(instances.slice(1).map((each) => each.start()));

    const config = path.join(dir, 'haproxy.cfg');
    fs.writeFileSync(config, haproxyConfig(options.ports));
    const proxy = spawn(HAPROXY, ['-db', '-f', config], { stdio: ['ignore', 'ignore', 'pipe'] });
    let proxyErrors = '';
    proxy.stderr?.on('data', (chunk) => {
      proxyErrors += chunk;
    });
    const proxyExited = new Promise<void>((resolve) => proxy.once('exit', () => resolve()));
    stops.push(async () => {
      proxy.kill('SIGTERM');
      await proxyExited;
    });
    const statsUrl = `http://127.0.0.1:${options.ports.stats}/stats`;
    const states = async () => {
      const csv = await (await fetch(`${statsUrl};csv`)).text();
      const rows = csv.split('\n').map((line) => line.split(','));
      const status = rows[0].indexOf('status');
      return Object.fromEntries(
        rows
          .filter((row) => row[0] === 'instances' && row[1] !== 'BACKEND')
          .map((row) => [row[1], row[status]]),
      );
    };
    // Ready when HAProxy's checks have found every instance up.
    const deadline = Date.now() + START_TIMEOUT_MS;
    for (;;) {
      if (proxy.exitCode !== null) throw new Error(`HAProxy exited: ${proxyErrors}`);
      const seen = await states().catch(() => ({}) as Record<string, string>);
      if (instances.every((each) => seen[each.name] === 'UP')) break;
      if (Date.now() > deadline)
        throw new Error(`HAProxy did not see every instance up: ${JSON.stringify(seen)}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    if (!options.dir) stops.unshift(async () => fs.rmSync(dir, { recursive: true, force: true }));
    return {
      url: `http://127.0.0.1:${options.ports.proxy}`,
      statsUrl,
      instances,
      identity: {
        userPoolId: identity.userPoolId,
        userPoolClientId: identity.userPoolClientId,
        endpoint: identity.endpoint,
      },
      states,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl?.startsWith('postgres')) {
    console.error(
      'npm run cluster:local needs DATABASE_URL: a PostgreSQL database the three instances share.',
    );
    process.exit(1);
  }
  const base = Number(process.env.CLUSTER_PORT ?? 8080);
  console.log('Starting three instances and HAProxy…');
  const cluster = await startCluster({
    databaseUrl,
    migrationDatabaseUrl: process.env.MIGRATION_DATABASE_URL,
    redisUrl: process.env.REDIS_URL,
    ports: { proxy: base, instances: [base + 1, base + 2, base + 3], stats: base + 4 },
    identityPort: Number(process.env.LOCAL_IDENTITY_PORT ?? 9229),
    dir: path.resolve(root, process.env.DATA_DIR ?? 'data', 'cluster'),
    log: (line) => console.log(line),
  });
  console.log(
    [
      `Vigil is ready at ${cluster.url}/ (three instances behind HAProxy; ${cluster.statsUrl} shows them).`,
      `Instances: ${cluster.instances.map((each) => `${each.name} on ${each.port}`).join(', ')}.`,
      `Rate limits: ${process.env.REDIS_URL ? 'shared in Redis' : 'per instance (set REDIS_URL to share them)'}. Ctrl-C stops everything.`,
    ].join('\n'),
  );
  let stopping = false;
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    console.log('Stopping…');
    void cluster.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
