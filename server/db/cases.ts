import { eq } from 'drizzle-orm';
import type { CaseSortField, CaseSummary } from '../../contract/cases';
import type { ListQuery } from '../../contract/list';
import { orderBy, type Page, selectPage } from './pagination';
import { cases } from './schema';
import { type DbOrTx, isForeignKeyViolation } from './transaction';

const SORT_COLUMNS = {
  createdAt: cases.createdAt,
  caseNumber: cases.caseNumber,
  stage: cases.stage,
} satisfies Record<CaseSortField, unknown>;

export async function listCasesOfClient(
  db: DbOrTx,
  clientId: number,
  query: ListQuery<CaseSortField>,
): Promise<Page<CaseSummary>> {
  const order = orderBy(query.order, SORT_COLUMNS[query.sort], cases.id);
  const { rows, total } = await selectPage(db, cases, eq(cases.clientId, clientId), order, query);
  return { rows: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })), total };
}

export function countCasesOfClient(db: DbOrTx, clientId: number): Promise<number> {
  return db.$count(cases, eq(cases.clientId, clientId));
}

/** A case added between counting a client's cases and deleting the client trips the foreign key. */
export function isClientWithCases(error: unknown): boolean {
  return isForeignKeyViolation(error, 'cases_client_id_clients_id_fk');
}
