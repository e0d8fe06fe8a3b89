import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './transaction';

/** A table whose rows the user edits under optimistic locking: every write bumps `version`. */
export type VersionedTable<Row, Insert> = PgTable & {
  version: AnyPgColumn<{ data: number }>;
  updatedAt: AnyPgColumn<{ data: Date }>;
  $inferSelect: Row;
  $inferInsert: Insert;
};

/** Writes `values` to the row `where` selects only if it is still at `version`; `undefined` otherwise. */
export async function updateAtVersion<Row, Insert>(
  db: DbOrTx,
  table: VersionedTable<Row, Insert>,
  where: SQL | undefined,
  version: number,
  values: Partial<Insert>,
): Promise<Row | undefined> {
  const [row] = await db
    .update(table)
    .set({ ...values, version: sql`${table.version} + 1`, updatedAt: sql`now()` })
    .where(and(where, eq(table.version, version)))
    .returning();
  // drizzle types the returned row from the table's columns, which this generic signature leaves open;
  // `$inferSelect` is the same row, typed.
  return row as Row | undefined;
}
