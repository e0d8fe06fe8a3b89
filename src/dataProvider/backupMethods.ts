import type { Backup, BackupLink } from '../../contract/backups';
import { API_PATHS } from '../../contract/paths';
import type { HttpClient } from './httpClient';

/**
 * Backups (DESIGN §6, §8 "Administration", admins only); the list is read through `getList` on the
 * `backups` resource, where a running backup shows its size so far.
 */
export function backupMethods(httpClient: HttpClient) {
  return {
    /** Dumps the database (no body); answers once the file is written (up to a minute); 409 while one runs. */
    createBackup: async () => (await httpClient<Backup>(API_PATHS.backups, { method: 'POST' })).data,
    /** A short-lived link that downloads the file without a token, and the checksum the file matches. */
    getBackupLink: async (id: string) =>
      (await httpClient<BackupLink>(API_PATHS.backup(encodeURIComponent(id)))).data,
  };
}
