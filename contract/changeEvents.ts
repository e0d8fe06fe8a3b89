import { z } from 'zod';

/**
 * What a change event is about: the area whose pages show it. Never patient data: only ids, so a stream
 * can be filtered by what its user may read and each page refetches what it shows.
 */
export const CHANGE_KINDS = ['cases', 'clients', 'billing', 'users', 'attention'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/** One committed change, as `GET /events` sends it (the SSE `id` is `id`). */
export const changeEventSchema = z.object({
  id: z.number().int(),
  kind: z.enum(CHANGE_KINDS),
  /** The case changed; absent when the change is about no one case, or about more than a page of them. */
  caseId: z.number().int().optional(),
  clientId: z.number().int().optional(),
  /** The one user the change is for (their own acknowledgements); absent when it is for all who may read it. */
  username: z.string().optional(),
  /** When it was committed, by the database's clock (ISO 8601). */
  at: z.string(),
});
export type ChangeEvent = z.infer<typeof changeEventSchema>;

/** The SSE event names of the stream. */
export const STREAM_EVENTS = {
  /** A change (data: a `ChangeEvent`). */
  change: 'change',
  /** Sent first and on every heartbeat: the server's time (data: `{ now }`), for clock-skew correction. */
  clock: 'clock',
  /** Missed changes are older than the replay window: refetch everything shown. */
  resync: 'resync',
  /**
   * An attention item's time has come (a case turned overdue, a call is late), which no write commits: each
   * instance tells its own streams when that moment passes (data: `{}`).
   */
  attention: 'attention',
} as const;

/** How long missed changes can be replayed from `Last-Event-ID`. */
export const REPLAY_WINDOW_MS = 5 * 60_000;
/** How often the stream proves it is alive, under proxies' idle timeouts. */
export const HEARTBEAT_MS = 25_000;
