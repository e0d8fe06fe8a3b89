import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { HttpError } from 'react-admin';
import { RetryAlert } from '../../../customRoutes/RetryAlert';

interface RecordListBodyProps {
  /** The kind's name, e.g. "Events", and what it says when there is none. */
  title: string;
  emptyText: string;
  /** Whether the access check is done, and allows reading. */
  accessPending: boolean;
  canList: boolean;
  error: HttpError | null;
  retry: () => void;
  /** How many items there are, once read. */
  count?: number;
  /** The list itself. */
  children: ReactNode;
}

/**
 * A kind's list while it loads (a skeleton), when it may not be read or could not be, when it is empty. A
 * list read before and not read again (a background read that failed) stays, under the error and Try again.
 */
export const RecordListBody = ({
  title,
  emptyText,
  accessPending,
  canList,
  error,
  retry,
  count,
  children,
}: RecordListBodyProps) => {
  if (!accessPending && !canList)
    return <Alert severity="info">Your role does not give access to these records.</Alert>;
  const failed = error && <RetryAlert onRetry={retry}>{error.message}</RetryAlert>;
  if (failed && count === undefined) return failed;
  if (accessPending || count === undefined)
    return (
      <Stack role="status" aria-label={`Loading ${title.toLowerCase()}`} aria-busy="true" spacing={1}>
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} variant="rounded" height={36} />
        ))}
      </Stack>
    );
  return (
    <>
      {failed}
      {count === 0 ? <Typography color="text.secondary">{emptyText}</Typography> : children}
    </>
  );
};
