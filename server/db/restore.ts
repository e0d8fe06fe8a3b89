import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { acquireLock, embeddedPaths } from './embedded';

/**
 * The database side of a restore (DESIGN §6): the target opened for one session and locked against a
 * second restore (and, for the embedded database, against a server), and the dump loaded in one
 * transaction over freshly dropped schemas.
 */

/** The schemas the app owns: both dropped by a restore; the dump creates `drizzle` and fills `public`. */
const APP_SCHEMAS = ['public', 'drizzle'] as const;

/** `pg_try_advisory_lock` key of a restore: any fixed number the app uses for nothing else ("vigl"). */
const RESTORE_LOCK_KEY = 0x7669676c;

/** A refusal before anything was changed: another restore or a server has the database. */
export class RestoreRefused extends Error {}

/** One session on the restore's target: a `pg` client or an in-process PGlite. */
type SqlSession = {
  /** Runs one or more statements (the simple query protocol); no parameters. */
  exec(sql: string): Promise<void>;
  rows<Row>(sql: string): Promise<Row[]>;
};

export type RestoreTarget = {
  kind: 'embedded' | 'postgresql';
  session: SqlSession;
  /** Ends the session and lets go of the locks; a second call does nothing. */
  close(): Promise<void>;
};

function once(close: () => Promise<void>) {
  let closing: Promise<void> | undefined;
  return () => {
    closing ??= close();
    return closing;
  };
}

/** PostgreSQL at `databaseUrl`, unless another restore holds its advisory lock. */
async function openPostgres(databaseUrl: string): Promise<RestoreTarget> {
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => {}); // a broken connection fails the next query instead
  await client.connect();
  const session: SqlSession = {
    exec: async (sql) => {
      await client.query(sql);
    },
    rows: async <Row>(sql: string) => (await client.query(sql)).rows as Row[],
  };
  const [lock] = await session.rows<{ locked: boolean }>(
    `select pg_try_advisory_lock(${RESTORE_LOCK_KEY}) as locked`,
  );
  if (!lock?.locked) {
    await client.end();
    throw new RestoreRefused('Another restore is running on this database');
  }
  return { kind: 'postgresql', session, close: once(() => client.end()) };
}

/** The embedded database in `dataDir`, opened here under its lock file: refused while a server has it. */
async function openEmbedded(dataDir: string): Promise<RestoreTarget> {
  const { dbDir, lockFile } = embeddedPaths(dataDir);
  fs.mkdirSync(dataDir, { recursive: true });
  let releaseLock: () => void;
  try {
    releaseLock = acquireLock(lockFile);
  } catch (error) {
    throw new RestoreRefused(`${(error as Error).message}: stop the server (or the other restore) first`);
  }
  try {
    const db = await PGlite.create(dbDir);
    const session: SqlSession = {
      exec: async (sql) => {
        await db.exec(sql);
      },
      rows: async <Row>(sql: string) => (await db.query<Row>(sql)).rows,
    };
    return {
      kind: 'embedded',
      session,
      close: once(async () => {
        await db.close();
        releaseLock();
      }),
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

export function openRestoreTarget(target: { databaseUrl?: string; dataDir: string }): Promise<RestoreTarget> {
  return target.databaseUrl ? openPostgres(target.databaseUrl) : openEmbedded(target.dataDir);
}

export type TableRows = { table: string; rows: number };

/** How many rows each table of the app's schemas holds, by `schema.table`. */
async function tableRowCounts(session: SqlSession): Promise<TableRows[]> {
  const tables = await session.rows<{ count: string }>(`
    select format('select %L::text as "table", count(*)::int8 as rows from %I.%I',
      table_schema || '.' || table_name, table_schema, table_name) as count
    from information_schema.tables
    where table_schema in (${APP_SCHEMAS.map((schema) => `'${schema}'`).join(', ')}) and table_type = 'BASE TABLE'
    order by table_schema, table_name`);
  if (tables.length === 0) return [];
  const counts = await session.rows<{ table: string; rows: string | number }>(
    tables.map((table) => table.count).join(' union all '),
  );
  return counts.map((count) => ({ table: count.table, rows: Number(count.rows) }));
}

/**
 * In one transaction: drops the app's schemas, runs the dump's statements, resets the session the dump
 * set up (it empties `search_path`), and counts what is there. Any failure rolls everything back.
 */
export async function loadDump(session: SqlSession, batches: AsyncIterable<string>): Promise<TableRows[]> {
  await session.exec('BEGIN');
  try {
    await session.exec(
      `${APP_SCHEMAS.map((schema) => `DROP SCHEMA IF EXISTS ${schema} CASCADE;`).join(' ')} CREATE SCHEMA public;`,
    );
    for await (const batch of batches) await session.exec(batch);
    await session.exec('RESET ALL');
    const tables = await tableRowCounts(session);
    await session.exec('COMMIT');
    return tables;
  } catch (error) {
    await session.exec('ROLLBACK').catch(() => {});
    throw error;
  }
}
