import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';

/** A read that failed: what went wrong, and a way to ask again. */
export const RetryAlert = ({ onRetry, children }: { onRetry: () => void; children: ReactNode }) => (
  <Alert
    severity="error"
    action={
      <Button color="inherit" size="small" onClick={onRetry}>
        Try again
      </Button>
    }
  >
    {children}
  </Alert>
);
