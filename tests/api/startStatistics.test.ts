import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type DatabaseOptions, openDatabase } from '../../server/db/database';
import { copyTemplateDatabase, workerDatabaseUrl } from './support/postgres';
import { DATABASES } from './support/testServer';

/**
 * A start gathers the planner's statistics on PostgreSQL only when it changed the database (or is asked
 * to): a table of ten rows, too few for autovacuum to analyze, shows whether a start analyzed.
 */
describe.runIf(DATABASES.includes('postgres'))('Statistics at a start (PostgreSQL)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-start-statistics-'));
  // A database of its own, migrated as the template is: other files leave their worker's database as they please.
  const url = new URL(workerDatabaseUrl());
  url.pathname = `${url.pathname}_start_statistics`;
  const options: DatabaseOptions = { databaseUrl: url.toString(), dataDir, poolMax: 1 };
  beforeAll(() => copyTemplateDatabase(url.toString()));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  const opened = async (extra: Partial<DatabaseOptions> = {}) => openDatabase({ ...options, ...extra });
  const withDatabase = async <T>(database: Database, use: (database: Database) => Promise<T>) => {
    try {
      return await use(database);
    } finally {
      await database.close();
    }
  };
  const newProbe = async (database: Database) => {
    await database.db.execute(sql`drop table if exists start_statistics_probe`);
    await database.db.execute(
      sql`create table start_statistics_probe as select n from generate_series(1, 10) n`,
    );
  };
  const analyzed = async (database: Database) => {
    const { rows } = await database.db.execute<{ count: number }>(
      sql`select count(*)::int as count from pg_stats where tablename = 'start_statistics_probe'`,
    );
    return (rows[0]?.count ?? 0) > 0;
  };

  it('leaves them as they are when the start migrated nothing', async () => {
    await withDatabase(await opened(), newProbe);
    expect(await withDatabase(await opened(), analyzed)).toBe(false);
  });

  it('gathers them when the database had not applied every migration this build ships', async () => {
    type Applied = { id: number; hash: string; created_at: string };
    const first = await withDatabase(await opened(), async (database) => {
      await newProbe(database);
      // One applied migration forgotten, as in a database older than this build.
      const { rows } = await database.db.execute<Applied>(
        sql`delete from drizzle.__drizzle_migrations where id = (select min(id) from drizzle.__drizzle_migrations) returning id, hash, created_at`,
      );
      return rows[0] as Applied;
    });
    await withDatabase(await opened(), async (database) => {
      expect(await analyzed(database)).toBe(true);
      await database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${first.id}, ${first.hash}, ${first.created_at})`,
      );
    });
  });

  it("gathers them when asked ('always', as a restore asks)", async () => {
    await withDatabase(await opened(), newProbe);
    await withDatabase(await opened({ analyze: 'always' }), async (database) => {
      expect(await analyzed(database)).toBe(true);
      await database.db.execute(sql`drop table start_statistics_probe`);
    });
  });
});
