import type { Db } from '../../db/database';
import type { Tx } from '../../db/transaction';
import { conflict } from '../../errors';
import { writeAudit } from '../../services/audit';
import { requireClient } from '../../services/clients';

/** Records a write on a client in the write's transaction (ids and versions only). */
export const auditWrite = writeAudit('clients');

/**
 * A versioned write on one of a client's things, in one transaction: the client must exist, and `write`
 * answers undefined when the version or revision the caller loaded is no longer the current one; that, or
 * a concurrent writer's commit (`isConcurrent`, e.g. a unique violation), is a 409 with `staleMessage`.
 */
export async function versionedClientWrite<T>(
  db: Db,
  clientId: number,
  staleMessage: string,
  write: (tx: Tx) => Promise<T | undefined>,
  isConcurrent: (error: unknown) => boolean = () => false,
): Promise<T> {
  return db
    .transaction(async (tx) => {
      await requireClient(tx, clientId);
      const written = await write(tx);
      if (written === undefined) throw conflict(staleMessage);
      return written;
    })
    .catch((error: unknown) => {
      if (isConcurrent(error)) throw conflict(staleMessage);
      throw error;
    });
}
