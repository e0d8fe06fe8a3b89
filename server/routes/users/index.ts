import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../../contract/envelope';
import { listEnvelope } from '../../../contract/list';
import { API_PATHS } from '../../../contract/paths';
import { canAccess, rolesFromGroups } from '../../../contract/roles';
import {
  accessGroupsInputSchema,
  inviteUserSchema,
  type User,
  type UserListQuery,
  userDetailsSchema,
  userEditSchema,
  userListQuery,
  usernameSchema,
  userSchema,
  userToggleSchema,
} from '../../../contract/users';
import type { AccountCache } from '../../auth/accountCache';
import { recordAudit } from '../../db/audit';
import { activeCaseCounts } from '../../db/caseTechnologists';
import type { Db } from '../../db/database';
import {
  endSessions,
  getAccount,
  listAccounts,
  lockAccount,
  sessionsEndAt,
  sessionsEnded,
  setAccountEnabled,
} from '../../db/userAccounts';
import { ownGroupsRefusal, ownToggleRefusal } from '../../domain/userAccess';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import type { TechnologistRoster } from '../../services/technologistRoster';
import { isCognitoError, type PoolUser, type UserDirectory } from '../../services/userDirectory';
import { ok, requires } from '../reply';

/**
 * Users (DESIGN §3, §8 "Administration"): the identity's user pool is the only user store, managed through
 * the Cognito admin API; `user_accounts` mirrors whether a user is enabled, so a disabled user's next call
 * is refused even with an unexpired token. Everyone may read their own details; the rest is the admin's.
 */

const tags = ['users'];
const params = z.object({ username: usernameSchema });

type Account = Awaited<ReturnType<typeof getAccount>> | undefined;

/** A directory user as the API shows them: enabled only when both the pool and the API's mirror say so. */
function toUser(user: PoolUser, account: Account, activeCases: number): User {
  return {
    username: user.username,
    name: user.name,
    email: user.email,
    credentials: user.credentials,
    groups: [...user.groups].sort(),
    isEnabled: user.isEnabled && (account?.isEnabled ?? true),
    status: user.status,
    activeCases,
    lastSignInAt: account?.lastSignInAt?.toISOString() ?? null,
    createdAt: user.createdAt,
  };
}

const SORT_KEYS: Record<UserListQuery['sort'], (user: User) => string | number> = {
  username: (user) => user.username,
  name: (user) => user.name,
  status: (user) => user.status,
  activeCases: (user) => user.activeCases,
  lastSignInAt: (user) => user.lastSignInAt ?? '',
};

/** Sorts, filters and pages the pool's users (a pool holds hundreds, not millions: done here). */
export function pageOfUsers(users: readonly User[], query: UserListQuery) {
  const needle = query.q?.toLocaleLowerCase();
  const matching = needle
    ? users.filter((user) =>
        [user.username, user.name, user.email].some((text) => text.toLocaleLowerCase().includes(needle)),
      )
    : [...users];
  const key = SORT_KEYS[query.sort];
  const direction = query.order === 'ASC' ? 1 : -1;
  matching.sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    const compared =
      typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    return direction * compared || a.username.localeCompare(b.username);
  });
  const start = (query.page - 1) * query.perPage;
  return { rows: matching.slice(start, start + query.perPage), total: matching.length };
}

