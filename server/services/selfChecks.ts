import fs from 'node:fs/promises';
import path from 'node:path';
import type { SelfCheck } from '../../contract/bugs';
import type { Db } from '../db/database';
import { appliedMigrations, probeAuditWrite } from '../db/selfChecks';

/**
 * The live self-checks (GET /bugs/unit-tests, DESIGN §8): the running system's own health, each timed,
 * each failure with its reason. Nothing here changes data: the audit write is rolled back.
 */

/** Spec §9: the token clock-drift tolerance. */
const MAX_CLOCK_DRIFT_MS = 5_000;
/** Below this much free disk beside the data, backups and the embedded database are at risk. */
const MIN_FREE_DISK_BYTES = 1024 ** 3;
/** A queue that does not give a connection within this long is starvation, not a moment's crowd. */
const STARVED_MS = 2_000;

export interface SelfCheckContext {
  db: Db;
  /** The identity's JWKS URL (the pool's in Cognito, the emulator's locally). */
  jwksUri: string;
  backupDir: string;
  dataDir: string;
  /** How many migrations this build ships. */
  migrations: number;
  /** The connection pool (PostgreSQL and the embedded database alike), for its health. */
  pool?: {
    totalCount: number;
    idleCount: number;
    waitingCount: number;
    options: { max?: number };
    connect(): Promise<{ release(): void }>;
  };
  /** How long a connection may take to come before the pool counts as starved (2 s). */
  starvedMs?: number;
}

class CheckFailed extends Error {}
const fail = (detail: string) => {
  throw new CheckFailed(detail);
};

async function timedCheck(name: string, run: () => Promise<string>): Promise<SelfCheck> {
  const started = performance.now();
  try {
    const detail = await run();
    return { name, ok: true, ms: Math.round(performance.now() - started), detail };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { name, ok: false, ms: Math.round(performance.now() - started), detail };
  }
}

const gib = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(1)} GiB`;

/**
 * The pool's state, and whether it is starved: more calls queued than connections is a crowd that passes
 * in a moment on a busy machine (the embedded database has one connection, and a few pages polling at once
 * queue behind it); the pool is starved when a connection asked for now does not come within `starvedMs`.
 */
async function connectionHealth(pool: NonNullable<SelfCheckContext['pool']>, starvedMs: number) {
  const max = pool.options.max ?? 10;
  const state = `${pool.totalCount} of ${max} open, ${pool.idleCount} idle, ${pool.waitingCount} waiting`;
  if (pool.waitingCount <= max) return state;
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const connection = pool.connect();
  const came = await Promise.race([
    connection.then(
      () => true,
      () => true,
    ),
    new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), starvedMs);
    }),
  ]);
  clearTimeout(timer);
  // Given back at once, or whenever it comes.
  connection.then((client) => client.release()).catch(() => {});
  if (!came) fail(`${state}: requests are queueing for the database (no connection within ${starvedMs} ms)`);
  return `${state}; a connection came in ${Math.round(performance.now() - started)} ms`;
}

/** Runs every check, each on its own (one failing does not stop the others). */
export async function runSelfChecks(
  context: SelfCheckContext,
  now: () => number = Date.now,
): Promise<SelfCheck[]> {
  const { db, pool } = context;
  // The pool first, before these checks queue their own queries on it (on the embedded database it has one
  // connection, so they would otherwise count as a queue, and a connection asked for would wait for them).
  const connections = await timedCheck('Database connections', async () =>
    pool ? connectionHealth(pool, context.starvedMs ?? STARVED_MS) : 'not pooled',
  );
  let identityDate: number | undefined;
  return Promise.all([
    timedCheck('Database reachable and migrated', async () => {
      const applied = await appliedMigrations(db);
      if (applied < context.migrations) fail(`${applied} of ${context.migrations} migrations applied`);
      return `${applied} migrations applied`;
    }),
    connections,
    timedCheck("Identity's signing keys reachable", async () => {
      const response = await fetch(context.jwksUri, { signal: AbortSignal.timeout(5_000) });
      if (!response.ok) fail(`${context.jwksUri} answered HTTP ${response.status}`);
      const dateHeader = response.headers.get('date');
      if (dateHeader) identityDate = Date.parse(dateHeader) + 500; // the header has whole seconds
      const { keys } = (await response.json()) as { keys?: unknown[] };
      if (!keys?.length) fail(`${context.jwksUri} lists no keys`);
      return `${keys?.length} key(s)`;
    }).then(async (keys) => [
      keys,
      await timedCheck('Clock within 5 s of the identity service', async () => {
        if (identityDate === undefined) fail('The identity service sent no time to compare with');
        const drift = now() - (identityDate as number);
        if (Math.abs(drift) > MAX_CLOCK_DRIFT_MS) fail(`The clock is ${(drift / 1000).toFixed(1)} s off`);
        return `${(drift / 1000).toFixed(1)} s`;
      }),
    ]),
    timedCheck('Backup folder writable', async () => {
      await fs.mkdir(context.backupDir, { recursive: true });
      const probe = path.join(context.backupDir, `.self-check-${process.pid}-${Date.now()}`);
      await fs.writeFile(probe, 'ok');
      await fs.rm(probe);
      return context.backupDir;
    }),
    timedCheck('Free disk space', async () => {
      const stats = await fs.statfs(context.dataDir);
      const free = stats.bavail * stats.bsize;
      if (free < MIN_FREE_DISK_BYTES)
        fail(`Only ${gib(free)} free beside the data (at least ${gib(MIN_FREE_DISK_BYTES)} needed)`);
      return `${gib(free)} free`;
    }),
    timedCheck('Audit log writable', async () => {
      await probeAuditWrite(db);
      return 'An entry was written and rolled back';
    }),
  ]).then((results) => results.flat());
}
