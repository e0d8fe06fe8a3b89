import type { FastifyRequest } from 'fastify';
import { recordAudit } from '../../db/audit';
import { getClient } from '../../db/clients';
import type { DbOrTx } from '../../db/transaction';
import { notFound } from '../../errors';

/** The client, or a 404 for an unknown id. */
export async function requireClient(db: DbOrTx, clientId: number) {
  const client = await getClient(db, clientId);
  if (!client) throw notFound(`Client ${clientId} not found`);
  return client;
}

/**
 * Records a write in the same transaction as the write. `details` holds ids and versions only: never
 * names, notes or anything else that could identify a patient.
 */
export function auditWrite(
  tx: DbOrTx,
  request: FastifyRequest,
  action: string,
  clientId: number,
  details: Record<string, unknown>,
) {
  return recordAudit(tx, {
    actor: request.user.username,
    action,
    resource: 'clients',
    resourceId: String(clientId),
    outcome: 'ok',
    details,
  });
}
