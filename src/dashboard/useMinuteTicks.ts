import { useEffect, useState } from 'react';
import { MINUTE_MS } from '../../contract/hours';

/**
 * The time now, renewed as each whole UTC minute begins: a running span counts on billing's minute grid
 * (`spanMinutes`), so that is when it reads another minute.
 */
export function useMinuteTicks(): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    // From the time the effect runs, which may be after `now`: the wake-up is at the minute, not later.
    const timer = setTimeout(() => setNow(Date.now()), now - (now % MINUTE_MS) + MINUTE_MS - Date.now());
    return () => clearTimeout(timer);
  }, [now]);
  return now;
}
