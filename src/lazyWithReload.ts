import { type ComponentType, lazy } from 'react';
import { reloadOnce } from './reloadOnce';

export { RELOAD_GUARD_MS, RELOAD_KEY, reloadOnce } from './reloadOnce';

/**
 * `React.lazy` for route chunks and heavy pages: after a deployment the old chunk files are gone, so a
 * failed import reloads the page (and so the new index.html) instead of failing; a second failure within
 * the guard is thrown to the error page.
 */
// biome-ignore lint/suspicious/noExplicitAny: the same constraint as React.lazy's; T keeps the props type
export function lazyWithReload<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazy(() =>
    load().catch((error: unknown) => {
      if (reloadOnce()) return new Promise<never>(() => undefined); // the page is going away
      throw error;
    }),
  );
}
