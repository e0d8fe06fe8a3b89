import { spawn } from 'node:child_process';
import os from 'node:os';
import pg from 'pg';
import type { Database } from '../db/database';
import { DUMP_ARGS } from '../db/dump';

/** The processes and locks a PostgreSQL backup runs with (DESIGN §6), apart from the backup service's files. */

/** `pg_try_advisory_lock` key of a backup: fixed, used for nothing else ("vigb"; a restore's is "vigl"). */
const BACKUP_LOCK_KEY = 0x76696762;

/** Runs pg_dump on `databaseUrl`, its output on stdout; the password goes through the environment, never argv. */
export function spawnPgDump(pgDump: string, databaseUrl: string) {
  let target = databaseUrl;
  const env = { ...process.env };
  try {
    const url = new URL(databaseUrl);
    if (url.password) {
      env.PGPASSWORD = decodeURIComponent(url.password);
      url.password = '';
      target = url.toString();
    }
  } catch {
    // a `key=value` connection string: passed as it is
  }
  const child = spawn(pgDump, [...DUMP_ARGS, `--dbname=${target}`], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (text: string) => {
    stderr = (stderr + text).slice(-4000);
  });
  const exited = new Promise<void>((resolve, reject) => {
    child.once('error', (error) =>
      reject(new Error(`${pgDump} could not be started (set PG_DUMP to its path): ${error.message}`)),
    );
    child.once('close', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(stderr || `${pgDump} stopped (${signal ?? `exit ${code}`})`)),
    );
  });
  if (child.pid !== undefined) {
    try {
      // Like `nice`: the API's own work comes first on a busy machine.
      os.setPriority(child.pid, os.constants.priority.PRIORITY_BELOW_NORMAL);
    } catch {
      // not permitted here: it runs at normal priority
    }
  }
  return { output: child.stdout, exited, stop: () => child.kill() };
}

/**
 * One backup at a time across every instance on a PostgreSQL database: a session-level advisory lock on
 * its own connection, held while the backup runs. Resolves to its release, or undefined when another
 * instance holds it. PGlite is one process: the in-process guard is enough there.
 */
export async function clusterBackupLock(
  database: Pick<Database, 'kind'> & { databaseUrl?: string },
): Promise<(() => Promise<void>) | undefined> {
  if (database.kind !== 'postgres' || !database.databaseUrl) return async () => {};
  const client = new pg.Client({ connectionString: database.databaseUrl });
  client.on('error', () => {}); // a lost connection lets go of the lock; the backup itself goes on
  await client.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
      BACKUP_LOCK_KEY,
    ]);
    if (rows[0]?.locked) return () => client.end();
  } catch (error) {
    await client.end().catch(() => {});
    throw error;
  }
  await client.end();
  return undefined;
}
