/**
 * spec §9: a failed chunk load reloads the page, at most once per 10 s. Apart from `lazyWithReload` so that
 * the entry, which loads before React, can use it.
 */
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
