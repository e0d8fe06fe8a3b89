import { useEffect, useState } from 'react';

const MINUTE = 60_000;

/** The time now, renewed each time another whole minute since `start` completes (a running clock). */
export function useMinuteTicks(start: string): number {
  const startMs = Date.parse(start);
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    // Wake exactly when the next minute since the start completes, not on the wall clock's minute.
    const sinceLastMinute = (((now - startMs) % MINUTE) + MINUTE) % MINUTE;
    const timer = setTimeout(() => setNow(Date.now()), MINUTE - sinceLastMinute);
    return () => clearTimeout(timer);
  }, [now, startMs]);
  return now;
}
