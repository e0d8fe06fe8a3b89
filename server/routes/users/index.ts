import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../../contract/envelope';
import { listEnvelope } from '../../../contract/list';
import { API_PATHS } from '../../../contract/paths';
import { canAccess, rolesFromGroups } from '../../../contract/roles';
import {
  accessGroupsInputSchema,
  inviteUserSchema,
  userDetailsSchema,
  userEditSchema,
  userListQuery,
  usernameSchema,
  userSchema,
  userToggleSchema,
} from '../../../contract/users';
import { forbidden } from '../../errors';
import { createUserAccounts, type UserAccountsOptions } from '../../services/userAccounts';
import { ok, requires } from '../reply';

/**
 * Users (DESIGN §3, §8 "Administration"), kept in the identity's user pool: everyone may read their own
 * details; the rest is the admin's.
 */

const tags = ['users'];
const params = z.object({ username: usernameSchema });

export const userRoutes: FastifyPluginAsyncZod<UserAccountsOptions> = async (app, options) => {
  const users = createUserAccounts(options);

  app.get(
    API_PATHS.users,
    {
      config: requires('users', 'list'),
      schema: { tags, querystring: userListQuery, response: { 200: listEnvelope(userSchema) } },
    },
    async (request) => {
      const { rows, total } = await users.listUsers(request.query);
      return { success: true as const, data: rows, total };
    },
  );

  app.get(
    API_PATHS.user(':username'),
    { schema: { tags, params, response: { 200: envelope(userDetailsSchema) } } },
    async (request) => {
      const { username } = request.params;
      if (username !== request.user.username && !canAccess(request.user.roles, 'users', 'show')) {
        throw forbidden('You may only read your own details.');
      }
      const user = await users.readUser(username);
      return ok({ ...user, roles: rolesFromGroups(user.groups) });
    },
  );

  app.post(
    API_PATHS.users,
    {
      config: requires('users', 'create'),
      schema: { tags, body: inviteUserSchema, response: { 201: envelope(userSchema) } },
    },
    async (request, reply) =>
      reply.code(201).send(ok(await users.inviteUser(request.user.username, request.body))),
  );

  app.patch(
    API_PATHS.user(':username'),
    {
      config: requires('users', 'edit'),
      schema: { tags, params, body: userEditSchema, response: { 200: envelope(userSchema) } },
    },
    async (request) =>
      ok(await users.updateUser(request.user.username, request.params.username, request.body)),
  );

  app.put(
    API_PATHS.userAccessGroups(':username'),
    {
      config: requires('users', 'edit'),
      schema: { tags, params, body: accessGroupsInputSchema, response: { 200: envelope(userSchema) } },
    },
    async (request) =>
      ok(await users.setAccessGroups(request.user.username, request.params.username, request.body.groups)),
  );

  app.put(
    API_PATHS.userToggle(':username'),
    {
      config: requires('users', 'edit'),
      schema: { tags, params, body: userToggleSchema, response: { 200: envelope(userSchema) } },
    },
    async (request) =>
      ok(await users.toggleUser(request.user.username, request.params.username, request.body?.isEnabled)),
  );

  app.post(
    API_PATHS.userSignOut(':username'),
    { config: requires('users', 'edit'), schema: { tags, params, response: { 200: envelope(userSchema) } } },
    async (request) => {
      const reason = 'signed out by an administrator';
      return ok(await users.endSessionsOf(request.user.username, request.params.username, reason));
    },
  );

  app.post(
    API_PATHS.userPasswordReset(':username'),
    { config: requires('users', 'edit'), schema: { tags, params, response: { 200: envelope(userSchema) } } },
    async (request) => ok(await users.resetPassword(request.user.username, request.params.username)),
  );

  app.post(
    API_PATHS.signOutEverywhere,
    { config: { access: 'signed-in' }, schema: { tags, response: { 200: envelope(z.object({})) } } },
    async (request) => {
      await users.endUserSessions(request.user.username, request.user.username, 'signed out everywhere');
      return ok({});
    },
  );
};
