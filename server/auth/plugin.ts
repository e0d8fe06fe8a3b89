import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { type Action, canAccess, type Resource } from '../../contract/roles';
import type { AppConfig } from '../config';
import { recordAudit } from '../db/audit';
import type { Db } from '../db/database';
import { touchAccount } from '../db/userAccounts';
import { AppError, forbidden, unauthorized } from '../errors';
import type { AccountCache, AccountState } from './accountCache';
import type { AuthenticatedUser, TokenVerifier, VerifiedUser } from './tokenVerifier';

/** What a route needs: a role grant, or only a signed-in, enabled user. */
type RouteAccess = { resource: Resource; action: Action } | 'signed-in' | 'public';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    user: AuthenticatedUser;
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  // The spec sends the bare id token; `Bearer <token>` is accepted too.
  return header.startsWith('Bearer ') ? header.slice(7).trim() : header.trim();
}

export type AuthPluginOptions = {
  verify: TokenVerifier;
  db: Db;
  accounts: AccountCache;
  deniedCallLimit: AppConfig['deniedCallLimit'];
  rateLimit: AppConfig['rateLimit'];
  /** Set: the limits are counted in Redis, shared by every instance, and each window is audited once in all. */
  redis?: Redis;
};

/**
 * Whether an over-limit key is seen for the first time in its window (so it is audited once): in Redis when
 * set, once across every instance; else in this process.
 */
function firstOverLimitInWindow(redis: Redis | undefined) {
  if (redis) {
    return async (key: string, ttlMs: number) =>
      (await redis.set(`vigil-rate-limit-audited-${key}`, '1', 'PX', Math.max(ttlMs, 1), 'NX')) === 'OK';
  }
  const auditedUntil = new Map<string, number>();
  return async (key: string, ttlMs: number) => {
    const now = Date.now();
    if ((auditedUntil.get(key) ?? 0) >= now) return false;
    if (auditedUntil.size > 10_000) auditedUntil.clear();
    auditedUntil.set(key, now + ttlMs);
    return true;
  };
}

/** A token issued before the user's groups changed, they were disabled, reset or signed out everywhere. */
const SESSION_ENDED = 'Your session has ended: sign in again.';

const forbiddenMessage = ({ resource, action }: { resource: Resource; action: Action }) =>
  `Your role may not ${action} ${resource}.`;

/**
 * Checks the id token and the role on every route; a route opts out only with `access: 'public'`.
 * A route that declares nothing is treated as 'signed-in', never as public. Refused calls are audited by
 * server/accessAudit.ts; past a limit per user they are answered 429 instead, so a loop of refused writes
 * cannot flood the audit log.
 */
export const authPlugin = fp(async (app: FastifyInstance, options: AuthPluginOptions) => {
  app.decorateRequest('user', undefined as unknown as AuthenticatedUser);
  await app.register(rateLimit, { global: false, redis: options.redis, nameSpace: 'vigil-rate-limit-' });
  const checkDeniedCalls = app.createRateLimit({
    max: options.deniedCallLimit.max,
    timeWindow: options.deniedCallLimit.windowSeconds * 1000,
    keyGenerator: (request) => request.user.username,
  });
  /** The caller's account, from the cache unless this token is from a sign-in not recorded yet. */
  const accountOf = async (user: VerifiedUser): Promise<AccountState> => {
    const cached = options.accounts.get(user.username);
    if (cached?.lastSignInAt && cached.lastSignInAt >= user.signedInAt) return cached;
    const { newSignIn: _new, ...state } = await touchAccount(options.db, user.username, user.signedInAt);
    options.accounts.set(user.username, state);
    return state;
  };
  /** The calls of a valid session, counted against its user; any other call counts against its address. */
  const validSessions = new WeakSet<FastifyRequest>();
  const checkCalls = app.createRateLimit({
    max: options.rateLimit.max,
    timeWindow: options.rateLimit.windowSeconds * 1000,
    keyGenerator: (request) =>
      validSessions.has(request) ? `user:${request.user.username}` : `address:${request.ip}`,
  });
  const firstInWindow = firstOverLimitInWindow(options.redis);
  /** Every call counts against its user's (or, without a valid session, its address's) limit: 429 past it. */
  const limitCalls = async (request: FastifyRequest, reply: FastifyReply) => {
    const limit = await checkCalls(request);
    if (limit.isAllowed || !limit.isExceeded) return;
    reply.header('retry-after', String(limit.ttlInSeconds));
    if (await firstInWindow(limit.key, limit.ttl)) {
      await recordAudit(options.db, {
        actor: validSessions.has(request) ? request.user.username : `address ${request.ip}`,
        action: `${request.method} ${request.routeOptions.url}`,
        resource: 'rate-limit',
        outcome: 'denied',
        details: { max: limit.max, windowSeconds: options.rateLimit.windowSeconds },
      });
    }
    throw new AppError(429, `Too many requests: try again in ${limit.ttlInSeconds} seconds.`);
  };
  app.addHook('onRequest', async (request, reply) => {
    const access = request.routeOptions.config?.access ?? 'signed-in';
    if (!request.routeOptions.url) return;
    if (access === 'public') return limitCalls(request, reply);
    const token = bearerToken(request);
    if (!token) {
      await limitCalls(request, reply);
      throw unauthorized();
    }
    let user: VerifiedUser;
    try {
      user = await options.verify(token);
    } catch {
      await limitCalls(request, reply);
      throw unauthorized('Invalid tokens.');
    }
    request.user = user;
    const account = await accountOf(user);
    const ended = !account.isEnabled
      ? 'User is disabled.'
      : account.tokensValidAfter && user.issuedAt < account.tokensValidAfter
        ? SESSION_ENDED
        : undefined;
    // A signed-out or disabled session's calls count against its address, never against its user's new session.
    if (!ended) validSessions.add(request);
    await limitCalls(request, reply);
    if (ended) throw unauthorized(ended);
    if (access !== 'signed-in' && !canAccess(user.roles, access.resource, access.action)) {
      const limit = await checkDeniedCalls(request);
      if (!limit.isAllowed && limit.isExceeded) {
        reply.header('retry-after', String(limit.ttlInSeconds));
        throw new AppError(
          429,
          `Too many refused requests; try again in ${limit.ttlInSeconds} seconds. ${forbiddenMessage(access)}`,
        );
      }
      throw forbidden(forbiddenMessage(access));
    }
  });
});
