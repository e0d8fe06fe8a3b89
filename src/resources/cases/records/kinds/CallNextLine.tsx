import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { CallNext } from '../../../../../contract/callAttempts';
import { useNow } from '../../../../useNow';

/** "4:07" until `at`, or "overdue 1:12" once passed: minutes and seconds. */
export function countdownText(at: string, now: Date): string {
  const ms = Date.parse(at) - now.getTime();
  const seconds = Math.floor(Math.abs(ms) / 1000);
  const text = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  return ms >= 0 ? text : `overdue ${text}`;
}

/**
 * Seconds left until the next contact is due, ticking every second (kept local and minimal: the shared
 * per-second countdown can take its place).
 */
export const CallCountdown = ({ at }: { at: string }) => {
  const now = useNow(1000);
  const overdue = Date.parse(at) < now.getTime();
  return (
    <Typography
      component="span"
      variant="body2"
      role="timer"
      aria-label="Time left to call"
      color={overdue ? 'error' : 'warning.main'}
      sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}
    >
      {countdownText(at, now)}
    </Typography>
  );
};

/** "Call next: Dr B, 555-0102 · 4:07": whom to call after an unanswered call, the number dialled on a tap. */
export const CallNextLine = ({ next }: { next: Pick<CallNext, 'name' | 'phone' | 'escalateBy'> }) => (
  <Typography component="span" variant="body2" sx={{ display: 'inline-flex', gap: 0.75, flexWrap: 'wrap' }}>
    <span>
      Call next: <strong>{next.name}</strong>
      {next.phone && (
        <>
          , <Link href={`tel:${next.phone}`}>{next.phone}</Link>
        </>
      )}
    </span>
    <CallCountdown at={next.escalateBy} />
  </Typography>
);
