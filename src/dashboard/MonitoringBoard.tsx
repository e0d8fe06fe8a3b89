import Chip from '@mui/material/Chip';
import { alpha } from '@mui/material/styles';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { BoardCase } from '../../contract/home';
import { formatDateTime } from '../dates';
import { MONITORING_LEVEL_LABELS } from '../resources/cases/caseLabels';
import { CaseLink } from './CaseLink';
import { HomeTable } from './HomeTable';
import { HomeWidget, type WidgetData } from './HomeWidget';

const HEADERS = ['Case', 'Client', 'Patient', 'Technologists', 'Level', 'Last check', 'Interval', 'Status'];

/** Overdue cases first, the rest in the order the server sent them (oldest check first). */
const overdueFirst = (cases: readonly BoardCase[]) =>
  [...cases].sort((a, b) => Number(b.overdue) - Number(a.overdue));

/** When the next check is due: the interval after the last one. */
const nextCheckAt = (lastCheckAt: string, intervalMinutes: number) =>
  new Date(Date.parse(lastCheckAt) + intervalMinutes * 60_000).toISOString();

const Status = ({ row: { overdue, lastCheckAt, checkIntervalMinutes } }: { row: BoardCase }) => {
  if (overdue) return <Chip size="small" color="error" label="Overdue" />;
  // A client without a protocol sets no interval: its cases are never overdue.
  if (checkIntervalMinutes === null) return <>No check interval</>;
  if (lastCheckAt === null) return <>Awaiting first check</>;
  return <>Next check by {formatDateTime(nextCheckAt(lastCheckAt, checkIntervalMinutes))}</>;
};

const BoardRow = ({ row }: { row: BoardCase }) => (
  <TableRow sx={row.overdue ? (theme) => ({ bgcolor: alpha(theme.palette.error.main, 0.08) }) : undefined}>
    <TableCell>
      <CaseLink caseNumber={row.caseNumber} stage="monitoring" id={row.id} />
    </TableCell>
    <TableCell>{row.clientName}</TableCell>
    <TableCell>{row.patientName}</TableCell>
    <TableCell>{row.technologists.join(', ') || '—'}</TableCell>
    <TableCell>{MONITORING_LEVEL_LABELS[row.monitoringLevel]}</TableCell>
    <TableCell sx={{ whiteSpace: 'nowrap', color: row.overdue ? 'error.main' : undefined }}>
      {row.lastCheckAt ? formatDateTime(row.lastCheckAt) : 'No check yet'}
    </TableCell>
    <TableCell sx={{ whiteSpace: 'nowrap' }}>
      {row.checkIntervalMinutes === null ? '—' : `Every ${row.checkIntervalMinutes} min`}
    </TableCell>
    <TableCell sx={{ whiteSpace: 'nowrap' }}>
      <Status row={row} />
    </TableCell>
  </TableRow>
);

/** The cases in monitoring and their checks (DESIGN §4): a case with an overdue check shows in red, first. */
export const MonitoringBoard = (props: WidgetData<BoardCase[]>) => (
  <HomeWidget title="Monitoring checks" skeletonLines={6} {...props}>
    {(cases) =>
      cases.length === 0 ? (
        <Typography color="text.secondary">No case is being monitored.</Typography>
      ) : (
        <HomeTable label="Cases in monitoring" headers={HEADERS}>
          {overdueFirst(cases).map((row) => (
            <BoardRow key={row.id} row={row} />
          ))}
        </HomeTable>
      )
    }
  </HomeWidget>
);
