import { Redis } from 'ioredis';

/**
 * The Redis connection the rate limits count in, shared by every instance. Settings as @fastify/rate-limit
 * advises: a call never waits long on an unreachable Redis, it fails (and the API answers 500) instead.
 */
export function sharedCounters(url: string): Redis {
  return new Redis(url, { connectTimeout: 500, maxRetriesPerRequest: 1, enableOfflineQueue: true });
}
