import { useEffect, useState } from 'react';

const MINUTE = 60_000;

/** Overdue at `now` (DESIGN §4): its next check was due before now. No due check, never overdue. */
export const isOverdueAt = (nextCheckBy: string | null, now: number) =>
  nextCheckBy !== null && now > Date.parse(nextCheckBy);

/**
 * The next moment the board reads differently: a check falling due, or an overdue case completing another
 * minute. At most a minute away, so the clock keeps going even with nothing due.
 */
export function nextChangeAt(moments: readonly (string | null)[], now: number): number {
  let next = now + MINUTE;
  for (const moment of moments) {
    if (moment === null) continue;
    const due = Date.parse(moment);
    // Just after the due moment: overdue means now is past it.
    const change = due >= now ? due + 1 : due + 1 + Math.ceil((now - due) / MINUTE) * MINUTE;
    next = Math.min(next, change);
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
    const timer = setTimeout(() => setNow(Date.now()), wakeAt - now);
    return () => clearTimeout(timer);
  }, [wakeAt, now]);
  return now;
}
