import { attentionCases } from '../db/attention';
import type { Db } from '../db/database';
import { nextAttentionMoment } from '../domain/attention';

/** What the clock tells an open stream of: that an attention item's time came. */
export interface AttentionListener {
  attentionCame(): void;
}

/** Case writes move due moments: they are read again at most this often (an item comes at most this late). */
const RECKON_EVERY_MS = 2_000;

/** The longest the attention clock waits before reckoning again (due times move only with writes, heard anyway). */
const ATTENTION_RECHECK_MS = 5 * 60_000;

/**
 * Tells this instance's open streams when an attention item's time comes with no write (a case turns
 * overdue, a call turns late): a timer for the next such moment of all active cases, reckoned again after
 * each burst of case changes. Each instance keeps its own and tells only its own streams: they read the
 * same database, so all come to the same moment, with no write, no leader and nothing to hand over when
 * an instance stops.
 */
export function attentionClock(
  db: Db,
  open: ReadonlySet<AttentionListener>,
  log: { warn(details: object, message: string): void },
) {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const arm = (moment: number | undefined) => {
    clearTimeout(timer);
    if (stopped || open.size === 0) return;
    // A little after the moment, so the database's clock has passed it too.
    const dueMs = moment === undefined ? Number.POSITIVE_INFINITY : moment - Date.now() + 250;
    const comes = dueMs <= ATTENTION_RECHECK_MS;
    timer = setTimeout(
      () => {
        if (comes) for (const stream of open) stream.attentionCame();
        reckon();
      },
      comes ? Math.max(dueMs, 0) : ATTENTION_RECHECK_MS,
    );
  };
  let reckonedAt = 0;
  let deferred: NodeJS.Timeout | undefined;
  /** Reads the cases again, at most once per `RECKON_EVERY_MS` under a stream of writes. */
  const reckon = () => {
    if (stopped || open.size === 0 || deferred) return;
    const waitMs = reckonedAt + RECKON_EVERY_MS - Date.now();
    if (waitMs > 0) {
      deferred = setTimeout(() => {
        deferred = undefined;
        reckon();
      }, waitMs);
      return;
    }
    reckonedAt = Date.now();
    attentionCases(db)
      .then((cases) => arm(nextAttentionMoment(cases, Date.now())))
      .catch((error: unknown) => {
        log.warn({ err: error }, 'The next attention moment could not be reckoned');
        arm(undefined);
      });
  };
  return {
    reckon,
    stop() {
      stopped = true;
      clearTimeout(timer);
      clearTimeout(deferred);
    },
  };
}
