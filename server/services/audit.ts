import type { Caller } from '../../contract/ownWork';
import { recordWrite } from '../db/audit';
import type { DbOrTx } from '../db/transaction';

/** Who writes: the signed-in caller, as a request carries them. */
export interface Writer {
  user: Caller;
}

/**
 * The audit of writes on one kind of resource, recorded in the write's transaction: who, what, on which id,
 * with ids, stages and versions only, never patient data.
 */
export const writeAudit =
  (resource: Parameters<typeof recordWrite>[2]) =>
  (tx: DbOrTx, request: Writer, action: string, id: number, details: Record<string, unknown>) =>
    recordWrite(tx, request.user.username, resource, action, id, details);
