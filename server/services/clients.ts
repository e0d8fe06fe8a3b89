import { clientHeader } from '../db/billing';
import { getClient } from '../db/clients';
import type { DbOrTx } from '../db/transaction';
import { notFound } from '../errors';

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
