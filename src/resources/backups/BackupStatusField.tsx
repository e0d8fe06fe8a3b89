import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Backup } from '../../../contract/backups';
import { STATUS_COLORS, STATUS_LABELS } from './backupFormat';

/** The backup's status as a chip; a failed one says why. */
export const BackupStatusField = ({ backup }: { backup: Pick<Backup, 'status' | 'error'> }) => (
  <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
    <Chip size="small" label={STATUS_LABELS[backup.status]} color={STATUS_COLORS[backup.status]} />
    {backup.status === 'failed' && backup.error && (
      <Typography variant="caption" color="error">
        {backup.error}
      </Typography>
    )}
  </Stack>
);
