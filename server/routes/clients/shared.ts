import type { FastifyRequest } from 'fastify';
import { recordWrite } from '../../db/audit';
import { getClient } from '../../db/clients';
import type { DbOrTx } from '../../db/transaction';
import { notFound } from '../../errors';

/** The client, or a 404 for an unknown id. */
export async function requireClient(db: DbOrTx, clientId: number) {
  const client = await getClient(db, clientId);
  if (!client) throw notFound(`Client ${clientId} not found`);
  return client;
}

/** Records a write on a client in the write's transaction (ids and versions only). */
export const auditWrite = (
  tx: DbOrTx,
  request: FastifyRequest,
  action: string,
  clientId: number,
  details: Record<string, unknown>,
) => recordWrite(tx, request.user.username, 'clients', action, clientId, details);
