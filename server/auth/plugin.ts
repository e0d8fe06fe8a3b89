import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type Action, canAccess, type Resource } from '../../contract/roles';
import type { AppConfig } from '../config';
import { recordAudit } from '../db/audit';
import type { Db } from '../db/database';
import { touchAccount } from '../db/userAccounts';
import { AppError, forbidden, unauthorized } from '../errors';
import type { AccountCache, AccountState } from './accountCache';
import type { AuthenticatedUser, TokenVerifier, VerifiedUser } from './tokenVerifier';

/** What a route needs: a role grant, or only a signed-in, enabled user. */
export type RouteAccess = { resource: Resource; action: Action } | 'signed-in' | 'public';

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
};

/** A token issued before the user's groups changed, they were disabled, reset or signed out everywhere. */
export const SESSION_ENDED = 'Your session has ended: sign in again.';

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
  await app.register(rateLimit, { global: false });
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
  const checkCalls = app.createRateLimit({
    max: options.rateLimit.max,
    timeWindow: options.rateLimit.windowSeconds * 1000,
    keyGenerator: (request) => (request.user ? `user:${request.user.username}` : `address:${request.ip}`),
  });
  /** When each over-limit key was last audited: one entry per window, not one per refused call. */
  const auditedUntil = new Map<string, number>();
  /** Every call counts against its user's (or, before sign-in, its address's) limit: 429 past it. */
  const limitCalls = async (request: FastifyRequest, reply: FastifyReply) => {
    const limit = await checkCalls(request);
    if (limit.isAllowed || !limit.isExceeded) return;
    reply.header('retry-after', String(limit.ttlInSeconds));
    const now = Date.now();
    if ((auditedUntil.get(limit.key) ?? 0) < now) {
      if (auditedUntil.size > 10_000) auditedUntil.clear();
      auditedUntil.set(limit.key, now + limit.ttl);
      await recordAudit(options.db, {
        actor: request.user?.username ?? `address ${request.ip}`,
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
    await limitCalls(request, reply);
    const account = await accountOf(user);
    if (!account.isEnabled) throw unauthorized('User is disabled.');
    if (account.tokensValidAfter && user.issuedAt < account.tokensValidAfter)
      throw unauthorized(SESSION_ENDED);
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
