import { deletionBlockedMessage, duplicateCodeError, staleVersionMessage } from '../../contract/clientRules';
import type { ClientInput, ClientUpdate } from '../../contract/clients';
import { clientHeader } from '../db/billing';
import { refreshClientCaseHours } from '../db/caseHours';
import { countCasesOfClient, isClientWithCases } from '../db/cases';
import { deleteClient, getClient, insertClient, isDuplicateClientCode, updateClient } from '../db/clients';
import type { Db } from '../db/database';
import type { DbOrTx, Tx } from '../db/transaction';
import { badRequest, conflict, notFound } from '../errors';
import { type Writer, writeAudit } from './audit';

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

/** A duplicate code is the user's to fix, so it comes back as a field error like any other. */
export function refuseDuplicateCode(code: string) {
  return (error: unknown): never => {
    if (isDuplicateClientCode(error)) throw badRequest('Invalid code', [duplicateCodeError(code)]);
    throw error;
  };
}

/** A delete that met a case written meanwhile (the foreign key refused it) is a 409 like a counted one. */
export function refuseClientWithCases(error: unknown): never {
  if (isClientWithCases(error)) throw conflict('This client has cases and cannot be deleted.');
  throw error;
}

/** Adds a client. */
export async function createClient(tx: DbOrTx, request: Writer, input: ClientInput) {
  const created = await insertClient(tx, input);
  await auditClientWrite(tx, request, 'client.create', created.id, { after: { version: created.version } });
  return created;
}

/** Changes a client at the version the caller loaded (404 when unknown, 409 when changed meanwhile). */
export async function changeClient(tx: DbOrTx, request: Writer, id: number, input: ClientUpdate) {
  const before = await requireClient(tx, id);
  const updated = await updateClient(tx, id, input);
  if (!updated) throw conflict(staleVersionMessage('client'));
  // Its cases' hours are counted in its local months: a new time zone moves the month boundaries.
  if (updated.timeZone !== before.timeZone) await refreshClientCaseHours(tx, id);
  await auditClientWrite(tx, request, 'client.update', id, {
    before: { version: before.version },
    after: { version: updated.version },
  });
  return updated;
}

/** Deletes a client with no cases at the version the caller loaded (404 when unknown, 409 otherwise). */
export async function removeClient(tx: DbOrTx, request: Writer, id: number, version: number) {
  const before = await requireClient(tx, id);
  if (before.version !== version) throw conflict(staleVersionMessage('client'));
  const blocked = deletionBlockedMessage(await countCasesOfClient(tx, id));
  if (blocked) throw conflict(blocked);
  const deleted = await deleteClient(tx, id, version);
  if (!deleted) throw conflict(staleVersionMessage('client'));
  await auditClientWrite(tx, request, 'client.delete', id, { before: { version: deleted.version } });
  return deleted;
}
