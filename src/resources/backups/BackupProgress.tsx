import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import type { Backup } from '../../../contract/backups';
import { formatBytes, formatMs } from './backupFormat';

/** The time now, every second while `ticking`. */
function useNow(ticking: boolean) {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [ticking]);
  return now;
}

interface BackupProgressProps {
  /** The running backup as last listed; none yet right after "Create backup". */
  running?: Pick<Backup, 'size' | 'createdAt'>;
}

/** A backup being written: how much so far and for how long (the size of the whole is not known ahead). */
export const BackupProgress = ({ running }: BackupProgressProps) => {
  const now = useNow(running !== undefined);
  const elapsed = running ? Math.max(0, now - Date.parse(running.createdAt)) : 0;
  return (
    <Stack role="status" spacing={1} sx={{ p: 2 }}>
      <Typography variant="body2">
        {running
          ? `Backing up the database: ${formatBytes(running.size)} written, ${formatMs(elapsed)} elapsed`
          : 'Starting the backup…'}
      </Typography>
      <LinearProgress aria-label="Backup in progress" />
    </Stack>
  );
};
