import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useNotify } from 'react-admin';
import { useHome, useStopTimeLog } from './homeQueries';
import { MyCases } from './MyCases';
import { MyTimeLog } from './MyTimeLog';
import { ReportsDue } from './ReportsDue';
import { StageCounts } from './StageCounts';
import { UpdatedAt } from './UpdatedAt';

/**
 * The caller's own work (GET /getHome): the case lists' counts, their active cases, their running logs and
 * the reports they owe; those reports first when `reportsFirst` (a reader's home opens on them).
 */
export const MyWork = ({ reportsFirst = false }: { reportsFirst?: boolean }) => {
  const { data: home, error, dataUpdatedAt } = useHome();
  const stop = useStopTimeLog();
  const notify = useNotify();
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 2 }}>
        <Typography variant="h6" component="h2">
          My work
        </Typography>
        <UpdatedAt at={dataUpdatedAt} />
      </Box>
      {reportsFirst && <ReportsDue data={home?.reportsDue} error={error} />}
      <StageCounts data={home?.stageCounts} error={error} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '2fr 1fr' } }}>
        <MyCases data={home?.myCases} error={error} />
        <MyTimeLog
          data={home?.openTimeLogs}
          error={error}
          onStop={(log) =>
            stop.mutate(log, { onSuccess: () => notify('Time log stopped', { type: 'success' }) })
          }
          stopping={stop.isPending}
          stopError={stop.error}
        />
      </Box>
      {!reportsFirst && <ReportsDue data={home?.reportsDue} error={error} />}
    </>
  );
};
