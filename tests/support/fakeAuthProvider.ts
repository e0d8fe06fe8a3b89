import type { AuthProvider } from 'react-admin';
import type { CurrentUser } from '../../contract/chrome';
import { rolesFromGroups } from '../../contract/roles';
import { canAccessResource } from '../../src/authProvider/roleResource';

/** A signed-in user without Cognito, for stories and component tests. */
export function fakeAuthProvider(user: CurrentUser): AuthProvider {
  const roles = rolesFromGroups(user.roles);
  return {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getIdentity: async () => ({ id: user.username, fullName: user.name }),
    getPermissions: async () => roles,
    canAccess: async ({ resource, action }) => canAccessResource(roles, resource, action),
  };
}
