import { fetchAuthSession } from 'aws-amplify/auth';
import { type Role, rolesFromGroups } from '../../contract/roles';

/**
 * The current session. Amplify refreshes an expired access token by itself; `forceRefresh` is used on
 * window focus (spec §4). When the session cannot be refreshed there are no tokens.
 */
export async function currentTokens(forceRefresh = false) {
  const { tokens } = await fetchAuthSession({ forceRefresh });
  return tokens;
}

/** The id token the API takes; `forceRefresh` renews it first (a call refused 401 tries once more with it). */
export async function idToken(forceRefresh = false): Promise<string | undefined> {
  return (await currentTokens(forceRefresh))?.idToken?.toString();
}

/** Roles are the id token's `cognito:groups` (DESIGN §3). */
export function rolesFromPayload(payload: Record<string, unknown> | undefined): Role[] {
  const groups = payload?.['cognito:groups'];
  return rolesFromGroups(Array.isArray(groups) ? groups.map(String) : undefined);
}

/** Amplify reports a lost connection as `NetworkError`; only then is a failed refresh not a sign-out. */
export const isNetworkError = (error: unknown) => error instanceof Error && error.name === 'NetworkError';
