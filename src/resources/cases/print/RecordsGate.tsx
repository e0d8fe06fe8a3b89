import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { HttpError } from 'react-admin';
import { SmallPrint } from '../../../print/ReportSection';
import { counted } from '../../../print/reportFormat';

interface RecordsGateProps<R> {
  query: UseQueryResult<R[], HttpError>;
  /** The records, plural and lower case, e.g. "events". */
  noun: string;
  /** One record, e.g. "event". */
  one: string;
  children: (live: R[]) => ReactNode;
}

/**
 * A section's records once they are read: a placeholder while loading, why they are missing (a role that
 * may not read them, a failure), "No … recorded" when there are none. Voided records are left out of the
 * report and counted in small print under the section.
 */
export function RecordsGate<R extends { voided: boolean }>({
  query,
  noun,
  one,
  children,
}: RecordsGateProps<R>) {
  const { data, error } = query;
  if (error?.status === 403)
    return <Typography color="text.secondary">Your role may not read the {noun}.</Typography>;
  if (error)
    return (
      <Alert severity="error">
        The {noun} could not be read: {error.message}
      </Alert>
    );
  if (!data)
    return <Skeleton variant="rounded" height={64} role="progressbar" aria-label={`Loading the ${noun}`} />;
  const live = data.filter((record) => !record.voided);
  const voided = data.length - live.length;
  return (
    <>
      {live.length > 0 ? children(live) : <Typography>No {noun} recorded.</Typography>}
      {voided > 0 && <SmallPrint>{counted(voided, `voided ${one}`, `voided ${noun}`)} left out.</SmallPrint>}
    </>
  );
}
