import { API_PATHS } from '../../contract/paths';
import { canAccess, type Role } from '../../contract/roles';
import { homeReads } from '../dashboard/homeWidgets';
import { warmStart } from '../dataProvider/warmStart';
import { currentTokens, rolesFromPayload } from './session';

/**
 * The reads of the first screen after sign-in, as the HTTP client's URLs: the menu, the page's breadcrumbs,
 * the user's name, home's reads when the page is home, and the app bar's attention items for those who
 * watch the board (every read the screen makes, so that none waits for the app to render: issue 35, item 5).
 */
export function firstScreenReads(apiUrl: string, page: string, username: string, roles: readonly Role[]) {
  const queryPath = page.split('?')[0] || '/';
  return [
    API_PATHS.chrome,
    `${API_PATHS.breadcrumbs}?${new URLSearchParams({ queryPath })}`,
    API_PATHS.user(encodeURIComponent(username)),
    ...(queryPath === '/' ? homeReads(roles) : []),
    ...(canAccess(roles, 'operations', 'list') ? [API_PATHS.attention] : []),
  ].map((path) => `${apiUrl}${path}`);
}

/** Asks for the first screen's reads as soon as sign-in has stored its tokens (see warmStart). */
export async function warmFirstScreen(apiUrl: string, page: string) {
  const idToken = (await currentTokens())?.idToken;
  const username = idToken?.payload['cognito:username'];
  if (!idToken || typeof username !== 'string') return;
  warmStart(firstScreenReads(apiUrl, page, username, rolesFromPayload(idToken.payload)), idToken.toString());
}
