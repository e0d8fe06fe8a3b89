import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { refreshPendingCaseHours } from './caseHours';
import { startEmbeddedServer } from './embedded';
import { Pool } from './pool';
import { keepsNamedStatements } from './prepared';
import * as schema from './schema';
import { appliedMigrations } from './selfChecks';

export type Db = NodePgDatabase<typeof schema>;
export type Database = {
  kind: 'pglite' | 'postgres';
  db: Db;
  pool: pg.Pool;
  /** PostgreSQL: how to open a connection of its own (the change listener's), as the pool opens them. */
  connectionConfig: pg.ClientConfig;
  /**
   * NOTIFY messages arriving on the pool's connections: the embedded database has one backend, and sends a
   * notification to the connection whose transaction sent it, not to the one that asked to LISTEN.
   */
  poolNotifications: EventEmitter<{ notification: [pg.Notification] }>;
  /** PostgreSQL only: its URL, for pg_dump (may hold a password: never log it). */
  databaseUrl?: string;
  /** The embedded database only: dumps it to `file` inside its worker (DESIGN §6; PostgreSQL uses pg_dump). */
  dumpEmbedded?: (file: string) => Promise<void>;
  close(): Promise<void>;
};

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export type DatabaseOptions = {
  /** A PostgreSQL URL; without it the embedded PGlite in `dataDir` is used. */
  databaseUrl?: string;
  /** The owner role's URL, for migrations (PostgreSQL; `databaseUrl` by default): `databaseUrl`'s role is then granted its rights. */
  migrationDatabaseUrl?: string;
  dataDir: string;
  poolMax: number;
  templateDir?: string;
  onError?: (error: Error) => void;
  /**
   * When the start gathers the planner's statistics (`ANALYZE`, every table): 'always', or only 'when
   * changed' by this start (migrations applied, hours refreshed). PGlite never analyzes by itself, so it
   * always does; PostgreSQL's autovacuum analyzes tables as they change, so by default it does only when
   * the start changed them. A pass over the large seed takes 4–5 s and samples new rows each time: every
   * instance's start re-drew the statistics, and the plans near a cost boundary with them. A restore, whose
   * tables were just loaded, asks for 'always'.
   */
  analyze?: 'always' | 'when changed';
};

/**
 * The app's PostgreSQL connection: the URL, with JIT off among its session options (`?options=…`, kept). The
 * app's queries are short; past its cost threshold PostgreSQL compiled the board's query for 100 ms to run
 * it in 50 (JIT pays off on long analytical scans, which the app does not make). pg reads the URL's options
 * over the pool's own, so they move out of the URL.
 */
export function withoutJit(databaseUrl = ''): { connectionString: string; options: string } {
  try {
    const url = new URL(databaseUrl);
    const own = url.searchParams.get('options');
    url.searchParams.delete('options');
    return { connectionString: url.toString(), options: [own, '-c jit=off'].filter(Boolean).join(' ') };
  } catch {
    // Not a URL (pg reads other forms too): taken as it is.
    return { connectionString: databaseUrl, options: '-c jit=off' };
  }
}

/** Opens the database (PostgreSQL or embedded PGlite, one `pg` driver path for both) and migrates it. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const embedded = options.databaseUrl
    ? undefined
    : await startEmbeddedServer({
        dataDir: options.dataDir,
        maxConnections: options.poolMax + 3,
        templateDir: options.templateDir,
      });
  const connectionConfig: pg.ClientConfig = embedded
    ? {
        host: '127.0.0.1',
        port: embedded.port,
        user: 'postgres',
        database: 'postgres',
      }
    : withoutJit(options.databaseUrl);
  // Embedded, one connection: the socket queues every protocol message of every connection separately, so
  // two connections' Parse/Bind steps interleave and clobber the unnamed prepared statement ("unnamed
  // prepared statement does not exist"). PGlite runs one query at a time anyway.
  const pool = new Pool({ ...connectionConfig, max: embedded ? 1 : options.poolMax });
  pool.checksLostCommits = !embedded;
  const onError = options.onError ?? (() => {});
  // An idle pooled connection that breaks must not crash the process.
  pool.on('error', onError);
  const poolNotifications = new EventEmitter<{ notification: [pg.Notification] }>();
  pool.on('connect', (client) => {
    client.on('error', onError);
    client.on('notification', (message) => poolNotifications.emit('notification', message));
  });
  const db = drizzle(pool, { schema });
  if (!embedded) keepsNamedStatements(db);
  const close = async () => {
    await pool.end();
    await embedded?.stop();
  };
  try {
    // A new database has no migrations table yet: none applied.
    const unapplied = shippedMigrations() - (await appliedMigrations(db).catch(() => 0));
    if (
      options.databaseUrl &&
      options.migrationDatabaseUrl &&
      options.migrationDatabaseUrl !== options.databaseUrl
    )
      await migrateAsOwner(options.migrationDatabaseUrl, db);
    else await migrate(db, { migrationsFolder });
    // Hours of the cases a migration or a bulk load marked (case_hours_pending), before anyone reads them.
    const refreshed = await refreshPendingCaseHours(db);
    // PGlite never analyzes by itself; without statistics list queries are 100× slower. A database just
    // copied from a template has the template's statistics (the API tests start about 70 such copies).
    const analyze = embedded && !embedded.fromTemplate ? 'always' : (options.analyze ?? 'when changed');
    if (analyze === 'always' || unapplied > 0 || refreshed > 0) await db.execute(sql`ANALYZE`);
  } catch (error) {
    await close();
    throw error;
  }
  return embedded
    ? { kind: 'pglite', db, pool, connectionConfig, poolNotifications, dumpEmbedded: embedded.dump, close }
    : {
        kind: 'postgres',
        db,
        pool,
        connectionConfig,
        poolNotifications,
        databaseUrl: options.databaseUrl,
        close,
      };
}

/**
 * The runtime role's rights, granted by the owner after each migration (so new tables are covered): reading
 * and writing the app's tables, but on the audit log only INSERT and SELECT. It owns nothing, so it can
 * neither truncate nor alter a table, nor turn a trigger off.
 */
const runtimeGrants = (role: string) => sql`
  grant usage on schema public, drizzle to ${sql.identifier(role)};
  grant select, insert, update, delete on all tables in schema public to ${sql.identifier(role)};
  revoke update, delete, truncate, trigger, references on audit_log from ${sql.identifier(role)};
  grant usage, select on all sequences in schema public to ${sql.identifier(role)};
  grant select on all tables in schema drizzle to ${sql.identifier(role)};`;

/** Migrates as the owner role at `ownerUrl`, then grants the runtime role (`runtime`'s user) its rights. */
async function migrateAsOwner(ownerUrl: string, runtime: Db) {
  const owner = new Pool({ ...withoutJit(ownerUrl), max: 1 });
  try {
    const ownerDb = drizzle(owner, { schema });
    await migrate(ownerDb, { migrationsFolder });
    const [{ role }] = (await runtime.execute<{ role: string }>(sql`select current_user as role`)).rows;
    await ownerDb.execute(runtimeGrants(role));
  } finally {
    await owner.end();
  }
}

/** How many migrations this build ships (the self-checks compare it with how many the database applied). */
export function shippedMigrations(): number {
  const journal = JSON.parse(
    fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as {
    entries: unknown[];
  };
  return journal.entries.length;
}
