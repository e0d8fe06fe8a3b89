import { asc, desc, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ListQuery, SortOrder } from '../../contract/list';

export type Page<T> = { rows: T[]; total: number };

/** LIMIT and OFFSET of a 1-based page. */
export function pageBounds({ page, perPage }: Pick<ListQuery<string>, 'page' | 'perPage'>) {
  return { limit: perPage, offset: (page - 1) * perPage };
}

/** ORDER BY the sort column, then `tieBreak` (the id) so pages never overlap or skip a row. */
export function orderBy(order: SortOrder, column: AnyPgColumn | SQL, tieBreak: AnyPgColumn): SQL[] {
  const direction = order === 'DESC' ? desc : asc;
  return [direction(column), direction(tieBreak)];
}
