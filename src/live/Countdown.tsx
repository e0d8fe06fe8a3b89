import Typography from '@mui/material/Typography';
import { useNow } from '../useNow';

const SECOND_MS = 1_000;

/** `h:mm:ss` (or `m:ss` under an hour) of a span in ms, rounded down to the second. */
function countdownText(spanMs: number): string {
  const seconds = Math.floor(Math.abs(spanMs) / SECOND_MS);
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

/**
 * The time left until `to` (a server time), ticking every second by this device's clock corrected for its
 * skew from the server's (the live updates measure it): never from a refetch. Past it, how long ago; a
 * `flagged` countdown (a deadline: a check, a call) is amber while it runs and red "overdue 1:05" once past.
 */
export const Countdown = ({
  to,
  label,
  flagged = false,
}: {
  to: string;
  label?: string;
  flagged?: boolean;
}) => {
  const now = useNow(SECOND_MS).getTime();
  const left = Date.parse(to) - now;
  const text = countdownText(left);
  return (
    <Typography
      component="time"
      variant="inherit"
      dateTime={to}
      role="timer"
      aria-live="off"
      aria-label={label}
      color={flagged ? (left >= 0 ? 'warning.main' : 'error') : undefined}
      sx={flagged ? { fontVariantNumeric: 'tabular-nums', fontWeight: 600 } : undefined}
    >
      {left >= 0 ? `in ${text}` : flagged ? `overdue ${text}` : `${text} ago`}
    </Typography>
  );
};
