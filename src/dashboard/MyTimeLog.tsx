import StopIcon from '@mui/icons-material/Stop';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { OpenTimeLog } from '../../contract/home';
import type { TimeLogActivity } from '../../contract/timeLogs';
import { formatInZone } from '../dates';
import { spanText } from '../durations';
import { Fact } from '../layout/Fact';
import { ACTIVITY_LABELS } from '../resources/cases/records/kinds/timeLogs';
import { CaseLink } from './CaseLink';
import { HomeWidget, type WidgetData } from './HomeWidget';
import { useMinuteTicks } from './useMinuteTicks';

export interface MyTimeLogProps extends WidgetData<OpenTimeLog[]> {
  onStop: (log: OpenTimeLog) => void;
  /** The stop is being saved. */
  stopping?: boolean;
  /** Why the last stop was refused, in the server's words. */
  stopError?: Error | null;
}

/** As the case's time-logs tab writes it, counting up as each minute of billing's grid begins. */
const RunningFor = ({ start }: { start: string }) => <>{spanText(start, null, useMinuteTicks())}</>;

const RunningLog = ({
  log,
  onStop,
  stopping,
}: { log: OpenTimeLog } & Pick<MyTimeLogProps, 'onStop' | 'stopping'>) => (
  <>
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, mt: 0 }}
    >
      <Fact term="Case">
        <CaseLink caseNumber={log.caseNumber} stage={log.stage} id={log.caseId} tab="time-logs" />
      </Fact>
      <Fact term="Activity">{ACTIVITY_LABELS[log.activity as TimeLogActivity] ?? log.activity}</Fact>
      <Fact term="Started">{formatInZone(log.start, log.clientTimeZone)}</Fact>
      <Fact term="Running for">
        <RunningFor start={log.start} />
      </Fact>
    </Box>
    {log.stale && (
      <Alert severity="warning" sx={{ mb: 1 }}>
        {`Open since ${formatInZone(log.start, log.clientTimeZone)} — stale: stop it at the time the work ended, on the case's time logs.`}
      </Alert>
    )}
    <Button
      variant="contained"
      color="error"
      startIcon={stopping ? <CircularProgress size={16} color="inherit" /> : <StopIcon />}
      disabled={stopping}
      onClick={() => onStop(log)}
      aria-label={`Stop my time log on ${log.caseNumber}`}
    >
      Stop my time log
    </Button>
  </>
);

/**
 * The caller's running time logs, one per case they monitor at once (DESIGN §4), each ticking each minute,
 * flagged when stale, with a button to stop it now.
 */
export const MyTimeLog = ({ data, error, onStop, stopping = false, stopError }: MyTimeLogProps) => (
  <HomeWidget title="My time logs" data={data} error={error} skeletonLines={4}>
    {(logs) => (
      <>
        {stopError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {stopError.message}
          </Alert>
        )}
        {logs.length > 0 ? (
          <Stack spacing={2} divider={<Divider flexItem />}>
            {logs.map((log) => (
              <Box key={log.itemId}>
                <RunningLog log={log} onStop={onStop} stopping={stopping} />
              </Box>
            ))}
          </Stack>
        ) : (
          <Typography color="text.secondary">No time log running.</Typography>
        )}
      </>
    )}
  </HomeWidget>
);
