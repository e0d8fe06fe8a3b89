/**
 * Reads whose answer is the same for every caller allowed to make them (the operations board, the hours
 * summary of a range), computed once for everyone asking within `maxAgeMs` instead of once per caller. The
 * board is left open on every technologist's screen and read again every 30 s; the summary is opened by
 * every billing clerk at the start of a month.
 *
 * Any write this process makes (`changed()`, called for every API call that is not a read) drops every kept
 * answer, so whoever changes something and reads again sees the change. A write made by another instance
 * on the same PostgreSQL shows here within `maxAgeMs`. Callers asking while an answer is being computed
 * wait for that one; a failed computation is not kept.
 */
export class SharedReads {
  private version = 0;
  private readonly kept = new Map<string, { version: number; at: number; answer: Promise<unknown> }>();

  constructor(
    private readonly maxAgeMs: number,
    private readonly now: () => number = Date.now,
    /** More keys than this (ranges asked for) and all are dropped: a bound, not an eviction policy. */
    private readonly maxKeys = 64,
  ) {}

  /** Something may have changed: every kept answer is dropped. */
  changed(): void {
    this.version++;
    this.kept.clear();
  }

  /** The answer kept for `key` while fresh at `now`, else `compute()`'s, kept for the next callers. */
  read<T>(key: string, compute: () => Promise<T>, now = this.now()): Promise<T> {
    const found = this.kept.get(key);
    if (found && found.version === this.version && now - found.at < this.maxAgeMs && now >= found.at)
      return found.answer as Promise<T>;
    if (this.kept.size >= this.maxKeys) this.kept.clear();
    const entry = { version: this.version, at: now, answer: compute() };
    this.kept.set(key, entry);
    entry.answer.catch(() => {
      if (this.kept.get(key) === entry) this.kept.delete(key);
    });
    return entry.answer as Promise<T>;
  }
}

/** How long a shared answer is kept: a second, well inside the board's 30 s refresh. */
export const SHARED_READ_MAX_AGE_MS = 1_000;

/** Methods that read: every other API call may write. */
export const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
