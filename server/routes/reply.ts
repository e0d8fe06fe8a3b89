import type { FastifyRequest } from 'fastify';
import type { Action, Resource } from '../../contract/roles';
import type { PatientDataRead } from '../accessAudit';
import { forbidden } from '../errors';

/**
 * What every route plugin shares: the role a route needs (checked by the auth plugin against the one role
 * table, contract/roles.ts) and the success envelope of DESIGN §5.
 */

/** Route config: which grant of the role table the route needs. */
export function requires(resource: Resource, action: Action) {
  return { access: { resource, action } };
}

/**
 * A route's `preHandler` for what any role may call but a user in no group may not (DESIGN §3: they read only
 * their own details and file bug reports).
 */
export async function inSomeGroup(request: FastifyRequest) {
  if (request.user.roles.length === 0) {
    throw forbidden('Access denied: you are in no access group; an administrator must add you to one.');
  }
}

/** Route config of a read of patient data: the grant, and what the access audit records of each read. */
export function readsPatientData(resource: Resource, action: Action, phi: PatientDataRead) {
  return { ...requires(resource, action), phi };
}

export const ok = <T>(data: T) => ({ success: true as const, data });

/** A page of a list: the rows and the count of every matching row. */
export const page = <T>({ rows, total }: { rows: T[]; total: number }) => ({
  success: true as const,
  data: rows,
  total,
});
