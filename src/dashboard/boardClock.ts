import { useEffect, useState } from 'react';
import { MINUTE_MS } from '../../contract/hours';

/** Overdue at `now` (DESIGN §4): its next check was due before now. No due check, never overdue. */
export const isOverdueAt = (nextCheckBy: string | null, now: number) =>
  nextCheckBy !== null && now > Date.parse(nextCheckBy);

const dueAt = ({ nextCheckBy }: { nextCheckBy: string | null }) =>
  nextCheckBy === null ? Number.POSITIVE_INFINITY : Date.parse(nextCheckBy);

/**
 * What is due next first (DESIGN §4 "Checks and overdue"): by when the next check is due, so the overdue
 * come first, the longest overdue first; the cases with no check due (watched, ended, not started) last, in
 * the server's order. The order depends on the data only, never on the clock: a row moves when the board is
 * read again, not under the pointer.
 */
export const dueNextFirst = <Row extends { nextCheckBy: string | null }>(cases: readonly Row[]) =>
  // Two cases with no check due compare equal (Infinity − Infinity would be NaN).
  [...cases].sort((a, b) => (dueAt(a) === dueAt(b) ? 0 : dueAt(a) - dueAt(b)));

/**
 * The next moment the board reads differently: a check falling due, or the next whole UTC minute, when an
 * overdue case's time (counted on billing's minute grid, `spanMinutes`) reads another minute. At most a
 * minute away, so the clock keeps going even with nothing due.
 */
function nextChangeAt(moments: readonly (string | null)[], now: number): number {
  let next = now - (now % MINUTE_MS) + MINUTE_MS;
  for (const moment of moments) {
    if (moment === null) continue;
    const due = Date.parse(moment);
    // Just after the due moment: overdue means now is past it.
    if (due >= now) next = Math.min(next, due + 1);
  }
  return next;
}

/**
 * The time now, renewed whenever one of `moments` (the cases' next-check times) passes and each minute
 * after: a case turns overdue on screen when its check falls due, without waiting for the next refresh.
 */
export function useBoardClock(moments: readonly (string | null)[]): number {
  const [now, setNow] = useState(Date.now);
  const wakeAt = nextChangeAt(moments, now);
  useEffect(() => {
    // From the time the effect runs, which may be after `now`: the wake-up is at `wakeAt`, not later.
    const timer = setTimeout(() => setNow(Date.now()), wakeAt - Date.now());
    return () => clearTimeout(timer);
  }, [wakeAt]);
  return now;
}
