import { AsyncLocalStorage } from 'node:async_hooks';
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from './db/database';
import {
  type Claim,
  claimKey,
  dropExpiredKeys,
  keepAnswer,
  markWritten,
  releaseKey,
  takeOverKey,
} from './db/idempotency';
import { loggableError } from './errorHandler';
import { AppError, badRequest } from './errors';

const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Printable ASCII, as a UUID or any client's own token; long enough for any of them. */
const KEY_FORMAT = /^[\x21-\x7e]{1,128}$/;
const KEY_MESSAGE = 'Idempotency-Key must be 1 to 128 printable characters without spaces';
/** How often an instance drops the keys past 24 h. */
const SWEEP_MS = 10 * 60_000;

declare module 'fastify' {
  interface FastifyRequest {
    /** The key this write claimed: its answer is kept for a retry. */
    idempotencyClaim?: Claim;
  }
}

/** The claim of the request being handled, seen by every transaction it opens. */
const requestClaims = new AsyncLocalStorage<{ claim?: Claim }>();
const marking = new WeakSet<Db>();

/**
 * Every transaction of a request that claimed a key marks the claim written before it commits, so a
 * retry after a crash knows whether the write was made; a claim a retry took over refuses the write.
 */
function markWrites(db: Db) {
  if (marking.has(db)) return;
  marking.add(db);
  const transaction = db.transaction.bind(db);
  db.transaction = ((work, config) =>
    transaction(async (tx) => {
      const result = await work(tx);
      const claim = requestClaims.getStore()?.claim;
      if (claim && !(await markWritten(tx, claim)))
        throw new AppError(409, 'This request was made again by its retry: this one wrote nothing.');
      return result;
    }, config)) as Db['transaction'];
}

const hashOf = (request: FastifyRequest) =>
  crypto
    .createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');

/**
 * `Idempotency-Key` on every POST: the first request with a key (per user) writes and its answer (status and
 * body) is kept 24 h; a retry with the same key and body gets that answer again without writing, the same key
 * with another body is refused (422), and one sent while the first is still under way is told so (409). A
 * server error frees the key, so the retry writes. Registered before compression: it keeps the answer's text.
 */
export const idempotencyPlugin = fp(async (app: FastifyInstance, { db }: { db: Db }) => {
  markWrites(db);
  // The 24 h old keys are dropped by a timer, not by a request.
  const sweep = setInterval(() => {
    dropExpiredKeys(db).catch((error) =>
      app.log.error({ err: loggableError(error) }, 'idempotency keys not swept'),
    );
  }, SWEEP_MS);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
  // The rest of the request (later hooks, the handler) runs in this context (after the body was read).
  app.addHook('preHandler', (_request, _reply, done) => requestClaims.run({}, done));
  app.addHook('preHandler', async (request, reply) => {
    const key = request.headers[IDEMPOTENCY_HEADER];
    if (request.method !== 'POST' || key === undefined || !request.user) return;
    if (typeof key !== 'string' || !KEY_FORMAT.test(key))
      throw badRequest(KEY_MESSAGE, [{ field: 'Idempotency-Key', message: KEY_MESSAGE }]);
    const claim = { actor: request.user.username, key, claim: crypto.randomUUID() };
    const held = await claimKey(db, { ...claim, requestHash: hashOf(request) });
    const hold = () => {
      request.idempotencyClaim = claim;
      const store = requestClaims.getStore();
      if (store) store.claim = claim;
    };
    if (held === true) return hold();
    if (held.requestHash !== hashOf(request))
      throw new AppError(422, 'This Idempotency-Key was already used for another request: send a new key.');
    if (held.status === null || held.answer === null) {
      if (held.written)
        throw new AppError(
          409,
          'This request was made, but its answer was lost when the server stopped: reload to see it.',
        );
      if (await takeOverKey(db, held, claim.claim)) return hold();
      throw new AppError(409, 'This request is still being made: try again in a moment.');
    }
    reply.code(held.status).header('idempotent-replayed', 'true').type('application/json; charset=utf-8');
    return reply.send(held.answer);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    request.idempotencyClaim = undefined;
    // Work the request left running (a backup) writes on its own from now on, not under the claim.
    const store = requestClaims.getStore();
    if (store) store.claim = undefined;
    try {
      if (reply.statusCode < 500 && typeof payload === 'string')
        await keepAnswer(db, claim, { status: reply.statusCode, answer: payload });
      else await releaseKey(db, claim);
    } catch (error) {
      request.log.error(
        { err: loggableError(error), route: request.routeOptions.url },
        'idempotency key not kept',
      );
    }
    return payload;
  });
});
