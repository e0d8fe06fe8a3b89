import { useSyncExternalStore } from 'react';

type Listener = () => void;

/** One error the API answered: when it arrived, its message and status. */
export interface ApiErrorEntry {
  /** Its place in the order of arrival since the page loaded. */
  id: number;
  at: Date;
  message: string;
  status: number;
}

/** The list keeps the latest errors only: it is for reading what just went wrong, not a log. */
const API_ERRORS_KEPT = 50;

let errors: readonly ApiErrorEntry[] = [];
let arrived = 0;
const listeners = new Set<Listener>();

const changed = (next: readonly ApiErrorEntry[]) => {
  errors = next;
  for (const listener of listeners) listener();
};

/**
 * The shared list of API errors (spec §8): every `error` the API answers is recorded here, oldest first,
 * in this browser tab's memory only (never stored, never sent), and emptied at sign-out.
 */
export const apiErrors = {
  list: (): readonly ApiErrorEntry[] => errors,
  push(message: string, status: number, at = new Date()) {
    arrived += 1;
    changed([...errors, { id: arrived, at, message, status }].slice(-API_ERRORS_KEPT));
  },
  clear() {
    if (errors.length) changed([]);
  },
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

export const useApiErrors = () => useSyncExternalStore(apiErrors.subscribe, apiErrors.list);
