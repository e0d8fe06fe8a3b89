import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type Action, canAccess, type Resource } from '../../contract/roles';
import type { AppConfig } from '../config';
import type { Db } from '../db/database';
import { touchAccount } from '../db/userAccounts';
import { AppError, forbidden, unauthorized } from '../errors';
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
  deniedCallLimit: AppConfig['deniedCallLimit'];
};

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
  app.addHook('onRequest', async (request, reply) => {
    const access = request.routeOptions.config?.access ?? 'signed-in';
    if (access === 'public' || !request.routeOptions.url) return;
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    let user: VerifiedUser;
    try {
      user = await options.verify(token);
    } catch {
      throw unauthorized('Invalid tokens.');
    }
    const account = await touchAccount(options.db, user.username, user.signedInAt);
    if (!account.isEnabled) throw unauthorized('User is disabled.');
    request.user = user;
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