export const userRoutes: FastifyPluginAsyncZod<{
  db: Db;
  directory: UserDirectory;
  roster: TechnologistRoster;
  accounts: AccountCache;
}> = async (app, { db, directory, roster, accounts }) => {
  /** The pool's user, or a 404 for an unknown username. */
  async function requireUser(username: string) {
    const user = await directory.getUser(username);
    if (!user) throw notFound(`User ${username} not found`);
    return user;
  }

  /** One user, read afresh from the pool, with the API's account and their active cases. */
  async function readUser(username: string): Promise<User> {
    const [user, account, counts] = await Promise.all([
      requireUser(username),
      getAccount(db, username),
      activeCaseCounts(db),
    ]);
    return toUser(user, account, counts.get(username) ?? 0);
  }

  /**
   * Ends every session of a user (DESIGN §3): their tokens are refused from now on (this instance at once,
   * the others within the account cache's life) and Cognito stops renewing them.
   */
  async function endUserSessions(actor: string, username: string, reason: string) {
    const at = sessionsEndAt();
    await db.transaction(async (tx) => {
      await endSessions(tx, username, at);
      await recordAudit(tx, {
        actor,
        action: 'user.sessions-ended',
        resource: 'users',
        resourceId: username,
        outcome: 'ok',
        details: { reason },
      });
    });
    accounts.forget(username);
    await directory.signOutEverywhere(username);
    await sessionsEnded(at);
  }

  /** Records an admin's change of a user; the cached lists of technologists and readers are read afresh. */
  const audit = (
    request: FastifyRequest,
    action: string,
    username: string,
    details: Record<string, unknown>,
  ) => {
    roster.forget();
    return recordAudit(db, {
      actor: request.user.username,
      action,
      resource: 'users',
      resourceId: username,
      outcome: 'ok',
      details,
    });
  };

  app.get(
    API_PATHS.users,
    {
      config: requires('users', 'list'),
      schema: { tags, querystring: userListQuery, response: { 200: listEnvelope(userSchema) } },
    },
    async (request) => {
      const [pool, accounts, counts] = await Promise.all([
        directory.listUsers(),
        listAccounts(db),
        activeCaseCounts(db),
      ]);
      const users = pool.map((user) =>
        toUser(user, accounts.get(user.username), counts.get(user.username) ?? 0),
      );
      const { rows, total } = pageOfUsers(users, request.query);
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
      const user = await readUser(username);
      return ok({ ...user, roles: rolesFromGroups(user.groups) });
    },
  );

  app.post(
    API_PATHS.users,
    {
      config: requires('users', 'create'),
      schema: { tags, body: inviteUserSchema, response: { 201: envelope(userSchema) } },
    },
    async (request, reply) => {
      const invite = request.body;
      try {
        await directory.inviteUser(invite);
      } catch (error) {
        if (isCognitoError(error, 'UsernameExistsException')) {
          throw conflict(`A user named ${invite.username} already exists`);
        }
        if (isCognitoError(error, 'InvalidParameterException')) {
          throw badRequest('The identity refused the new user', [
            { field: 'username', message: (error as Error).message },
          ]);
        }
        throw error;
      }
      // Names and e-mail addresses stay out of the audit log; the username and groups identify the change.
      await audit(request, 'user.invite', invite.username, { groups: invite.groups });
      return reply.code(201).send(ok(await readUser(invite.username)));
    },
  );

  app.patch(
    API_PATHS.user(':username'),
    {
      config: requires('users', 'edit'),
      schema: { tags, params, body: userEditSchema, response: { 200: envelope(userSchema) } },
    },
    async (request) => {
      const { username } = request.params;
      await requireUser(username);
      await directory.updateUser(username, request.body);
      // Which fields changed, not their values: names stay out of the audit log.
      await audit(request, 'user.update', username, { fields: Object.keys(request.body) });
      return ok(await readUser(username));
    },
  );

  app.put(
    API_PATHS.userAccessGroups(':username'),
    {
      config: requires('users', 'edit'),
      schema: { tags, params, body: accessGroupsInputSchema, response: { 200: envelope(userSchema) } },
    },
    async (request) => {
      const { username } = request.params;
      const { groups } = request.body;
      const user = await requireUser(username);
      const refusal = ownGroupsRefusal(request.user.username, username, { from: user.groups, to: groups });
      if (refusal) throw conflict(refusal);
      await directory.setGroups(username, user.groups, groups);
      const [from, to] = [[...user.groups].sort(), [...groups].sort()];
      await audit(request, 'user.access-groups', username, { from, to });
      // A token carries the groups it was issued with: it must not outlive them.
      if (from.join() !== to.join()) await endUserSessions(request.user.username, username, 'groups changed');
      return ok(await readUser(username));
    },
  );

  app.put(
    API_PATHS.userToggle(':username'),
    {
      config: requires('users', 'edit'),
      schema: { tags, params, body: userToggleSchema, response: { 200: envelope(userSchema) } },
    },
    async (request) => {
      const { username } = request.params;
      const refusal = ownToggleRefusal(request.user.username, username);
      if (refusal) throw conflict(refusal);
      // The account's row lock serialises every toggle of this user: each reads the state the previous one
      // left, so parallel calls neither lose a flip nor record a change that did not happen. The mirror and
      // the pool change together: a refused pool call rolls the mirror back.
      const at = sessionsEndAt();
      let ended = false;
      await db.transaction(async (tx) => {
        const account = await lockAccount(tx, username);
        const user = await requireUser(username);
        const isEnabled = user.isEnabled && account.isEnabled;
        const wanted = request.body?.isEnabled ?? !isEnabled;
        if (account.isEnabled !== wanted) await setAccountEnabled(tx, username, wanted);
        // A disabled user's sessions end for good: enabling them again does not revive an old token.
        if (isEnabled && !wanted) {
          await endSessions(tx, username, at);
          ended = true;
        }
        if (isEnabled !== wanted) {
          await recordAudit(tx, {
            actor: request.user.username,
            action: wanted ? 'user.enable' : 'user.disable',
            resource: 'users',
            resourceId: username,
            outcome: 'ok',
            details: {},
          });
        }
        if (user.isEnabled !== wanted) await directory.setEnabled(username, wanted);
      });
      accounts.forget(username);
      roster.forget();
      if (ended) await sessionsEnded(at);
      return ok(await readUser(username));
    },
  );

  app.post(
    API_PATHS.userSignOut(':username'),
    {
      config: requires('users', 'edit'),
      schema: { tags, params, response: { 200: envelope(userSchema) } },
    },
    async (request) => {
      const { username } = request.params;
      await requireUser(username);
      await endUserSessions(request.user.username, username, 'signed out by an administrator');
      return ok(await readUser(username));
    },
  );

  app.post(
    API_PATHS.userPasswordReset(':username'),
    {
      config: requires('users', 'edit'),
      schema: { tags, params, response: { 200: envelope(userSchema) } },
    },
    async (request) => {
      const { username } = request.params;
      await requireUser(username);
      await directory.resetPassword(username);
      await endUserSessions(request.user.username, username, 'password reset by an administrator');
      return ok(await readUser(username));
    },
  );

  app.post(
    API_PATHS.signOutEverywhere,
    { config: { access: 'signed-in' }, schema: { tags, response: { 200: envelope(z.object({})) } } },
    async (request) => {
      await endUserSessions(request.user.username, request.user.username, 'signed out everywhere');
      return ok({});
    },
  );
};
