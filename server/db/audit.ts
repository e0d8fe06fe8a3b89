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
