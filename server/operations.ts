import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import metricsPlugin from 'fastify-metrics';
import client from 'prom-client';
import type { Db } from './db/database';
import { appliedMigrations } from './db/selfChecks';

export type OperationsOptions = {
  db: Db;
  /** The database connections, counted in the metrics. */
  pool: { totalCount: number; idleCount: number; waitingCount: number };
  /** How many migrations this build ships: a database with fewer applied is not ready. */
  migrations: number;
  /** The identity's signing keys: without them no token can be checked. */
  jwksUri: string;
  /** Unset, there is no /metrics. */
  metricsToken?: string;
  /** Backups kept, for the metrics. */
  backupCount: () => Promise<number>;
  /** Outbound interface messages waiting and failed (issue 32), for the metrics. */
  outboxCounts: () => Promise<{ pending: number; failed: number }>;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** From now on /readyz answers 503 "shutting down" while requests are still served (SIGTERM's grace). */
    beginDrain(): void;
  }
}

/** How long a readiness check waits for each part. */
const PART_TIMEOUT_MS = 2_000;

const withTimeout = <T>(work: Promise<T>, part: string) =>
  Promise.race([
    work,
    new Promise<never>((_resolve, reject) =>
      setTimeout(
        () => reject(new Error(`${part} did not answer within ${PART_TIMEOUT_MS} ms`)),
        PART_TIMEOUT_MS,
      ).unref(),
    ),
  ]);

/** What is not ready, each in a few words (no patient data, no addresses or secrets). */
async function failingParts(options: OperationsOptions, stopping: boolean): Promise<string[]> {
  const failing: string[] = [];
  if (stopping) failing.push('shutting down');
  const checks = await Promise.allSettled([
    withTimeout(appliedMigrations(options.db), 'database').then((applied) => {
      if (applied < options.migrations) throw new Error('database not migrated');
    }),
    withTimeout(fetch(options.jwksUri, { signal: AbortSignal.timeout(PART_TIMEOUT_MS) }), 'identity').then(
      (response) => {
        if (!response.ok) throw new Error('identity keys');
      },
    ),
  ]);
  const [database, identity] = checks;
  if (database.status === 'rejected')
    failing.push(
      String(database.reason?.message).includes('migrated') ? 'database not migrated' : 'database',
    );
  if (identity.status === 'rejected') failing.push('identity keys');
  return failing;
}

/** Equal without telling by its timing how much of the token was right. */
function sameToken(given: string, expected: string) {
  const [a, b] = [given, expected].map((text) => crypto.createHash('sha256').update(text).digest());
  return crypto.timingSafeEqual(a, b);
}

/**
 * What an operator and a load balancer read: `GET /healthz` (the process answers), `GET /readyz` (the
 * database is reachable and migrated, the identity's keys reachable; 503 naming what is not, and while the
 * instance shuts down), and `GET /metrics` in Prometheus format (requests by route template and status with
 * latency histograms, database connections, event-loop lag, backups, the interface outbox) for a caller with METRICS_TOKEN.
 */
export async function operationsRoutes(app: FastifyInstance, options: OperationsOptions) {
  let stopping = false;
  app.addHook('preClose', async () => {
    stopping = true;
  });
  app.decorate('beginDrain', () => {
    stopping = true;
  });
  const quiet = { config: { access: 'public' as const }, schema: { hide: true }, logLevel: 'warn' as const };
  app.get('/healthz', quiet, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });
  app.get('/readyz', quiet, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const failing = await failingParts(options, stopping);
    if (failing.length > 0) return reply.code(503).send({ status: 'not ready', failing });
    return { status: 'ready' };
  });

  if (!options.metricsToken) return;
  const token = options.metricsToken;
  // Each app its own registry: several instances in one process (the tests) keep their counts apart.
  const registry = new client.Registry();
  const { pool } = options;
  for (const [name, help, read] of [
    ['vigil_db_pool_connections', 'Open database connections', () => pool.totalCount],
    ['vigil_db_pool_idle', 'Idle database connections', () => pool.idleCount],
    ['vigil_db_pool_waiting', 'Requests waiting for a database connection', () => pool.waitingCount],
  ] as const)
    new client.Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read());
      },
    });
  new client.Gauge({
    name: 'vigil_backups',
    help: 'Backups kept',
    registers: [registry],
    async collect() {
      this.set(await options.backupCount());
    },
  });
  new client.Gauge({
    name: 'vigil_interface_outbox_messages',
    help: 'Outbound hospital interface messages by status: pending (waiting to be sent) or failed',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      const counts = await options.outboxCounts();
      this.set({ status: 'pending' }, counts.pending);
      this.set({ status: 'failed' }, counts.failed);
    },
  });
  const checkToken = async (request: FastifyRequest, reply: FastifyReply) => {
    const given = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
    if (!sameToken(given, token)) {
      reply.header('www-authenticate', 'Bearer').header('cache-control', 'no-store');
      await reply
        .code(401)
        .send({ success: false, error: 'The metrics need METRICS_TOKEN as a bearer token.' });
    }
  };
  await app.register(metricsPlugin, {
    promClient: client,
    endpoint: {
      method: 'GET',
      url: '/metrics',
      config: { access: 'public' },
      schema: { hide: true },
      logLevel: 'warn',
      preHandler: checkToken,
      handler: async () => undefined,
    },
    defaultMetrics: { enabled: true, register: registry },
    routeMetrics: {
      enabled: { histogram: true, summary: false },
      routeBlacklist: ['/metrics', '/healthz', '/readyz'],
      overrides: { histogram: { registers: [registry] }, summary: { registers: [registry] } },
    },
  });
}
