import type { RouteOptions } from 'fastify';
import { isConnectionLost } from './db/transaction';

/**
 * A read whose database connection is lost mid-way (a restart, an administrator ending connections) is run
 * once more on a fresh connection from the pool; a write is not, and answers 503 (nothing was changed: a
 * COMMIT whose answer was lost is looked up first, see `knowingCommitOutcomes` in `db/pool.ts`).
 */
export function retryReadsOnce(route: RouteOptions) {
  const methods = [route.method].flat();
  if (!methods.every((method) => method === 'GET' || method === 'HEAD')) return;
  const handler = route.handler;
  route.handler = async function retried(request, reply) {
    try {
      return await handler.call(this, request, reply);
    } catch (error) {
      if (!isConnectionLost(error) || reply.sent) throw error;
      request.log.warn({ route: route.url }, 'database connection lost: reading again');
      return handler.call(this, request, reply);
    }
  };
}
