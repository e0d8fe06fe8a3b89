import { LRUCache } from 'lru-cache';
/**
 * What the API knows of each user's account, read on every request: whether they may call it and from when
 * their tokens count (DESIGN §3 sessions). Read through a short cache so a request costs no query; a change
 * made here is seen at once, one made by another instance within `ttlMs`.
 */
export interface AccountState {
  isEnabled: boolean;
  /** Tokens issued before this instant are refused; null: every unexpired token counts. */
  tokensValidAfter: Date | null;
  /** The latest sign-in seen, so each sign-in is recorded once. */
  lastSignInAt: Date | null;
}

export function createAccountCache(ttlMs: number, clock: () => number = Date.now) {
  // Bounded: a flood of distinct (signed) users cannot grow it without limit; the least recent go first.
  const entries = new LRUCache<string, { state: AccountState; readAt: number }>({ max: 10_000 });
  return {
    /** The cached state, if read within the last `ttlMs`. */
    get(username: string): AccountState | undefined {
      const entry = entries.get(username);
      if (!entry) return undefined;
      if (clock() - entry.readAt > ttlMs) {
        entries.delete(username);
        return undefined;
      }
      return entry.state;
    },
    set(username: string, state: AccountState) {
      entries.set(username, { state, readAt: clock() });
    },
    /** Forgets a user after this instance changed their account, so its next request reads the change. */
    forget(username: string) {
      entries.delete(username);
    },
    /** Forgets everyone, after some instance changed an account (a revocation there counts here at once). */
    clear() {
      entries.clear();
    },
  };
}
export type AccountCache = ReturnType<typeof createAccountCache>;
