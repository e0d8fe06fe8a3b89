import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type HttpError, useDataProvider, useNotify } from 'react-admin';
import type { Backup, BackupLink } from '../../../contract/backups';
import type { AppDataProvider } from '../../dataProvider';
import { BACKUPS_RESOURCE } from '../../dataProvider/resourcePaths';
import { formatBytes } from './backupFormat';

/**
 * Takes a backup. The call answers only once the dump is written (a minute on a big database); meanwhile
 * the list, polled, shows it running. The list is read again either way.
 */
export function useCreateBackup() {
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation<Backup, HttpError>({
    mutationFn: () => dataProvider.createBackup(),
    onSuccess: (backup) =>
      backup.status === 'failed'
        ? notify(`The backup failed: ${backup.error}`, { type: 'error' })
        : notify(`Backup ${backup.fileName} is ready (${formatBytes(backup.size)})`, { type: 'success' }),
    onError: (error) => notify(error.message, { type: 'error' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [BACKUPS_RESOURCE] }),
  });
}

/** Follows a signed link with a hidden `download` anchor: the file comes without the API's token. */
function startDownload({ url, fileName }: BackupLink) {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.hidden = true;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

/** Asks for a short-lived download link (it expires within a minute: one per click), then follows it. */
export function useDownloadBackup() {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  return useMutation<BackupLink, HttpError, Pick<Backup, 'id'>>({
    mutationFn: ({ id }) => dataProvider.getBackupLink(id),
    onSuccess: startDownload,
    onError: (error) => notify(`The download could not start: ${error.message}`, { type: 'error' }),
  });
}
