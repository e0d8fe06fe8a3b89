import type { CurrentUser } from '../../contract/chrome';
import { DEFAULT_PER_PAGE } from '../../contract/list';
import { API_PATHS } from '../../contract/paths';
import { isRole, rolesFromGroups } from '../../contract/roles';
import {
  accessGroupsInputSchema,
  inviteUserSchema,
  type User,
  userEditSchema,
  userToggleSchema,
} from '../../contract/users';
import { toHttpError } from '../../src/dataProvider/httpClient';
import { accessDenied, buildUser } from './fakeApi';
import { conflict, type FakeRequest, now, type Result, type Row, validate } from './fakeApiRules';
import type { FakeHandler } from './HandlersHarness';

/**
 * The identity's user pool in memory (DESIGN §8 "Administration"), for stories and component tests, with
 * the server's rules and messages: only an admin lists, invites, edits, regroups and toggles users; nobody
 * disables themselves or drops their own admin group; an invited user must set a password.
 */

export interface UsersSeed {
  users: User[];
}

const buildPoolUser = (overrides: Partial<User> = {}): User => ({
  username: 'priya',
  name: 'Priya Raman',
  email: 'priya.raman@example.org',
  credentials: '',
  groups: ['technologist'],
  isEnabled: true,
  status: 'CONFIRMED',
  activeCases: 4,
  lastSignInAt: '2026-03-10T06:55:00.000Z',
  createdAt: '2025-09-01T12:00:00.000Z',
  ...overrides,
});

/**
 * The monitoring service's staff: Ada Lovelace (`ada`, the stories' signed-in admin), the technologists of
 * the cases fixtures (Priya holds 4 active cases, Marcus 3, Lena 1; Omar is disabled), a reader, billing
 * staff, and `new.tech-1`, invited and not signed in yet.
 */
export const usersSeed: UsersSeed = {
  users: [
    buildPoolUser({
      username: 'ada',
      name: 'Ada Lovelace',
      email: 'ada@example.org',
      groups: ['admin'],
      activeCases: 0,
      lastSignInAt: '2026-03-10T07:30:00.000Z',
      createdAt: '2025-06-01T09:00:00.000Z',
    }),
    buildPoolUser({
      username: 'bianca',
      name: 'Bianca Moreau',
      email: 'bianca.moreau@example.org',
      groups: ['billing'],
      activeCases: 0,
      lastSignInAt: '2026-03-02T15:10:00.000Z',
    }),
    buildPoolUser({
      username: 'lena',
      name: 'Lena Okonkwo',
      email: 'lena.okonkwo@example.org',
      activeCases: 1,
      lastSignInAt: '2026-03-09T07:45:00.000Z',
    }),
    buildPoolUser({
      username: 'marcus',
      name: 'Marcus Bell',
      email: 'marcus.bell@example.org',
      groups: ['reader', 'technologist'],
      activeCases: 3,
      lastSignInAt: '2026-03-10T05:20:00.000Z',
    }),
    buildPoolUser({
      username: 'new.tech-1',
      name: 'Nia Adeyemi',
      email: 'nia.adeyemi@example.org',
      status: 'FORCE_CHANGE_PASSWORD',
      activeCases: 0,
      lastSignInAt: null,
      createdAt: '2026-03-09T16:00:00.000Z',
    }),
    buildPoolUser({
      username: 'omar',
      name: 'Omar Haddad',
      email: 'omar.haddad@example.org',
      isEnabled: false,
      activeCases: 0,
      lastSignInAt: '2026-01-28T22:05:00.000Z',
    }),
    buildPoolUser(),
    buildPoolUser({
      username: 'rhea',
      name: 'Rhea Patel',
      email: 'rhea.patel@example.org',
      credentials: 'MD, FACNS',
      groups: ['reader'],
      activeCases: 0,
      lastSignInAt: '2026-03-08T11:00:00.000Z',
    }),
  ],
};

/** The stories' admin, who is `ada` in the pool. */
export const poolAdmin = buildUser();

const USER_PATH = new RegExp(`^${API_PATHS.user('([^/]+)')}$`);
const GROUPS_PATH = new RegExp(`^${API_PATHS.userAccessGroups('([^/]+)')}$`);
const TOGGLE_PATH = new RegExp(`^${API_PATHS.userToggle('([^/]+)')}$`);
/** Ending a user's sessions (an admin's sign-out or password reset): the user answers as they are. */
const SESSION_PATH = /^\/users\/([^/]+)\/(?:sign-out|password-reset)$/;

