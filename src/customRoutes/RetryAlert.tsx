import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { type HttpError, Title, useListContext, useShowContext } from 'react-admin';
import { PageHeading } from '../layout/PageHeading';

/**
 * A read that failed: what went wrong, and a way to ask again; a `warning` when what was read before still
 * shows.
 */
export const RetryAlert = ({
  onRetry,
  severity = 'error',
  children,
}: {
  onRetry: () => void;
  severity?: 'error' | 'warning';
  children: ReactNode;
}) => (
  <Alert
    severity={severity}
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

/**
 * A page whose content could not be read: its title (the app bar's, where there is one) and level-one
 * heading, so the page is still named, then what went wrong, with Try again when `onRetry` is given.
 */
export const PageReadError = ({
  title,
  onRetry,
  children,
}: {
  title: string;
  onRetry?: () => void;
  children: ReactNode;
}) => (
  <Box sx={{ mt: 2 }}>
    <Title title={title} />
    <PageHeading>{title}</PageHeading>
    {onRetry ? (
      <RetryAlert onRetry={onRetry}>{children}</RetryAlert>
    ) : (
      <Alert severity="error">{children}</Alert>
    )}
  </Box>
);

/**
 * A record page's `error` element (`<ShowBase error>`): `notFound` for a 404, else the record that could
 * not be read (`what`, e.g. "The client"), under the page's `title`, and Try again.
 */
export const ShowReadError = ({
  title,
  what,
  notFound,
}: {
  title: string;
  what: string;
  notFound: ReactNode;
}) => {
  const { error, refetch } = useShowContext<{ id: string | number }, HttpError>();
  if (error?.status === 404) return notFound;
  return (
    <PageReadError title={title} onRetry={() => refetch()}>
      {what} could not be read: {error?.message}
    </PageReadError>
  );
};

/** A record page's `queryOptions`: its read error is shown on the page (retried there), not notified with a redirect. */
export const KEEP_ERROR_ON_PAGE = { onError: () => undefined };
