import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import type { Backup } from '../../../contract/backups';
import { useDownloadBackup } from './backupQueries';

/** "Download" on a ready backup: a fresh signed link each time, followed at once. */
export const DownloadBackupButton = ({ backup }: { backup: Pick<Backup, 'id' | 'fileName'> }) => {
  const download = useDownloadBackup();
  return (
    <Button
      size="small"
      startIcon={<DownloadIcon />}
      aria-label={`Download ${backup.fileName}`}
      disabled={download.isPending}
      onClick={() => download.mutate(backup)}
    >
      Download
    </Button>
  );
};
