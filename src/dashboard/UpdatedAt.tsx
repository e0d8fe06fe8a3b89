import Typography from '@mui/material/Typography';
import { intlFormat } from 'date-fns';

/**
 * When a live dashboard last read the server ("Updated 18:26"), in the viewer's own clock: it is about
 * this screen, not about a case. Nothing before the first answer.
 */
export const UpdatedAt = ({ at }: { at: number }) =>
  at > 0 ? (
    <Typography variant="body2" color="text.secondary" aria-live="polite">
      Updated {intlFormat(new Date(at), { timeStyle: 'short' })}
    </Typography>
  ) : null;
