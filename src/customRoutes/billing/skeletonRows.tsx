import Skeleton from '@mui/material/Skeleton';
import type { ReportRow } from '../../print/ReportTable';

const BAR = <Skeleton variant="text" />;

/** Rows of grey bars that stand in for a table's rows while it loads. */
export const skeletonRows = (columns: number, count = 3): ReportRow[] =>
  Array.from({ length: count }, (_, row) => ({ key: row, cells: Array(columns).fill(BAR) }));