const notFound = (username: string) => toHttpError(404, { error: `User ${username} not found` });

/** The server's list: `q` in username, name or email; sorted (never-signed-in first), then by username; paged. */
function listUsers(users: readonly User[], query: Row = {}): Result {
  const needle = String(query.q ?? '').toLocaleLowerCase();
  const matching = users.filter((user) =>
    [user.username, user.name, user.email].some((text) => text.toLocaleLowerCase().includes(needle)),
  );
  const sort = String(query.sort ?? 'username') as keyof User;
  const direction = query.order === 'DESC' ? -1 : 1;
  matching.sort((a, b) => {
    const [x, y] = [a[sort] ?? '', b[sort] ?? ''];
    const compared =
      typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    return direction * compared || a.username.localeCompare(b.username);
  });
  const perPage = Number(query.perPage ?? DEFAULT_PER_PAGE);
  const start = (Number(query.page ?? 1) - 1) * perPage;
  return { data: matching.slice(start, start + perPage), total: matching.length };
}

export function fakeUsersHandler(seed: UsersSeed, me: CurrentUser = poolAdmin): FakeHandler {
  const users = structuredClone(seed.users);
  const isAdmin = rolesFromGroups(me.roles).includes('admin');
  const userNamed = (username: string) => {
    const found = users.find((user) => user.username === username);
    if (!found) throw notFound(username);
    return found;
  };
  const replace = (user: User) => {
    users[users.findIndex((found) => found.username === user.username)] = user;
    return { data: user };
  };

  function invite(body: unknown): Result {
    const input = validate(inviteUserSchema, body);
    if (users.some((user) => user.username === input.username))
      throw conflict(`A user named ${input.username} already exists`);
    const user: User = {
      username: input.username,
      name: input.name,
      email: input.email,
      credentials: input.credentials,
      groups: [...input.groups].sort(),
      isEnabled: true,
      status: 'FORCE_CHANGE_PASSWORD',
      activeCases: 0,
      lastSignInAt: null,
      createdAt: now(),
    };
    users.push(user);
    return { data: user };
  }

  function edit(username: string, body: unknown): Result {
    const user = userNamed(username);
    const changes = validate(userEditSchema, body);
    return replace({ ...user, ...changes });
  }

  function setGroups(username: string, body: unknown): Result {
    const user = userNamed(username);
    const { groups } = validate(accessGroupsInputSchema, body);
    if (username === me.username && user.groups.includes('admin') && !groups.includes('admin'))
      throw conflict(
        'You cannot remove your own admin group: another administrator must do it, so the service always keeps one.',
      );
    return replace({ ...user, groups: [...groups].sort() });
  }

  function toggle(username: string, body: unknown): Result {
    if (username === me.username)
      throw conflict('You cannot disable yourself: another administrator must do it.');
    const user = userNamed(username);
    const wanted = validate(userToggleSchema, body)?.isEnabled ?? !user.isEnabled;
    return replace({ ...user, isEnabled: wanted });
  }

  return ({ method, path, query, body }: FakeRequest) => {
    const [, user] = USER_PATH.exec(path) ?? [];
    if (user && method === 'GET') {
      const username = decodeURIComponent(user);
      if (username !== me.username && !isAdmin)
        throw toHttpError(403, { error: 'You may only read your own details.' });
      const found = userNamed(username);
      return { data: { ...found, roles: found.groups.filter(isRole) } };
    }
    const [, regrouped] = GROUPS_PATH.exec(path) ?? [];
    const [, toggled] = TOGGLE_PATH.exec(path) ?? [];
    const edited = user && method === 'PATCH';
    const [, ended] = (method === 'POST' && SESSION_PATH.exec(path)) || [];
    const isUsersCall = path === API_PATHS.users || regrouped || toggled || edited || ended;
    if (!isUsersCall) return undefined;
    if (!isAdmin) throw accessDenied();
    if (edited) return edit(decodeURIComponent(user), body);
    if (path === API_PATHS.users && method === 'GET') return listUsers(users, query);
    if (path === API_PATHS.users && method === 'POST') return invite(body);
    if (regrouped && method === 'PUT') return setGroups(decodeURIComponent(regrouped), body);
    if (toggled && method === 'PUT') return toggle(decodeURIComponent(toggled), body);
    if (ended) return { data: userNamed(decodeURIComponent(ended)) };
    return undefined;
  };
}
