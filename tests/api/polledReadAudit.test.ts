import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordPolledRead } from '../../server/db/audit';
import { type Database, type Db, openDatabase } from '../../server/db/database';
import { copyTemplateDatabase, workerDatabaseUrl } from './support/postgres';
import { DATABASES } from './support/testServer';

/**
 * A polled read (the home pages, read again every 30 s) is recorded only for the cases this caller has not
 * read through the same call within the hour. That look-up must read the caller's entries of that call, not
 * every entry they made within the hour: a busy caller (a technologist's day of case pages, an interface's
 * account) made it cost in proportion to their own traffic. Counted with the statistics PostgreSQL keeps of
 * the backend's own work, read twice within one transaction, so nothing here depends on time.
 */
describe.runIf(DATABASES.includes('postgres'))('The audit look-up of a polled read (PostgreSQL)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-polled-read-audit-'));
  // A database of its own, migrated as the template is: its audit log holds only this file's entries.
  const url = new URL(workerDatabaseUrl());
  url.pathname = `${url.pathname}_polled_read_audit`;
  let database: Database;
  beforeAll(async () => {
    await copyTemplateDatabase(url.toString());
    database = await openDatabase({ databaseUrl: url.toString(), dataDir, poolMax: 2 });
  });
  afterAll(async () => {
    await database?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const board = (caseIds: number[]) => ({
    actor: 'busy-tech',
    action: 'GET /api/getHome2',
    resource: 'cases',
    outcome: 'ok' as const,
    details: { caseIds },
  });

  it('reads only the caller’s entries of the same call, however many others they made within the hour', async () => {
    const { db } = database;
    // An hour of case pages by the same caller, and one earlier read of the board.
    await db.execute(sql`insert into audit_log (actor, action, resource, resource_id, outcome, details)
      select 'busy-tech', 'GET /api/continuous-monitoring/cases/details/:id', 'cases', n::text, 'ok', '{}'::jsonb
      from generate_series(1, 3000) n`);
    await recordPolledRead(db, board([1, 2]));
    await db.execute(sql`analyze audit_log`);

    const { read, recorded } = await db.transaction(async (tx) => {
      // The backend's counts not yet reported: this transaction's, and those of its earlier ones made within
      // the last second (PostgreSQL reports them at most once a second, between transactions, never within
      // one). So the look-up's reads are the difference of two readings in this transaction.
      const readSoFar = async () => {
        const stats = await tx.execute<{ read: number }>(sql`
          select (coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0))::int as read
          from pg_stat_xact_user_tables where relname = 'audit_log'`);
        return stats.rows[0]?.read ?? 0;
      };
      const before = await readSoFar();
      await recordPolledRead(tx as unknown as Db, board([1, 2, 3]));
      const after = await readSoFar();
      const entries = await tx.execute<{ ids: number[] }>(sql`
        select details -> 'caseIds' as ids from audit_log
        where actor = 'busy-tech' and action = 'GET /api/getHome2' order by id`);
      return { read: after - before, recorded: entries.rows.map((row) => row.ids) };
    });
    // The rule holds: the second read records only the case the first did not show.
    expect(recorded).toEqual([[1, 2], [3]]);
    // Its two board entries and the hash chain's last entry, not the 3,000 case pages.
    expect(read).toBeLessThan(50);
  });
});
