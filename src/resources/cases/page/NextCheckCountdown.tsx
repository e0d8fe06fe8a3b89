import Typography from '@mui/material/Typography';
import type { CaseDetails } from '../../../../contract/cases';
import { Countdown } from '../../../live/Countdown';

/**
 * The case header's "Next check in 12:34" while the case is in monitoring (the board's rule), ticking from
 * the server's time; "overdue 0:05" in red once past. The escalate-by of an open call is the notification
 * flag's "call next" beside it.
 */
export const NextCheckCountdown = ({ details }: { details: Pick<CaseDetails, 'nextCheckBy'> }) =>
  details.nextCheckBy ? (
    <Typography component="span" variant="body2" sx={{ display: 'inline-flex', gap: 0.75 }}>
      Next check
      <Countdown to={details.nextCheckBy} label="Time left to the next check" flagged />
    </Typography>
  ) : null;
