import { type ComponentType, createElement, lazy, useState } from 'react';
import type { Preloadable } from './preloadable';
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

/**
 * `lazyWithReload` over a chunk loaded ahead (the page's chunks while the user signs in): once it has
 * arrived, the component renders at once instead of suspending. A boundary that suspends shows its
 * fallback, and React holds back the content that replaces a fallback for up to 300 ms, so each lazy
 * layer on the first screen cost up to that much after the data was in (issue 20, sign-in → home).
 */
export function lazyPreloaded<M, P extends object>(
  chunk: Preloadable<M>,
  pick: (module: M) => ComponentType<P>,
) {
  const Lazy = lazyWithReload(() => chunk().then((module) => ({ default: pick(module) })));
  const Preloaded = (props: P) => {
    // Decided once per mount: switching from the lazy component to the loaded one would remount it.
    const [Ready] = useState(() => {
      const module = chunk.loaded?.();
      return module === undefined ? undefined : pick(module);
    });
    return Ready ? createElement(Ready, props) : createElement(Lazy as ComponentType<P>, props);
  };
  return Preloaded;
}
