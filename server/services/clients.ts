import { clientHeader } from '../db/billing';
import { getClient } from '../db/clients';
import type { Db } from '../db/database';
import type { DbOrTx, Tx } from '../db/transaction';
import { conflict, notFound } from '../errors';
import { writeAudit } from './audit';

const clientNotFound = (clientId: number) => notFound(`Client ${clientId} not found`);

/** The client, or a 404 for an unknown id. */
export async function requireClient(db: DbOrTx, clientId: number) {
  const client = await getClient(db, clientId);
  if (!client) throw clientNotFound(clientId);
  return client;
}

/** The client's billing header (name, zone, currency, first recording), or a 404 for an unknown id. */
export async function requireClientHeader(db: DbOrTx, clientId: number) {
  const found = await clientHeader(db, clientId);
  if (!found) throw clientNotFound(clientId);
  return found;
}

/** Records a write on a client in the write's transaction (ids and versions only). */
export const auditClientWrite = writeAudit('clients');

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
