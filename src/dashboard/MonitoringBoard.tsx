import CheckIcon from '@mui/icons-material/Check';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { BoardCase } from '../../contract/home';
import { openNotificationsAt } from '../../contract/notifications';
import { formatInZone } from '../dates';
import { spanText } from '../durations';
import { MONITORING_LEVEL_LABELS } from '../resources/cases/caseLabels';
import { ReportOverdueChip } from '../resources/cases/ReportOverdueChip';
import { NotificationChip } from '../resources/cases/records/kinds/NotificationFlag';
import { isOverdueAt, useBoardClock } from './boardClock';
import { CaseLink } from './CaseLink';
import { HomeTable } from './HomeTable';
import { HomeWidget, type WidgetData } from './HomeWidget';

const HEADERS = [
  'Case',
  'Client',
  'Patient',
  'Technologists',
  'Level',
  'Last check',
  'Interval',
  'Status',
  'Check',
];

export interface MonitoringBoardProps extends WidgetData<BoardCase[]> {
  /** The caller: only a case's own technologists may log its checks. */
  username?: string;
  /** Records a check by the caller on the case; without it the board offers no "Log check". */
  onLogCheck?: (row: BoardCase) => void;
  /** The case whose check is being saved. */
  loggingCheckOf?: number;
  /** Flags each case's overdue reports: the reader's work, shown on readers' and admins' screens only. */
  showReports?: boolean;
}

/** Overdue cases first (the longest overdue first, as the server sends them), the rest in the server's order. */
const overdueFirst = (cases: readonly BoardCase[], now: number) =>
  [...cases].sort(
    (a, b) => Number(isOverdueAt(b.nextCheckBy, now)) - Number(isOverdueAt(a.nextCheckBy, now)),
  );

/** Where a case stands against DESIGN §4's rule, computed against the ticking clock. */
const Status = ({ row, now }: { row: BoardCase; now: number }) => {
  const at = (iso: string | null) => formatInZone(iso, row.clientTimeZone);
  if (row.recordingEnded) return <>Recording ended</>;
  if (row.watched) return <>Watched (monitoring log open)</>;
  if (row.nextCheckBy === null) return <>Recording not started</>;
  if (isOverdueAt(row.nextCheckBy, now))
    return (
      <Chip
        size="small"
        color="error"
        // Wraps in a narrow column instead of running past the table's edge.
        sx={{ height: 'auto', py: 0.25, '& .MuiChip-label': { whiteSpace: 'normal' } }}
        label={`Overdue ${spanText(row.nextCheckBy, null, now)}, since ${at(row.nextCheckBy)}`}
      />
    );
  return <>Next check by {at(row.nextCheckBy)}</>;
};

/** The protocol's notifications still to make on the case (DESIGN §4 "Notifications"), as the clock stands. */
const Notifications = ({ row, now }: { row: BoardCase; now: number }) => {
  const { pending, overdue } = openNotificationsAt(row, new Date(now));
  if (pending === 0 && overdue === 0) return null;
  return (
    <Stack direction="row" spacing={0.5}>
      {overdue > 0 && <NotificationChip status="overdue" count={overdue} />}
      {pending > 0 && <NotificationChip status="pending" count={pending} />}
    </Stack>
  );
};

/**
 * The case's reports past due and not signed (DESIGN §4 "Reports due"), as the server counted them: the
 * reader's work, so only on a reader's or an admin's board, and neutral (red is for the technologist's now).
 */
const ReportsOverdue = ({ row, shown }: { row: BoardCase; shown?: boolean }) =>
  shown && row.reportsOverdue > 0 ? (
    <ReportOverdueChip
      label={row.reportsOverdue === 1 ? 'Report overdue' : `Reports overdue (${row.reportsOverdue})`}
    />
  ) : null;

