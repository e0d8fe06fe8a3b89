import type { FastifyRequest } from 'fastify';
import type { Action, Resource } from '../../../contract/roles';
import { recordAudit } from '../../db/audit';
import { getClient } from '../../db/clients';
import type { DbOrTx } from '../../db/transaction';
import { notFound } from '../../errors';

/** Where the spec shortens `/clients/...`, the full path carries the prefix (DESIGN §5). */
export const CLIENTS_PATH = '/continuous-monitoring/clients';

/** Route config: which grant of the role table (contract/roles.ts) the route needs. */
export function requires(action: Action, resource: Resource = 'clients') {
  return { access: { resource, action } };
}

export const ok = <T>(data: T) => ({ success: true as const, data });
export const page = <T>({ rows, total }: { rows: T[]; total: number }) => ({
  success: true as const,
  data: rows,
  total,
});

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
