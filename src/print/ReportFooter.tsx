import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useGetIdentity } from 'react-admin';
import type { TimeFormat } from './reportFormat';

/** When the page is printed: the moment it opened, brought up to date as the browser starts printing. */
function usePrintedAt() {
  const [printedAt, setPrintedAt] = useState(() => new Date().toISOString());
  useEffect(() => {
    const update = () => setPrintedAt(new Date().toISOString());
    window.addEventListener('beforeprint', update);
    return () => window.removeEventListener('beforeprint', update);
  }, []);
  return printedAt;
}

/** "Printed Mar 3, 2026, 09:12 AM EST by Ada Lovelace": who printed the report, and when. */
export const ReportFooter = ({ time }: { time: TimeFormat }) => {
  const printedAt = usePrintedAt();
  const { identity } = useGetIdentity();
  return (
    <Typography
      component="footer"
      variant="caption"
      sx={{ display: 'block', mt: 4, pt: 1, borderTop: 1, borderColor: 'divider' }}
    >
      Printed {time(printedAt)} by {identity ? (identity.fullName ?? identity.id) : '…'}
    </Typography>
  );
};
