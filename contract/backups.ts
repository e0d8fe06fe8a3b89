import { z } from 'zod';
import { listQuerySchema } from './list';

/**
 * Backups (DESIGN §6, §8 "Administration"): one plain-SQL file per backup that restores into either
 * database, with its SHA-256. A backup is listed while it is written (`running`, its size so far), so the
 * page can show progress; a failed one keeps its reason. Downloads go through a short-lived signed link.
 */

const BACKUP_STATUSES = ['running', 'ready', 'failed'] as const;
export type BackupStatus = (typeof BACKUP_STATUSES)[number];

/** The database a backup was taken from. */
const BACKUP_SOURCES = ['embedded', 'postgresql'] as const;

/** `20261123T101500Z-3f9a1c`: when it was started (UTC), then 6 random hex digits. */
export const BACKUP_ID_PATTERN = /^\d{8}T\d{6}Z-[0-9a-f]{6}$/;
export const backupIdSchema = z.string().regex(BACKUP_ID_PATTERN, 'is not a backup id');

export const backupSchema = z.object({
  id: z.string(),
  /** `vigil-<id>.sql` */
  fileName: z.string(),
  status: z.enum(BACKUP_STATUSES),
  /** Bytes written so far while running; the file's size once ready. */
  size: z.number().int(),
  /** Hex SHA-256 of the file; null until it is ready. */
  sha256: z.string().nullable(),
  source: z.enum(BACKUP_SOURCES),
  createdBy: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** How long the dump took, once finished. */
  ms: z.number().int().nullable(),
  /** Why it failed (no patient data: the dump tool's message only). */
  error: z.string().nullable(),
});
export type Backup = z.infer<typeof backupSchema>;

export const backupListQuery = listQuerySchema(['createdAt', 'size'], 'createdAt', 'DESC');

/** How long a download link works. */
export const BACKUP_LINK_SECONDS = 60;

/** GET /backups/{id}: a short-lived signed link to the file and the checksum it must match. */
export const backupLinkSchema = z.object({
  url: z.string(),
  expiresAt: z.string(),
  sha256: z.string(),
  fileName: z.string(),
  size: z.number().int(),
});
export type BackupLink = z.infer<typeof backupLinkSchema>;
