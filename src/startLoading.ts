import { reloadOnce } from './lazyWithReload';

/**
 * What the first paint waits for, fetched side by side instead of one after another (issue 20, item 8):
 * the entry holds only React and this shell; the app (react-admin, MUI, Amplify) is a chunk of its own,
 * requested at once with /config.json, and for someone not signed in the sign-in page's chunk
 * (Amplify UI's Authenticator) too, rather than after the app has found there is no session.
 */

/** The app chunk: react-admin, MUI, the routes; and Amplify's configuration, which it needs first. */
export const loadApp = () => import('./App');
/** The sign-in page's chunk; `LazyLoginPage` imports the same module, so a started load is reused. */
export const loadLoginPage = () => import('./authProvider/LoginPage');

/** Amplify keeps a signed-in user as `CognitoIdentityServiceProvider.{clientId}.LastAuthUser`. */
export function hasStoredSession(storage: Pick<Storage, 'length' | 'key'> = window.localStorage): boolean {
  try {
    for (let index = 0; index < storage.length; index++) {
      const key = storage.key(index);
      if (key?.startsWith('CognitoIdentityServiceProvider.') && key.endsWith('.LastAuthUser')) return true;
    }
  } catch {
    // storage blocked: Amplify cannot keep a session either
  }
  return false;
}

/**
 * Starts loading the app, and the sign-in page when no session is stored; answers the app's module. A
 * chunk that fails to load (a deployment removed it) reloads the page once, as `lazyWithReload` does.
 */
export function startLoading(
  signedIn = hasStoredSession(),
  load: { app: typeof loadApp; loginPage: typeof loadLoginPage } = { app: loadApp, loginPage: loadLoginPage },
): ReturnType<typeof loadApp> {
  // Its failure shows when the page itself is loaded (lazyWithReload); nothing to do here.
  if (!signedIn) load.loginPage().catch(() => undefined);
  return load.app().catch((error: unknown) => {
    if (reloadOnce()) return new Promise<never>(() => undefined); // the page is going away
    throw error;
  });
}
