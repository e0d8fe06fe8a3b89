import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { useListContext } from 'react-admin';

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

/** A list's `error` element: the list that could not be read (`what`, e.g. "The access log"), and Try again. */
export const ListReadError = ({ what }: { what: string }) => {
  const { error, refetch } = useListContext();
  return (
    <RetryAlert onRetry={() => refetch()}>
      {what} could not be read: {error?.message}
    </RetryAlert>
  );
};
