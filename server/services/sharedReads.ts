import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { LRUCache } from 'lru-cache';

/**
 * Reads whose answer is the same for every caller allowed to make them (the operations board, the hours
 * summary of a range), computed once for everyone asking within `maxAgeMs` instead of once per caller. The
 * board is left open on every technologist's screen and read again every 30 s; the summary is opened by
 * every billing clerk at the start of a month.
 *
 * Any write this process makes (`changed()`, called for every API call that is not a read and was not
 * refused) drops every kept answer, so whoever changes something and reads again sees the change. A write made by another instance
 * on the same PostgreSQL shows here within twice `maxAgeMs`. Callers asking while an answer is being
 * computed wait for that one; a failed computation is not kept. Once an answer is older than `maxAgeMs`
 * (and not yet twice that), callers still get it while a fresh one is computed for the next: at a steady
 * rate nobody waits for the computation, and nothing is older than twice `maxAgeMs`.
 */
type Kept = { version: number; at: number; answer: Promise<unknown>; settled: boolean; refreshing: boolean };

/** The content encodings a shared answer is kept in, besides its text (the API's compression, app.ts). */
export type SharedEncoding = 'br' | 'gzip';
export type Encode = (text: string, encoding: SharedEncoding) => Promise<Buffer>;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Brotli at quality 4 for text, gzip at its default: a shared answer is compressed once for all its readers,
 * so it takes one step more than the answers made per request (quality 3, app.ts).
 */
export const encodeText: Encode = (text, encoding) =>
  encoding === 'br'
    ? brotli(text, {
        params: {
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
        },
      })
    : gzip(text);

export class SharedReads {
  private version = 0;
  private readonly kept: LRUCache<string, Kept>;

  constructor(
    private readonly maxAgeMs: number,
    private readonly now: () => number = Date.now,
    /** More keys than this (ranges asked for) and the least recently read is dropped. */
    maxKeys = 64,
    /** Compresses a kept answer's text, once per encoding asked for while it is kept. */
    readonly encode: Encode = encodeText,
  ) {
    this.kept = new LRUCache({ max: maxKeys });
  }

  /** Something may have changed: every kept answer is dropped. */
  changed(): void {
    this.version++;
    this.kept.clear();
  }

  /** The answer kept for `key` while fresh at `now`, else `compute()`'s, kept for the next callers. */
  read<T>(key: string, compute: () => Promise<T>, now = this.now()): Promise<T> {
    const found = this.kept.get(key);
    if (found && found.version === this.version && now >= found.at) {
      const age = now - found.at;
      if (age < this.maxAgeMs) return found.answer as Promise<T>;
      if (age < 2 * this.maxAgeMs && found.settled) {
        if (!found.refreshing) {
          found.refreshing = true;
          this.start(key, compute, now).catch(() => {
            found.refreshing = false;
          });
        }
        return found.answer as Promise<T>;
      }
    }
    return this.start(key, compute, now);
  }

  /** Computes `key`'s answer, kept (in place of the one before) once it arrives, unless a write came first. */
  private start<T>(key: string, compute: () => Promise<T>, now: number): Promise<T> {
    const entry: Kept = {
      version: this.version,
      at: now,
      answer: compute(),
      settled: false,
      refreshing: false,
    };
    const previous = this.kept.get(key);
    // A refresh replaces the answer only once it has arrived; a first computation is shared at once.
    if (!previous || previous.version !== this.version || !previous.settled) this.keep(key, entry);
    entry.answer.then(
      () => {
        entry.settled = true;
        if (entry.version === this.version && this.kept.get(key) !== entry) this.keep(key, entry);
      },
      () => {
        if (this.kept.get(key) === entry) this.kept.delete(key);
      },
    );
    return entry.answer as Promise<T>;
  }

  private keep(key: string, entry: Kept) {
    this.kept.set(key, entry);
  }
}

/** API answers this large and larger go out compressed when the caller accepts it (app.ts). */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/** How long a shared answer is kept: a second, well inside the board's 30 s refresh. */
export const SHARED_READ_MAX_AGE_MS = 1_000;

/** Methods that read: every other API call may write. */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether an answered call may have changed what shared answers show: a call that is not a read, unless it
 * was refused (4xx: a refused call wrote nothing, its transaction rolled back or never began). A 5xx still
 * drops them: the failure may have come after a commit.
 */
export const mayHaveWritten = (method: string, status: number) =>
  !READ_METHODS.has(method) && (status < 400 || status >= 500);
