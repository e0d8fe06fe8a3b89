import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Action, Resource } from '../../contract/roles';
import type { PatientDataRead } from '../accessAudit';
import { forbidden } from '../errors';
import type { SharedReads } from '../services/sharedReads';

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

/**
 * An answer the same for every caller allowed to read it (services/sharedReads.ts): checked against the
 * route's schema and serialised once, when computed, and that text is what each caller within the shared
 * window is sent (a large answer read a hundred times a second was validated and serialised each time).
 */
export async function sharedAnswer<Answer extends Record<string, unknown>>(
  reply: FastifyReply,
  shared: SharedReads,
  key: string,
  compute: () => Promise<Answer>,
  now: number,
): Promise<Answer> {
  const serialize = reply.getSerializationFunction('200') ?? JSON.stringify;
  const kept = await shared.read(
    key,
    async () => {
      const answer = await compute();
      return { answer, text: serialize(answer) };
    },
    now,
  );
  // A reply's own serializer leaves the content type to it.
  reply
    .type('application/json; charset=utf-8')
    .serializer((payload) => (payload === kept.answer ? kept.text : serialize(payload)));
  return kept.answer;
}
