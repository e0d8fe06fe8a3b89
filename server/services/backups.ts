import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BACKUP_ID_PATTERN, BACKUP_LINK_SECONDS, type Backup, type BackupLink } from '../../contract/backups';
import type { ListQuery } from '../../contract/list';
import { API_PATHS } from '../../contract/paths';
import type { Database } from '../db/database';
import { portableDump } from '../db/dump';
import { AppError, conflict, forbidden, notFound } from '../errors';
import { clusterBackupLock, spawnPgDump } from './backupProcess';
import { backupDigest, digestOf, type Sidecar, sameDigest, sidecarSchema } from './backupSigning';
import {
  type BackupStore,
  folderStore,
  PRIVATE_FILE,
  privateFolder,
  type S3Settings,
  sqlName,
} from './backupStore';

/**
 * Backups (DESIGN §6): each one a plain-SQL file `vigil-<id>.sql` in the backup folder (or an S3 bucket
 * every instance shares), beside a sidecar `vigil-<id>.json` holding its metadata, its SHA-256 and its
 * HMAC under the signing key. The files are the truth (no table: a restore must not lose the list). One
 * backup at a time, across instances on PostgreSQL too (an advisory lock); the dump runs outside the API's
 * event loop (pg_dump as a child process at a lower priority, PGlite's pg_dump in the database worker) and
 * streams to an owner-only file while it is hashed. Downloads go through short-lived links signed with
 * HMAC-SHA256 (the folder's file, checked against its listing first) or presigned by S3.
 */

export type BackupSort = 'createdAt' | 'size';

export type BackupServiceOptions = {
  backupDir: string;
  /** Where the API is served (`/api`): download links are `${apiBaseUrl}/backups/{id}/file?…`. */
  apiBaseUrl: string;
  linkSecret: string;
  /** Keys each file's HMAC in its sidecar, which a restore checks. */
  signingKey: string;
  /** Keep backups in this bucket instead of the folder (the folder then only holds a dump being written). */
  s3?: S3Settings;
  /** The `pg_dump` to run for PostgreSQL. */
  pgDump: string;
  database: Pick<Database, 'kind' | 'databaseUrl' | 'dumpEmbedded'>;
};

/** A download: the file, for the holder of a valid link. */
export type BackupDownload = { backup: Backup; stream: Readable };

export type BackupService = Awaited<ReturnType<typeof openBackupService>>;

/** `20261123T101500Z-3f9a1c`: the start (UTC, to the second) and 6 random hex digits. */
function newBackupId(at: Date): string {
  const stamp = at.toISOString().replace(/[-:]|\.\d{3}/g, '');
  return `${stamp}-${crypto.randomBytes(3).toString('hex')}`;
}

/** The tool's own words, trimmed (its last lines say why it stopped); no data is in them. */
function reasonOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.trim().slice(-1000) || 'The dump failed';
}

/** Refused with 409: the file is not the one listed (it grew, shrank or changed since the backup). */
const changedOnDisk = () => conflict('The backup changed on disk: it no longer matches its checksum');

/**
 * Opens the backup service over its folder or bucket. Sidecars left `running` by a process that stopped
 * mid-backup are marked failed ("interrupted") when no instance holds the backup lock; a folder that does
 * not exist yet is made at the first backup.
 */
