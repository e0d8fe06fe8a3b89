import { and, eq, gte, lte, or, sql } from 'drizzle-orm';
import type { AccessLogEntry, AccessLogQuery } from '../../contract/accessLog';
import { rangeBoundary } from '../../contract/cases';
import type { Db } from './database';
import { orderBy, type Page, selectPage } from './pagination';
import { auditLog } from './schema';
import type { DbOrTx } from './transaction';

export type AuditEntry = typeof auditLog.$inferInsert;

/** Writes one audit entry; pass the transaction of the write it records so both commit together. */
export async function recordAudit(
  db: Db | Parameters<Parameters<Db['transaction']>[0]>[0],
  entry: AuditEntry,
) {
  await db.insert(auditLog).values(entry);
}

/**
 * Records a caller's write on a record, in the transaction of the write. `details` holds ids, stages and
 * versions only: never names, notes or anything else that could identify a patient.
 */
export function recordWrite(
  db: Db | Parameters<Parameters<Db['transaction']>[0]>[0],
  actor: string,
  resource: 'clients' | 'cases' | 'billing',
  action: string,
  id: number,
  details: Record<string, unknown>,
) {
  return recordAudit(db, { actor, action, resource, resourceId: String(id), outcome: 'ok', details });
}

/** One page of the access log, newest first; a case's entries include the list reads that showed it. */
export async function listAccessLog(db: DbOrTx, query: AccessLogQuery): Promise<Page<AccessLogEntry>> {
  const caseId = query.caseId;
  const where = and(
    query.actor ? eq(auditLog.actor, query.actor) : undefined,
    query.outcome ? eq(auditLog.outcome, query.outcome) : undefined,
    caseId === undefined
      ? undefined
      : or(
          and(eq(auditLog.resource, 'cases'), eq(auditLog.resourceId, String(caseId))),
          sql`${auditLog.details} -> 'caseIds' @> ${JSON.stringify([caseId])}::jsonb`,
        ),
    query.from ? gte(auditLog.at, rangeBoundary(query.from, 'from')) : undefined,
    query.to ? lte(auditLog.at, rangeBoundary(query.to, 'to')) : undefined,
  );
  const { rows, total } = await selectPage(
    db,
    auditLog,
    where,
    orderBy(query.order, auditLog.at, auditLog.id),
    query,
  );
  return {
    rows: rows.map((row) => ({ ...row, at: row.at.toISOString(), resourceId: row.resourceId ?? null })),
    total,
  };
}
