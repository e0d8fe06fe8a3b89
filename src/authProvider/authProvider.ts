import { getCurrentUser, signOut } from 'aws-amplify/auth';
import type { AuthProvider, UserIdentity } from 'react-admin';
import type { CurrentUser } from '../../contract/chrome';
import { PAGE_PATHS } from '../../contract/paths';
import { apiErrors } from '../dataProvider/apiErrors';
import { clearWarm } from '../dataProvider/warmStart';
import { canAccessResource } from './roleResource';
import { currentTokens, rolesFromPayload } from './session';

export interface AuthProviderOptions {
  /** GET /users/{username}: the name shown in the user menu. */
  getUser: (username: string) => Promise<CurrentUser>;
}

/** A missing session; react-admin sends the user to `redirectTo`, the sign-in gate (spec §2). */
class SignedOut extends Error {
  readonly redirectTo = PAGE_PATHS.signIn;
}

async function requireTokens() {
  const tokens = await currentTokens();
  if (!tokens?.idToken) throw new SignedOut('User needs to be authenticated to call this API.');
  return tokens;
}

async function roles() {
  const tokens = await currentTokens();
  return rolesFromPayload(tokens?.idToken?.payload);
}

async function fullName(getUser: AuthProviderOptions['getUser'], username: string, fallback: unknown) {
  try {
    return (await getUser(username)).name;
  } catch {
    return typeof fallback === 'string' ? fallback : username;
  }
}

/** react-admin's auth provider over Amplify; the sign-in itself happens in the Authenticator (LoginPage). */
export function createAuthProvider({ getUser }: AuthProviderOptions): AuthProvider {
  return {
    // The Authenticator has signed the user in; this only confirms there is a session.
    login: async () => {
      await requireTokens();
    },
    // After signing out, react-admin goes to the returned path: the sign-in gate.
    logout: async () => {
      // The next user of this browser sees neither these errors nor answers read for this one.
      apiErrors.clear();
      clearWarm();
      await signOut();
      return PAGE_PATHS.signIn;
    },
    checkAuth: async () => {
      await requireTokens();
    },
    checkError: async (error: { status?: number }) => {
      if (error?.status === 401) throw error;
    },
    async getIdentity(): Promise<UserIdentity> {
      const [{ username }, tokens] = await Promise.all([getCurrentUser(), requireTokens()]);
      return { id: username, fullName: await fullName(getUser, username, tokens.idToken?.payload.name) };
    },
    getPermissions: roles,
    canAccess: async ({ resource, action }) => canAccessResource(await roles(), resource, action),
  };
}
