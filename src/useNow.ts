import { useEffect, useMemo, useState } from 'react';
import { useClockSkew } from './live/LiveUpdates';

/**
 * The current time, renewed every `everyMs`: what is pending turns overdue on screen without a reload. It
 * is the server's time (this device's clock corrected by the skew the live updates measure), so what is due
 * turns overdue when the server says, however wrong the device's clock.
 */
export function useNow(everyMs = 30_000): Date {
  const skewMs = useClockSkew();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return useMemo(() => new Date(now + skewMs), [now, skewMs]);
}
