import { sql } from 'drizzle-orm';
import type { Db } from './database';
import { auditLog } from './schema';

/** The queries of the live self-checks (DESIGN §8): they read, and what they write they roll back. */

/** How many migrations drizzle's own journal (outside the app's schema) says were applied. */
export async function appliedMigrations(db: Db): Promise<number> {
  const { rows } = await db.execute<{ count: number | string }>(
    sql`select count(*) as count from drizzle.__drizzle_migrations`,
  );
  return Number(rows[0]?.count ?? 0);
}

/** Writes an audit entry and rolls it back: the log takes writes, and none is left behind. */
export async function probeAuditWrite(db: Db): Promise<void> {
  const rolledBack = new Error('rolled back');
  await db
    .transaction(async (tx) => {
      await tx
        .insert(auditLog)
        .values({ actor: 'self-check', action: 'self-check', resource: 'bugs', outcome: 'ok' });
      throw rolledBack;
    })
    .catch((error: unknown) => {
      if (error !== rolledBack) throw error;
    });
}
