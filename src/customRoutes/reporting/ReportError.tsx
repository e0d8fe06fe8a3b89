import Alert from '@mui/material/Alert';
import type { HttpError } from 'react-admin';

/** Why a report is missing: a role that may not read it, or the server's message. */
export const ReportError = ({ error }: { error: HttpError }) =>
  error.status === 403 ? (
    <Alert severity="info">Your role may not read this report.</Alert>
  ) : (
    <Alert severity="error">The report could not be read: {error.message}</Alert>
  );
