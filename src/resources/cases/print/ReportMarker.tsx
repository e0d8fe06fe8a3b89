import Typography from '@mui/material/Typography';
import type { ReportStatus } from './reportStatus';

/** A preliminary or cancelled report says so under its title, in a box that prints as boldly as it shows. */
export const ReportMarker = ({ status }: { status: ReportStatus }) => {
  if (status.kind === 'final') return null;
  const [title, detail] =
    status.kind === 'preliminary'
      ? ['PRELIMINARY', 'No final interpretation is signed yet: this report may change.']
      : ['CANCELLED', `Cancelled at intake: ${status.reason}`];
  return (
    <Typography
      role="note"
      aria-label={title}
      sx={{ my: 2, p: 1, border: 3, borderColor: 'text.primary', fontWeight: 'bold' }}
    >
      <Typography component="span" variant="h6" sx={{ display: 'block', letterSpacing: 4 }}>
        {title}
      </Typography>
      {detail}
    </Typography>
  );
};
