import CheckIcon from '@mui/icons-material/Check';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { BoardCase } from '../../contract/home';
import { formatDuration, spanMinutes } from '../../contract/hours';
import { openNotificationsAt } from '../../contract/notifications';
import { formatInZone } from '../dates';
import { spanText } from '../durations';
import { Countdown } from '../live/Countdown';
import { MONITORING_LEVEL_LABELS } from '../resources/cases/caseLabels';
import { ReportOverdueChip } from '../resources/cases/ReportOverdueChip';
import { NotificationChip } from '../resources/cases/records/kinds/NotificationFlag';
import { BoardCallNext } from './BoardCallNext';
import { dueNextFirst, isOverdueAt, useBoardClock } from './boardClock';
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
  /** Opens the handover of the case from its row; without it the board offers no "Hand over". */
  onHandOver?: (row: BoardCase) => void;
  /** The case whose check is being saved. */
  loggingCheckOf?: number;
  /** Flags each case's overdue reports: the reader's work, shown on readers' and admins' screens only. */
  showReports?: boolean;
  /** The checks the caller logged since the board was last read, by case: when, shown on the row. */
  checksLogged?: ReadonlyMap<number, number>;
  /** A technologist's full name by username (`useTechnologistName`); usernames until the names are known. */
  nameOf?: (username: string) => string;
}

const asIs = (username: string) => username;

/** A time read relative to the browser's clock, its moment in the client's zone in the tooltip. */
const InZone = ({ iso, row, children }: { iso: string; row: BoardCase; children: string }) => (
  <Tooltip title={formatInZone(iso, row.clientTimeZone)}>
    <span>{children}</span>
  </Tooltip>
);

/** Where a case stands against DESIGN §4's rule, counted live against the browser's ticking clock. */
const Status = ({ row, now }: { row: BoardCase; now: number }) => {
  if (row.recordingEnded) return <>Recording ended</>;
  if (row.watched) return <>Watched (monitoring log open)</>;
  if (row.nextCheckBy === null) return <>Recording not started</>;
  if (isOverdueAt(row.nextCheckBy, now))
    return (
      <Tooltip title={`Since ${formatInZone(row.nextCheckBy, row.clientTimeZone)}`}>
        <Chip size="small" color="error" label={`Overdue ${spanText(row.nextCheckBy, null, now)}`} />
      </Tooltip>
    );
  // Until due, on billing's minute grid as every span on screen.
  const left = spanMinutes(now, Date.parse(row.nextCheckBy));
  return (
    <Tooltip
      title={
        <>
          {`Next check by ${formatInZone(row.nextCheckBy, row.clientTimeZone)}, `}
          <Countdown to={row.nextCheckBy} />
        </>
      }
    >
      <span>{left === 0 ? 'Due now' : `Due in ${formatDuration(left)}`}</span>
    </Tooltip>
  );
};

const clockTime = new Intl.DateTimeFormat(undefined, {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The caller's check on the case, logged since the board was last read: the row stays put and says so. */
const CheckLogged = ({ at }: { at: number | undefined }) =>
  at === undefined ? null : (
    <Typography variant="body2" color="success.main" role="status">
      {`Check logged ${clockTime.format(at)}`}
    </Typography>
  );

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

/** The case's stale open logs, each with how long it has been open (since when in the tooltip). */
const StaleLogs = ({
  row,
  now,
  nameOf,
}: {
  row: BoardCase;
  now: number;
  nameOf: (username: string) => string;
}) =>
  row.staleOpenLogs.map((log) => (
    <Tooltip
      key={`${log.technologist} ${log.start}`}
      title={`Since ${formatInZone(log.start, row.clientTimeZone)}`}
    >
      <Typography variant="body2" color="warning.main">
        {`${nameOf(log.technologist)}'s log open ${spanText(log.start, null, now)} — stale`}
      </Typography>
    </Tooltip>
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

/** The caller hands over their shift on a case they are on (an admin, from the case's page). */
const HandOver = ({ row, username, onHandOver }: { row: BoardCase } & MonitoringBoardProps) =>
  onHandOver && username !== undefined && row.technologists.includes(username) ? (
    <Button
      size="small"
      startIcon={<SwapHorizIcon />}
      onClick={() => onHandOver(row)}
      aria-label={`Hand over ${row.caseNumber}`}
    >
      Hand over
    </Button>
  ) : null;

type RowProps = { row: BoardCase; now: number } & MonitoringBoardProps;

const BoardRow = ({ row, now, nameOf = asIs, checksLogged, ...props }: RowProps) => {
  const overdue = isOverdueAt(row.nextCheckBy, now);
  return (
    <TableRow sx={overdue ? (theme) => ({ bgcolor: alpha(theme.palette.error.main, 0.08) }) : undefined}>
      <TableCell>
        <CaseLink caseNumber={row.caseNumber} stage="monitoring" id={row.id} />
      </TableCell>
      <TableCell>{row.clientName}</TableCell>
      <TableCell>{row.patientName}</TableCell>
      <TableCell>{row.technologists.map(nameOf).join(', ') || '—'}</TableCell>
      <TableCell>{MONITORING_LEVEL_LABELS[row.monitoringLevel]}</TableCell>
      {/* Columns wrap rather than run past the card at laptop widths (1280 px and up). */}
      <TableCell sx={{ color: overdue ? 'error.main' : undefined }}>
        {row.lastCheckAt === null ? (
          '—'
        ) : (
          <InZone iso={row.lastCheckAt} row={row}>{`${spanText(row.lastCheckAt, null, now)} ago`}</InZone>
        )}
      </TableCell>
      <TableCell>{`Every ${row.checkIntervalMinutes} min`}</TableCell>
      <TableCell sx={{ minWidth: 160 }}>
        <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
          <Status row={row} now={now} />
          <Notifications row={row} now={now} />
          <BoardCallNext row={row} />
          <ReportsOverdue row={row} shown={props.showReports} />
          <StaleLogs row={row} now={now} nameOf={nameOf} />
        </Stack>
      </TableCell>
      <TableCell>
        <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
          <LogCheck row={row} {...props} />
          <CheckLogged at={checksLogged?.get(row.id)} />
          <HandOver row={row} {...props} />
        </Stack>
      </TableCell>
    </TableRow>
  );
};

const Board = ({ cases, ...props }: { cases: BoardCase[] } & MonitoringBoardProps) => {
  // The clock wakes when a check or a notification falls due: it turns overdue here before the next refresh.
  const now = useBoardClock(cases.flatMap((row) => [row.nextCheckBy, ...row.pendingNotificationsDueBy]));
  return (
    <HomeTable label="Cases in monitoring" headers={HEADERS}>
      {dueNextFirst(cases).map((row) => (
        <BoardRow key={row.id} row={row} now={now} {...props} />
      ))}
    </HomeTable>
  );
};

/**
 * The cases in monitoring and their checks (DESIGN §4 "Checks and overdue"), what is due next first: an
 * overdue case shows in red with for how long, the others with how long until their check is due, counted
 * live on the browser's clock (the moment itself, in the case's client's zone, in the tooltip); each row
 * logs a check in one click and says so, in place; stale open logs are named; the protocol's notifications
 * still to make are flagged, overdue in red and pending in amber. Technologists by name.
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
