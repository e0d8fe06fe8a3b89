import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUserSchema } from '../../contract/chrome';
import { envelope } from '../../contract/envelope';
import { API_PATHS } from '../../contract/paths';
import { canAccess, rolesFromGroups } from '../../contract/roles';
import type { Db } from '../db/database';
import { getAccount } from '../db/userAccounts';
import { forbidden, notFound } from '../errors';
import type { UserDirectory } from '../services/userDirectory';
import { ok } from './reply';

export const usernameSchema = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[\p{L}\p{M}\p{S}\p{N}\p{P}]+$/u, 'is not a valid username');

/** A user's details: everyone may read their own; administrators may read anyone's. */
export const userRoutes: FastifyPluginAsyncZod<{ db: Db; directory: UserDirectory }> = async (
  app,
  { db, directory },
) => {
  app.get(
    API_PATHS.user(':username'),
    {
      schema: {
        tags: ['users'],
        params: z.object({ username: usernameSchema }),
        response: { 200: envelope(currentUserSchema) },
      },
    },
    async (request) => {
      const { username } = request.params;
      if (username !== request.user.username && !canAccess(request.user.roles, 'users', 'show')) {
        throw forbidden('You may only read your own details.');
      }
      const [user, account] = await Promise.all([directory.getUser(username), getAccount(db, username)]);
      if (!user) throw notFound(`User ${username} not found`);
      return ok({
        username: user.username,
        email: user.email,
        name: user.name,
        isEnabled: user.isEnabled && (account?.isEnabled ?? true),
        roles: rolesFromGroups(user.groups),
      });
    },
  );
};
