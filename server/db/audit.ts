import type { Db } from './database';
import { auditLog } from './schema';

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
