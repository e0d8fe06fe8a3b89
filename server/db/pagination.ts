import { asc, desc, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ListQuery, SortOrder } from '../../contract/list';
import type { DbOrTx } from './transaction';

export type Page<T> = { rows: T[]; total: number };

/** LIMIT and OFFSET of a 1-based page. */
function pageBounds({ page, perPage }: Pick<ListQuery<string>, 'page' | 'perPage'>) {
  return { limit: perPage, offset: (page - 1) * perPage };
}

/** ORDER BY the sort column, then `tieBreak` (the id) so pages never overlap or skip a row. */
export function orderBy(order: SortOrder, column: AnyPgColumn | SQL, tieBreak: AnyPgColumn): SQL[] {
  const direction = order === 'DESC' ? desc : asc;
  return [direction(column), direction(tieBreak)];
}

/** One page of the rows of `table` that match `where`, and how many match in all. */
export async function selectPage<Row>(
  db: DbOrTx,
  table: PgTable & { $inferSelect: Row },
  where: SQL | undefined,
  order: SQL[],
  query: Pick<ListQuery<string>, 'page' | 'perPage'>,
): Promise<Page<Row>> {
  const { limit, offset } = pageBounds(query);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(table)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db.$count(table, where),
  ]);
  // drizzle types the rows from the table's columns, which this generic signature leaves open;
  // `$inferSelect` is the same row, typed.
  return { rows: rows as Row[], total };
}

/** `%text%` for a list's ILIKE search, with the pattern characters in the user's text matched literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
