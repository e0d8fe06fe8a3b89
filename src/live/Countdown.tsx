import { useNow } from '../useNow';

const SECOND_MS = 1_000;

/** `h:mm:ss` (or `m:ss` under an hour) of a span in ms, rounded down to the second. */
export function countdownText(spanMs: number): string {
  const seconds = Math.floor(Math.abs(spanMs) / SECOND_MS);
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

/**
 * The time left until `to` (a server time), ticking every second by this device's clock corrected for its
 * skew from the server's (the live updates measure it): never from a refetch. Past it, how long ago.
 */
export const Countdown = ({ to }: { to: string }) => {
  const now = useNow(SECOND_MS).getTime();
  const left = Date.parse(to) - now;
  return (
    <time dateTime={to} role="timer" aria-live="off">
      {left >= 0 ? `in ${countdownText(left)}` : `${countdownText(left)} ago`}
    </time>
  );
};
