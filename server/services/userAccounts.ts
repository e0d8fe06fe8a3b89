import type { AccessGroupsInput, User, UserEdit, UserListQuery } from '../../contract/users';
import type { AccountCache } from '../auth/accountCache';
import { recordAudit } from '../db/audit';
import { activeCaseCounts } from '../db/caseTechnologists';
import type { Db } from '../db/database';
import {
  endSessions,
  getAccount,
  listAccounts,
  lockAccount,
  sessionsEndAt,
  sessionsEnded,
  setAccountEnabled,
} from '../db/userAccounts';
import { ownGroupsRefusal, ownToggleRefusal } from '../domain/userAccess';
import { badRequest, conflict, notFound } from '../errors';
import type { TechnologistRoster } from './technologistRoster';
import { isCognitoError, type NewUser, type PoolUser, type UserDirectory } from './userDirectory';

/**
 * Users (DESIGN §3, §8 "Administration"): the identity's user pool is the only user store, managed through
 * the Cognito admin API; `user_accounts` mirrors whether a user is enabled, so a disabled user's next call
 * is refused even with an unexpired token.
 */

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
function pageOfUsers(users: readonly User[], query: UserListQuery) {
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

export interface UserAccountsOptions {
  db: Db;
  directory: UserDirectory;
  roster: TechnologistRoster;
  accounts: AccountCache;
}

/** The users and their accounts; every change is made by `actor` and audited. */
export function createUserAccounts({ db, directory, roster, accounts }: UserAccountsOptions) {
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
  const audit = (actor: string, action: string, username: string, details: Record<string, unknown>) => {
    roster.forget();
    return recordAudit(db, {
      actor,
      action,
      resource: 'users',
      resourceId: username,
      outcome: 'ok',
      details,
    });
  };

  /** A page of the pool's users, with their accounts and active cases. */
  async function listUsers(query: UserListQuery) {
    const [pool, stored, counts] = await Promise.all([
      directory.listUsers(),
      listAccounts(db),
      activeCaseCounts(db),
    ]);
    const users = pool.map((user) => toUser(user, stored.get(user.username), counts.get(user.username) ?? 0));
    return pageOfUsers(users, query);
  }

  /** A new user in the pool (409 when the name is taken, 400 when the identity refuses it). */
  async function inviteUser(actor: string, invite: NewUser) {
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
    await audit(actor, 'user.invite', invite.username, { groups: invite.groups });
    return readUser(invite.username);
  }

  async function updateUser(actor: string, username: string, edit: UserEdit) {
    await requireUser(username);
    await directory.updateUser(username, edit);
    // Which fields changed, not their values: names stay out of the audit log.
    await audit(actor, 'user.update', username, { fields: Object.keys(edit) });
    return readUser(username);
  }

  async function setAccessGroups(actor: string, username: string, groups: AccessGroupsInput['groups']) {
    const user = await requireUser(username);
    const refusal = ownGroupsRefusal(actor, username, { from: user.groups, to: groups });
    if (refusal) throw conflict(refusal);
    await directory.setGroups(username, user.groups, groups);
    const [from, to] = [[...user.groups].sort(), [...groups].sort()];
    await audit(actor, 'user.access-groups', username, { from, to });
    // A token carries the groups it was issued with: it must not outlive them.
    if (from.join() !== to.join()) await endUserSessions(actor, username, 'groups changed');
    return readUser(username);
  }

  /** Enables or disables a user (flips them when `isEnabled` is left out). */
  async function toggleUser(actor: string, username: string, isEnabledWanted: boolean | undefined) {
    const refusal = ownToggleRefusal(actor, username);
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
      const wanted = isEnabledWanted ?? !isEnabled;
      if (account.isEnabled !== wanted) await setAccountEnabled(tx, username, wanted);
      // A disabled user's sessions end for good: enabling them again does not revive an old token.
      if (isEnabled && !wanted) {
        await endSessions(tx, username, at);
        ended = true;
      }
      if (isEnabled !== wanted) {
        await recordAudit(tx, {
          actor,
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
    return readUser(username);
  }

  /** Ends a user's sessions for `reason`, after `before` (a password reset, say), and answers the user. */
  async function endSessionsOf(
    actor: string,
    username: string,
    reason: string,
    before?: () => Promise<void>,
  ) {
    await requireUser(username);
    await before?.();
    await endUserSessions(actor, username, reason);
    return readUser(username);
  }

  return {
    readUser,
    listUsers,
    inviteUser,
    updateUser,
    setAccessGroups,
    toggleUser,
    endSessionsOf,
    endUserSessions,
    resetPassword: (actor: string, username: string) =>
      endSessionsOf(actor, username, 'password reset by an administrator', () =>
        directory.resetPassword(username),
      ),
  };
}
