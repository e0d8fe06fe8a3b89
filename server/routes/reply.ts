import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Action, Resource } from '../../contract/roles';
import type { PatientDataRead } from '../accessAudit';
import { forbidden } from '../errors';
import { COMPRESSION_THRESHOLD_BYTES, type SharedEncoding, type SharedReads } from '../services/sharedReads';

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
 * A caller accepting brotli or gzip gets the text compressed once per encoding while it is kept, not once
 * per caller (the API's compression plugin leaves an answer that already has its encoding).
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
      return { answer, text: serialize(answer), encoded: new Map<SharedEncoding, Promise<Buffer>>() };
    },
    now,
  );
  // A reply's own serializer leaves the content type to it.
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  let body: string | Buffer = kept.text;
  const encoding = acceptedEncoding(reply.request, kept.text);
  if (encoding) {
    let encoded = kept.encoded.get(encoding);
    if (!encoded) {
      encoded = shared.encode(kept.text, encoding);
      kept.encoded.set(encoding, encoded);
      encoded.catch(() => kept.encoded.delete(encoding));
    }
    body = await encoded;
    reply.header('content-encoding', encoding);
  }
  // Fastify sends a serializer's Buffer as it is; its type names only text.
  reply.serializer((payload) => (payload === kept.answer ? body : serialize(payload)) as string);
  return kept.answer;
}

/** The encoding a shared answer goes out in: the caller's preferred of brotli and gzip, for a large enough text. */
function acceptedEncoding(request: FastifyRequest, text: string): SharedEncoding | undefined {
  const header = request.headers['accept-encoding'];
  // A text of as many characters has at least as many bytes: only a shorter one is measured in bytes.
  if (
    !header ||
    (text.length < COMPRESSION_THRESHOLD_BYTES && Buffer.byteLength(text) < COMPRESSION_THRESHOLD_BYTES)
  )
    return undefined;
  const chosen = negotiate(header, ['br', 'gzip']);
  return chosen === 'br' || chosen === 'gzip' ? chosen : undefined;
}
