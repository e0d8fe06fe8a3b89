import { type ComponentType, lazy } from 'react';

/** spec §9: a failed chunk load reloads the page, at most once per 10 s. */
export const RELOAD_GUARD_MS = 10_000;
export const RELOAD_KEY = 'vigil:chunk-reload-at';

/** Reloads unless the last reload for this reason was under 10 s ago; says whether it reloaded. */
export function reloadOnce(
  storage: Pick<Storage, 'getItem' | 'setItem'> = window.sessionStorage,
  reload: () => void = () => window.location.reload(),
  now = Date.now(),
): boolean {
  const last = Number(storage.getItem(RELOAD_KEY) ?? 0);
  if (now - last < RELOAD_GUARD_MS) return false;
  storage.setItem(RELOAD_KEY, String(now));
  reload();
  return true;
}

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
