import Skeleton from '@mui/material/Skeleton';

/** Where a report's tables will be, while it loads. */
export const TablesSkeleton = () => (
  <Skeleton variant="rounded" height={240} role="progressbar" aria-label="Loading the tables" />
);
