import type { ChipProps } from '@mui/material/Chip';
import type { Backup, BackupStatus } from '../../../contract/backups';

/** How a backup's fields read on screen, in the user's locale (DESIGN §7). */

export const SOURCE_LABELS: Record<Backup['source'], string> = {
  embedded: 'Embedded (PGlite)',
  postgresql: 'PostgreSQL',
};

export const STATUS_LABELS: Record<BackupStatus, string> = {
  running: 'Running',
  ready: 'Ready',
  failed: 'Failed',
};

export const STATUS_COLORS: Record<BackupStatus, ChipProps['color']> = {
  running: 'info',
  ready: 'success',
  failed: 'error',
};

const unitFormat = (unit: string, value: number, maximumFractionDigits = 0, long = false) =>
  new Intl.NumberFormat(undefined, {
    style: 'unit',
    unit,
    unitDisplay: long ? 'long' : 'short',
    maximumFractionDigits,
  }).format(value);

const SIZE_UNITS = ['kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/** "512 bytes", "1.4 kB", "23.5 MB" (decimal units, as disks and downloads count them). */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return unitFormat('byte', bytes, 0, true);
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < SIZE_UNITS.length - 1) {
    value /= 1000;
    unit++;
  }
  return unitFormat(SIZE_UNITS[unit], value, 1);
}

/** "850 ms", "2.1 sec", "3 min 5 sec": how long a dump took, or has been running. */
export function formatMs(ms: number): string {
  if (ms < 1000) return unitFormat('millisecond', Math.round(ms));
  if (ms < 60_000) return unitFormat('second', ms / 1000, 1);
  const seconds = Math.floor(ms / 1000);
  return `${unitFormat('minute', Math.floor(seconds / 60))} ${unitFormat('second', seconds % 60)}`;
}

/** The first 12 hex digits: enough to tell backups apart at a glance; the whole checksum is a hover away. */
export const shortSha = (sha256: string) => `${sha256.slice(0, 12)}…`;

export const isRunning = (backup: Pick<Backup, 'status'>) => backup.status === 'running';
