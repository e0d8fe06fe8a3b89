/* No React here: the entry, which holds none, makes its chunks preloadable (see lazyPreloaded). */

/** A chunk loaded once, however often it is asked for, that says whether it has arrived. */
export type Preloadable<M> = (() => Promise<M>) & { loaded?: () => M | undefined };

/** Makes `load` a Preloadable: the first call loads, the others share it; a failure may be tried again. */
export function preloadable<M>(load: () => Promise<M>): Preloadable<M> {
  let loading: Promise<M> | undefined;
  let module: M | undefined;
  const start = () => {
    loading ??= load().then(
      (loaded) => {
        module = loaded;
        return loaded;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  return Object.assign(start, { loaded: () => module });
}
