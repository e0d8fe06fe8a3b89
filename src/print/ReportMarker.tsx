import Typography from '@mui/material/Typography';
import type { ReportStatus } from './reportStatus';

/** A word a document must not be taken without (PRELIMINARY, CANCELLED, DRAFT), boxed, on screen and paper. */
export const Marker = ({ title, detail }: { title: string; detail: string }) => (
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

/** A preliminary or cancelled report says so under its title. */
export const ReportMarker = ({ status }: { status: ReportStatus }) => {
  if (status.kind === 'final') return null;
  return status.kind === 'preliminary' ? (
    <Marker title="PRELIMINARY" detail="No final interpretation is signed yet: this report may change." />
  ) : (
    <Marker title="CANCELLED" detail={`Cancelled at intake: ${status.reason}`} />
  );
};