const StaleLogs = ({ row }: { row: BoardCase }) =>
  row.staleOpenLogs.map((log) => (
    <Typography key={`${log.technologist} ${log.start}`} variant="body2" color="warning.main">
      {`${log.technologist}'s log open since ${formatInZone(log.start, row.clientTimeZone)} — stale`}
    </Typography>
  ));

const LogCheck = ({
  row,
  username,
  onLogCheck,
  loggingCheckOf,
}: { row: BoardCase } & MonitoringBoardProps) => {
  if (!onLogCheck) return null;
  const mine = username !== undefined && row.technologists.includes(username);
  const button = (
    <Button
      size="small"
      variant="outlined"
      startIcon={<CheckIcon />}
      disabled={!mine || loggingCheckOf === row.id}
      onClick={() => onLogCheck(row)}
      aria-label={`Log check on ${row.caseNumber}`}
    >
      Log check
    </Button>
  );
  // A disabled button gets no pointer events: the span carries the tooltip saying why.
  return mine ? (
    button
  ) : (
    <Tooltip title="Only the case's own technologists can log its checks">
      <span>{button}</span>
    </Tooltip>
  );
};

const BoardRow = ({ row, now, ...props }: { row: BoardCase; now: number } & MonitoringBoardProps) => {
  const overdue = isOverdueAt(row.nextCheckBy, now);
  return (
    <TableRow sx={overdue ? (theme) => ({ bgcolor: alpha(theme.palette.error.main, 0.08) }) : undefined}>
      <TableCell>
        <CaseLink caseNumber={row.caseNumber} stage="monitoring" id={row.id} />
      </TableCell>
      <TableCell>{row.clientName}</TableCell>
      <TableCell>{row.patientName}</TableCell>
      <TableCell>{row.technologists.join(', ') || '—'}</TableCell>
      <TableCell>{MONITORING_LEVEL_LABELS[row.monitoringLevel]}</TableCell>
      {/* Columns wrap rather than run past the card at laptop widths (1280 px and up). */}
      <TableCell sx={{ color: overdue ? 'error.main' : undefined }}>
        {formatInZone(row.lastCheckAt, row.clientTimeZone)}
      </TableCell>
      <TableCell>{`Every ${row.checkIntervalMinutes} min`}</TableCell>
      <TableCell sx={{ minWidth: 160 }}>
        <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
          <Status row={row} now={now} />
          <Notifications row={row} now={now} />
          <ReportsOverdue row={row} shown={props.showReports} />
          <StaleLogs row={row} />
        </Stack>
      </TableCell>
      <TableCell>
        <LogCheck row={row} {...props} />
      </TableCell>
    </TableRow>
  );
};

const Board = ({ cases, ...props }: { cases: BoardCase[] } & MonitoringBoardProps) => {
  // The clock wakes when a check or a notification falls due: it turns overdue here before the next refresh.
  const now = useBoardClock(cases.flatMap((row) => [row.nextCheckBy, ...row.pendingNotificationsDueBy]));
  return (
    <HomeTable label="Cases in monitoring" headers={HEADERS}>
      {overdueFirst(cases, now).map((row) => (
        <BoardRow key={row.id} row={row} now={now} {...props} />
      ))}
    </HomeTable>
  );
};

/**
 * The cases in monitoring and their checks (DESIGN §4 "Checks and overdue"): an overdue case shows in red,
 * first, with since when and for how long; each row logs a check in one click; stale open logs are named;
 * the protocol's notifications still to make are flagged, overdue in red and pending in amber.
 * Times are in each case's client's zone.
 */
export const MonitoringBoard = ({ data, error, ...props }: MonitoringBoardProps) => (
  <HomeWidget title="Monitoring checks" skeletonLines={6} data={data} error={error}>
    {(cases) =>
      cases.length === 0 ? (
        <Typography color="text.secondary">No case is being monitored.</Typography>
      ) : (
        <Board cases={cases} {...props} />
      )
    }
  </HomeWidget>
);
