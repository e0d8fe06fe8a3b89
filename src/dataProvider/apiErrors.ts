import { useSyncExternalStore } from 'react';

type Listener = () => void;

let errors: readonly string[] = [];
const listeners = new Set<Listener>();

/** The shared list of API errors (spec §8): every `error` the API answers is recorded here. */
export const apiErrors = {
  list: (): readonly string[] => errors,
  push(message: string) {
    errors = [...errors, message];
    for (const listener of listeners) listener();
  },
  clear() {
    errors = [];
    for (const listener of listeners) listener();
  },
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

export const useApiErrors = () => useSyncExternalStore(apiErrors.subscribe, apiErrors.list);
