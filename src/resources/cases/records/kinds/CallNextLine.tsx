import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { CallNext } from '../../../../../contract/callAttempts';
import { Countdown } from '../../../../live/Countdown';

/** "Call next: Dr B, 555-0102 · in 4:07": whom to call after an unanswered call, the number dialled on a tap. */
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
    <Countdown to={next.escalateBy} label="Time left to call" flagged />
  </Typography>
);
