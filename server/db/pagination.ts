import { asc, count, desc, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ListQuery, SortOrder } from '../../contract/list';
import { preparedOnce } from './prepared';
import { type DbOrTx, readAll } from './transaction';

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

/** A hot list's queries, prepared once (./prepared.ts): what their text depends on, and its placeholders' values. */
export type PreparedPage = { key: string; values: Record<string, unknown> };

/**
 * One page of the rows of `table` that match `where`, and how many match in all. With `prepared`, both
 * queries are built once for its key; without, on each call.
 */
export async function selectPage<Row>(
  db: DbOrTx,
  table: PgTable & { $inferSelect: Row },
  where: SQL | undefined,
  order: SQL[],
  query: Pick<ListQuery<string>, 'page' | 'perPage'>,
  prepared?: PreparedPage,
): Promise<Page<Row>> {
  const once = <Query>(part: string, build: (name: string) => Query) =>
    prepared ? preparedOnce(db, `${prepared.key} ${part}`, build) : build('');
  const rows = once('page', (name) =>
    db
      .select()
      .from(table)
      .where(where)
      .orderBy(...order)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name),
  );
  const total = once('count', (name) => db.select({ total: count() }).from(table).where(where).prepare(name));
  const values = { ...prepared?.values, ...pageBounds(query) };
  const [found, [counted]] = await readAll(db, [() => rows.execute(values), () => total.execute(values)]);
  // drizzle types the rows from the table's columns, which this generic signature leaves open;
  // `$inferSelect` is the same row, typed.
  return { rows: found as Row[], total: counted?.total ?? 0 };
}

/** `%text%` for a list's ILIKE search, with the pattern characters in the user's text matched literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