export async function openBackupService(options: BackupServiceOptions) {
  const { backupDir, database } = options;
  const store: BackupStore = options.s3
    ? (await import('./bucketStore')).bucketStore(options.s3)
    : folderStore(backupDir);
  /** Where a dump is written: the backup itself for the folder, a staging copy for the bucket. */
  const sqlPath = (id: string) => path.join(backupDir, sqlName(id));
  /** PGlite's dump as its pg_dump wrote it, before it is made portable. */
  const rawPath = (file: string) => `${file}.raw`;
  const source: Backup['source'] = database.kind === 'pglite' ? 'embedded' : 'postgresql';
  /** The backup being written, and how many bytes of it are on disk. */
  let running: { backup: Backup; written: number; done: Promise<Backup> } | undefined;

  const writeSidecar = (sidecar: Sidecar) =>
    store.writeSidecar(sidecar.id, `${JSON.stringify(sidecar, null, 2)}\n`);

  async function readSidecar(id: string): Promise<Sidecar | undefined> {
    try {
      const text = await store.readSidecar(id);
      const parsed = text === undefined ? undefined : sidecarSchema.safeParse(JSON.parse(text));
      return parsed?.success && parsed.data.id === id ? parsed.data : undefined;
    } catch {
      return undefined;
    }
  }

  /** What the API shows of a sidecar: everything but the HMAC. */
  const listed = ({ hmacSha256: _hmac, etag: _etag, ...backup }: Sidecar): Backup => backup;

  /** Every backup kept, the running one with its size so far. */
  async function allSidecars(): Promise<Sidecar[]> {
    const ids = (await store.sidecarIds()).filter((id) => BACKUP_ID_PATTERN.test(id));
    const sidecars = await Promise.all(ids.map(readSidecar));
    return sidecars.flatMap((sidecar) => {
      if (!sidecar) return [];
      if (sidecar.id === running?.backup.id) return [{ ...sidecar, size: running.written }];
      return [sidecar];
    });
  }

  /** The dump of the database into `file` (owner-only), portable, hashed and signed on the way. */
  async function dumpTo(file: string, progress: { written: number }) {
    const digest = backupDigest(options.signingKey);
    async function* measured(text: AsyncIterable<string>) {
      for await (const piece of text) {
        const bytes = Buffer.from(piece);
        digest.update(bytes);
        yield bytes;
        progress.written += bytes.length;
      }
    }
    const write = (output: Readable) =>
      pipeline(output, portableDump, measured, fs.createWriteStream(file, { mode: PRIVATE_FILE }));
    if (database.dumpEmbedded) {
      // PGlite's pg_dump writes its whole output at once, inside the worker; then it is made portable here.
      const raw = rawPath(file);
      try {
        await database.dumpEmbedded(raw);
        await write(fs.createReadStream(raw));
      } finally {
        await fsp.rm(raw, { force: true });
      }
    } else {
      if (!database.databaseUrl) throw new Error('No database URL to back up');
      const { output, exited, stop } = spawnPgDump(options.pgDump, database.databaseUrl);
      const written = write(output).catch((error) => {
        stop(); // the file cannot be written: pg_dump need not go on
        throw error;
      });
      await Promise.all([written, exited]);
    }
    const { sha256, hmacSha256 } = digest.digest();
    return { size: progress.written, sha256, hmacSha256: hmacSha256 ?? null };
  }

  async function runBackup(backup: Backup, progress: { written: number }): Promise<Backup> {
    const started = performance.now();
    let finished: Sidecar;
    try {
      const signed = await dumpTo(sqlPath(backup.id), progress);
      const etag = await store.keepFile(backup.id, sqlPath(backup.id), signed.sha256);
      finished = { ...backup, status: 'ready', ...signed, ...(etag ? { etag } : {}) };
    } catch (error) {
      await fsp.rm(sqlPath(backup.id), { force: true });
      await store.removeFile(backup.id).catch(() => {});
      finished = { ...backup, status: 'failed', size: 0, error: reasonOf(error) };
    }
    finished = {
      ...finished,
      finishedAt: new Date().toISOString(),
      ms: Math.round(performance.now() - started),
    };
    await writeSidecar(finished);
    return listed(finished);
  }

  const sign = (id: string, expires: number) =>
    crypto.createHmac('sha256', options.linkSecret).update(`${id}:${expires}`).digest('hex');

  /** A backup left `running` by a process that stopped is not coming back (unless an instance holds the lock). */
  async function markInterrupted() {
    const left = (await allSidecars()).filter((sidecar) => sidecar.status === 'running');
    if (left.length === 0) return;
    const release = await clusterBackupLock(database);
    if (!release) return; // another instance is backing up: it may be one of these
    try {
      for (const sidecar of left) {
        await writeSidecar({
          ...sidecar,
          status: 'failed',
          error: 'interrupted',
          finishedAt: new Date().toISOString(),
        });
        await fsp.rm(sqlPath(sidecar.id), { force: true });
        await fsp.rm(rawPath(sqlPath(sidecar.id)), { force: true });
        if (store.kind === 's3') await store.removeFile(sidecar.id).catch(() => {});
      }
    } finally {
      await release();
    }
  }
  // A folder an older version left readable by others is narrowed; one this user may not change is
  // left to the first backup, which then fails saying why (and to the self-checks).
  if (await fsp.stat(backupDir).catch(() => undefined)) await privateFolder(backupDir).catch(() => {});
  await markInterrupted();

  async function getSidecar(id: string): Promise<Sidecar> {
    const sidecar = await readSidecar(id);
    if (!sidecar) throw notFound('No such backup');
    return sidecar;
  }

  /** A ready backup, or 409 saying why it has no file. */
  async function readyBackup(id: string): Promise<Sidecar & { sha256: string }> {
    const sidecar = await getSidecar(id);
    if (sidecar.status !== 'ready' || !sidecar.sha256) {
      throw conflict(
        sidecar.status === 'running' ? 'The backup is still running' : 'The backup failed: it has no file',
      );
    }
    return { ...sidecar, sha256: sidecar.sha256 };
  }

  /**
   * The folder's file, exactly its listed bytes: its size, SHA-256 and HMAC are checked first (409 when
   * they differ), then only the listed length is read, so bytes added later are never sent.
   */
  async function openListedFile(sidecar: Sidecar & { sha256: string }): Promise<Readable> {
    const handle = await fsp.open(sqlPath(sidecar.id)).catch(() => {
      throw notFound("The backup's file is missing");
    });
    try {
      if ((await handle.stat()).size !== sidecar.size || sidecar.size === 0) throw changedOnDisk();
      const range = { start: 0, end: sidecar.size - 1 };
      const found = await digestOf(
        handle.createReadStream({ ...range, autoClose: false }),
        options.signingKey,
      );
      const signed = !sidecar.hmacSha256 || sameDigest(found.hmacSha256 ?? '', sidecar.hmacSha256);
      if (!sameDigest(found.sha256, sidecar.sha256) || !signed) throw changedOnDisk();
      return handle.createReadStream(range);
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  const sortKeys: Record<BackupSort, (a: Backup, b: Backup) => number> = {
    createdAt: (a, b) => a.createdAt.localeCompare(b.createdAt),
    size: (a, b) => a.size - b.size,
  };

  return {
    /** Where backups are kept. */
    storage: store.kind,

    /** One page of the backups, sorted; the running one too. */
    async list(query: ListQuery<BackupSort>) {
      const direction = query.order === 'DESC' ? -1 : 1;
      const compare = sortKeys[query.sort];
      const rows = (await allSidecars())
        .map(listed)
        .sort((a, b) => direction * (compare(a, b) || a.id.localeCompare(b.id)));
      const start = (query.page - 1) * query.perPage;
      return { rows: rows.slice(start, start + query.perPage), total: rows.length };
    },

    /**
     * Starts a backup and resolves when it is finished, ready or failed (the sidecar says why). Only one at
     * a time: while one runs here or on another instance, a second is refused.
     */
    async create(createdBy: string): Promise<Backup> {
      if (running) throw conflict('A backup is already running');
      const now = new Date();
      const id = newBackupId(now);
      const backup: Backup = {
        id,
        fileName: sqlName(id),
        status: 'running',
        size: 0,
        sha256: null,
        source,
        createdBy,
        createdAt: now.toISOString(),
        finishedAt: null,
        ms: null,
        error: null,
      };
      const progress = { backup, written: 0, done: Promise.resolve(backup) };
      running = progress; // before any await: a second call in this process is refused at once
      let release: (() => Promise<void>) | undefined;
      try {
        release = await clusterBackupLock(database);
        if (!release) throw conflict('A backup is already running');
        await privateFolder(backupDir);
        await writeSidecar(backup);
      } catch (error) {
        running = undefined;
        await release?.();
        if (error instanceof AppError) throw error;
        throw new AppError(500, `The backup folder cannot be written: ${reasonOf(error)}`);
      }
      const unlock = release;
      progress.done = runBackup(backup, progress).finally(async () => {
        running = undefined;
        await unlock();
      });
      return progress.done;
    },

    /** The backup's metadata, or 404. */
    get: async (id: string): Promise<Backup> => listed(await getSidecar(id)),

    /**
     * A download link that works for BACKUP_LINK_SECONDS: this API's signed link for the folder, a
     * presigned GET for the bucket; 409 for a backup that has no finished file.
     */
    async link(id: string): Promise<BackupLink> {
      const backup = await readyBackup(id);
      if (store.kind === 's3') {
        const sidecar = await getSidecar(id);
        // The object must still be the one listed: its size and the ETag the bucket gave it.
        if (!(await store.unchanged(id, { size: backup.size, etag: sidecar.etag })))
          throw conflict('The backup changed in the bucket: it no longer matches its listing');
      }
      const expires = Math.floor(Date.now() / 1000) + BACKUP_LINK_SECONDS;
      const query = new URLSearchParams({ expires: String(expires), signature: sign(id, expires) });
      return {
        url:
          store.kind === 's3'
            ? await store.presign(id, BACKUP_LINK_SECONDS)
            : `${options.apiBaseUrl}${API_PATHS.backupFile(id)}?${query}`,
        expiresAt: new Date(expires * 1000).toISOString(),
        sha256: backup.sha256,
        fileName: backup.fileName,
        size: backup.size,
      };
    },

    /**
     * The folder's file, when `signature` signs `id` and `expires` and that moment has not passed (else
     * 403), and the file is still the one listed (else 409).
     */
    async download(id: string, expires: number, signature: string): Promise<BackupDownload> {
      if (!sameDigest(signature, sign(id, expires))) throw forbidden('This download link is not valid');
      if (Date.now() > expires * 1000) throw forbidden('This download link has expired');
      if (store.kind === 's3') throw notFound('Backups are kept in object storage: ask for a new link');
      const backup = await getSidecar(id);
      if (backup.status !== 'ready' || !backup.sha256) throw notFound('The backup has no file');
      const stream = await openListedFile({ ...backup, sha256: backup.sha256 });
      return { backup: listed(backup), stream };
    },

    /** Waits for a running backup to finish (the app closing). */
    async close() {
      await running?.done;
      if (store.kind === 's3') store.destroy();
    },
  };
}
