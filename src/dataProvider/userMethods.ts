import { API_PATHS } from '../../contract/paths';
import type { Role } from '../../contract/roles';
import type { User, UserEdit } from '../../contract/users';
import type { HttpClient } from './httpClient';

/**
 * The users' writes (DESIGN §8 "Administration", admins only); the list and a user's details are read
 * through `getList` / `getOne` on the `users` resource, keyed by username, and an invitation is a `create`
 * there (201, status FORCE_CHANGE_PASSWORD; the identity e-mails a temporary password; 409 when the
 * username is taken).
 */
export function userMethods(httpClient: HttpClient) {
  const put = async (path: string, body?: unknown) =>
    (await httpClient<User>(path, { method: 'PUT', body })).data;
  const post = async (path: string) => (await httpClient<User>(path, { method: 'POST' })).data;
  return {
    /** Ends every session of the user on every device: their next call asks them to sign in again. */
    signOutUser: (username: string) => post(API_PATHS.userSignOut(encodeURIComponent(username))),
    /** The user's password stops working; they set a new one with a code sent to their email. */
    resetUserPassword: (username: string) => post(API_PATHS.userPasswordReset(encodeURIComponent(username))),
    /** Ends every session of the caller's own, on every device (this one too). */
    signOutEverywhere: async () => {
      await httpClient(API_PATHS.signOutEverywhere, { method: 'POST' });
    },
    /** Changes the user's name and credentials (a field left out keeps its value). */
    updateUser: async (username: string, changes: UserEdit) =>
      (
        await httpClient<User>(API_PATHS.user(encodeURIComponent(username)), {
          method: 'PATCH',
          body: changes,
        })
      ).data,
    /** Replaces the user's whole set of access groups; 409 when admins would drop their own admin group. */
    setUserGroups: (username: string, groups: readonly Role[]) =>
      put(API_PATHS.userAccessGroups(encodeURIComponent(username)), { groups }),
    /**
     * Enables or disables the user as wanted (never oneself: 409); asking for the state they are in changes
     * nothing. Answers the user as now.
     */
    setUserEnabled: (username: string, isEnabled: boolean) =>
      put(API_PATHS.userToggle(encodeURIComponent(username)), { isEnabled }),
  };
}
