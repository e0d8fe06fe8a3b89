import BackupIcon from '@mui/icons-material/Backup';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { Query } from '@tanstack/react-query';
import { DataTable, ExportButton, type GetListResult, List, TopToolbar, useListContext } from 'react-admin';
import type { Backup } from '../../../contract/backups';
import { safeExporter } from '../../csv';
import { RetryAlert } from '../../customRoutes/RetryAlert';
import { formatDateTime } from '../../dates';
import { PageHeading } from '../../layout/PageHeading';
import { BackupProgress } from './BackupProgress';
import { BackupStatusField } from './BackupStatusField';
import { formatBytes, formatMs, isRunning, SOURCE_LABELS } from './backupFormat';
import { useCreateBackup } from './backupQueries';
import { ChecksumField } from './ChecksumField';
import { DownloadBackupButton } from './DownloadBackupButton';
import { RestoreHelp } from './RestoreHelp';

const Col = DataTable.Col<Backup>;

/** While a backup runs, the list is read every second: the running row shows its size so far. */
const POLL_MS = 1000;

interface CreatingProps {
  /** "Create backup" was pressed and its call has not answered yet. */
  creating: boolean;
}

const BackupActions = ({ creating, onCreate }: CreatingProps & { onCreate: () => void }) => {
  const { data } = useListContext<Backup>();
  return (
    <TopToolbar>
      <Button
        variant="contained"
        size="small"
        startIcon={<BackupIcon />}
        disabled={creating || data?.some(isRunning)}
        onClick={onCreate}
      >
        Create backup
      </Button>
      {/* Named also when a phone shows it as a bare icon, disabled while there is nothing to export. */}
      <ExportButton aria-label="Export" />
    </TopToolbar>
  );
};

/** The progress bar while a backup is being written, whoever started it. */
const Progress = ({ creating }: CreatingProps) => {
  const { data } = useListContext<Backup>();
  const running = data?.find(isRunning);
  return creating || running ? <BackupProgress running={running} /> : null;
};

const ReadError = () => {
  const { error, refetch } = useListContext();
  return <RetryAlert onRetry={() => refetch()}>The backups could not be read: {error?.message}</RetryAlert>;
};

const NoBackups = () => (
  <Typography color="text.secondary" sx={{ p: 2 }}>
    No backups yet. “Create backup” writes the whole database to one file.
  </Typography>
);

/**
 * `/backups` (DESIGN §9): create a backup (with its progress while the dump runs), the backups with who
 * took them, when, from which database, their size and SHA-256; download a ready one; how to restore.
 */
export const BackupList = () => {
  const create = useCreateBackup();
  const creating = create.isPending;
  const refetchInterval = (query: Query<GetListResult<Backup>, Error>) =>
    creating || query.state.data?.data.some(isRunning) ? POLL_MS : false;
  return (
    <>
      <PageHeading>Backups</PageHeading>
      <List<Backup>
        title="Backups"
        sort={{ field: 'createdAt', order: 'DESC' }}
        perPage={25}
        actions={<BackupActions creating={creating} onCreate={() => create.mutate()} />}
        exporter={safeExporter}
        empty={false}
        error={<ReadError />}
        queryOptions={{ refetchInterval }}
      >
        <Progress creating={creating} />
        <DataTable rowClick={false} bulkActionButtons={false} empty={<NoBackups />}>
          <Col source="createdAt" label="When" render={(backup) => formatDateTime(backup.createdAt)} />
          <Col source="createdBy" label="Who" disableSort />
          <Col source="source" disableSort render={(backup) => SOURCE_LABELS[backup.source]} />
          <Col source="size" render={(backup) => formatBytes(backup.size)} />
          <Col
            source="sha256"
            label="SHA-256"
            disableSort
            render={(backup) => <ChecksumField sha256={backup.sha256} />}
          />
          <Col
            source="ms"
            label="Duration"
            disableSort
            render={(backup) => (backup.ms === null ? '—' : formatMs(backup.ms))}
          />
          <Col source="status" disableSort render={(backup) => <BackupStatusField backup={backup} />} />
          <Col
            source="fileName"
            label="Download"
            disableSort
            render={(backup) => (backup.status === 'ready' ? <DownloadBackupButton backup={backup} /> : null)}
          />
        </DataTable>
      </List>
      <RestoreHelp />
    </>
  );
};
