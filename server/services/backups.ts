import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  BACKUP_ID_PATTERN,
  BACKUP_LINK_SECONDS,
  type Backup,
  type BackupLink,
  backupSchema,
} from '../../contract/backups';
import type { ListQuery } from '../../contract/list';
import { API_PATHS } from '../../contract/paths';
import type { Database } from '../db/database';
import { DUMP_ARGS, portableDump } from '../db/dump';
import { AppError, conflict, forbidden, notFound } from '../errors';

/**
 * Backups (DESIGN §6): each one a plain-SQL file `vigil-<id>.sql` in the backup folder, beside a sidecar
 * `vigil-<id>.json` holding its metadata. The files are the truth (no table: a restore must not lose the
 * list). One backup at a time; the dump runs outside the API's event loop (pg_dump as a child process at
 * a lower priority, PGlite's pg_dump in the database worker) and streams to disk while it is hashed.
 * Downloads go through short-lived links signed with HMAC-SHA256.
 */

export type BackupSort = 'createdAt' | 'size';

export type BackupServiceOptions = {
  backupDir: string;
  /** Where the API is served (`/api`): download links are `${apiBaseUrl}/backups/{id}/file?…`. */
  apiBaseUrl: string;
  linkSecret: string;
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

/** Runs pg_dump on `databaseUrl`, its output on stdout; the password goes through the environment, never argv. */
function spawnPgDump(pgDump: string, databaseUrl: string) {
  let target = databaseUrl;
  const env = { ...process.env };
  try {
    const url = new URL(databaseUrl);
    if (url.password) {
      env.PGPASSWORD = decodeURIComponent(url.password);
      url.password = '';
      target = url.toString();
    }
  } catch {
    // a `key=value` connection string: passed as it is
  }
  const child = spawn(pgDump, [...DUMP_ARGS, `--dbname=${target}`], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (text: string) => {
    stderr = (stderr + text).slice(-4000);
  });
  const exited = new Promise<void>((resolve, reject) => {
    child.once('error', (error) =>
      reject(new Error(`${pgDump} could not be started (set PG_DUMP to its path): ${error.message}`)),
    );
    child.once('close', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(stderr || `${pgDump} stopped (${signal ?? `exit ${code}`})`)),
    );
  });
  if (child.pid !== undefined) {
    try {
      // Like `nice`: the API's own work comes first on a busy machine.
      os.setPriority(child.pid, os.constants.priority.PRIORITY_BELOW_NORMAL);
    } catch {
      // not permitted here: it runs at normal priority
    }
  }
  return { output: child.stdout, exited, stop: () => child.kill() };
}

/**
 * Opens the backup folder's service. Sidecars left `running` by a process that stopped mid-backup are
 * marked failed ("interrupted"); a folder that does not exist yet is made at the first backup.
 */
export async function openBackupService(options: BackupServiceOptions) {
  const { backupDir, database } = options;
  const sqlPath = (id: string) => path.join(backupDir, `vigil-${id}.sql`);
  const sidecarPath = (id: string) => path.join(backupDir, `vigil-${id}.json`);
  /** PGlite's dump as its pg_dump wrote it, before it is made portable. */
  const rawPath = (file: string) => `${file}.raw`;
  const source: Backup['source'] = database.kind === 'pglite' ? 'embedded' : 'postgresql';
  /** The backup being written, and how many bytes of it are on disk. */
  let running: { backup: Backup; written: number; done: Promise<Backup> } | undefined;

  async function writeSidecar(backup: Backup) {
    const temporary = `${sidecarPath(backup.id)}.${process.pid}.tmp`;
    await fsp.writeFile(temporary, `${JSON.stringify(backup, null, 2)}\n`);
    await fsp.rename(temporary, sidecarPath(backup.id));
  }

  async function readSidecar(id: string): Promise<Backup | undefined> {
    try {
      const parsed = backupSchema.safeParse(JSON.parse(await fsp.readFile(sidecarPath(id), 'utf8')));
      return parsed.success && parsed.data.id === id ? parsed.data : undefined;
    } catch {
      return undefined;
    }
  }

  /** Every backup the folder holds, the running one with its size so far. */
  async function allBackups(): Promise<Backup[]> {
    let names: string[];
    try {
      names = await fsp.readdir(backupDir);
    } catch {
      return [];
    }
    const ids = names.flatMap((name) => {
      const id = /^vigil-(.+)\.json$/.exec(name)?.[1];
      return id && BACKUP_ID_PATTERN.test(id) ? [id] : [];
    });
    const backups = await Promise.all(ids.map(readSidecar));
    return backups.flatMap((backup) => {
      if (!backup) return [];
      if (backup.id === running?.backup.id) return [{ ...backup, size: running.written }];
      return [backup];
    });
  }

  /** The dump of the database into `file`, as the portable format, hashed on the way; counts bytes as written. */
  async function dumpTo(file: string, progress: { written: number }) {
    const hash = crypto.createHash('sha256');
    async function* measured(text: AsyncIterable<string>) {
      for await (const piece of text) {
        const bytes = Buffer.from(piece);
        hash.update(bytes);
        yield bytes;
        progress.written += bytes.length;
      }
    }
    const write = (output: Readable) => pipeline(output, portableDump, measured, fs.createWriteStream(file));
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
    return { size: progress.written, sha256: hash.digest('hex') };
  }

  async function runBackup(backup: Backup, progress: { written: number }): Promise<Backup> {
    const started = performance.now();
    let finished: Backup;
    try {
      const { size, sha256 } = await dumpTo(sqlPath(backup.id), progress);
      finished = { ...backup, status: 'ready', size, sha256 };
    } catch (error) {
      await fsp.rm(sqlPath(backup.id), { force: true });
      finished = { ...backup, status: 'failed', size: 0, error: reasonOf(error) };
    }
    finished = {
      ...finished,
      finishedAt: new Date().toISOString(),
      ms: Math.round(performance.now() - started),
    };
    await writeSidecar(finished);
    return finished;
  }

  const sign = (id: string, expires: number) =>
    crypto.createHmac('sha256', options.linkSecret).update(`${id}:${expires}`).digest('hex');

  // A backup left `running` by a process that stopped is not coming back.
  for (const backup of await allBackups()) {
    if (backup.status === 'running') {
      await writeSidecar({
        ...backup,
        status: 'failed',
        error: 'interrupted',
        finishedAt: new Date().toISOString(),
      });
      await fsp.rm(sqlPath(backup.id), { force: true });
      await fsp.rm(rawPath(sqlPath(backup.id)), { force: true });
    }
  }

  async function get(id: string): Promise<Backup> {
    const backup = await readSidecar(id);
    if (!backup) throw notFound('No such backup');
    return backup;
  }

  const sortKeys: Record<BackupSort, (a: Backup, b: Backup) => number> = {
    createdAt: (a, b) => a.createdAt.localeCompare(b.createdAt),
    size: (a, b) => a.size - b.size,
  };

  return {
    /** One page of the backups, sorted; the running one too. */
    async list(query: ListQuery<BackupSort>) {
      const direction = query.order === 'DESC' ? -1 : 1;
      const compare = sortKeys[query.sort];
      const rows = (await allBackups()).sort(
        (a, b) => direction * (compare(a, b) || a.id.localeCompare(b.id)),
      );
      const start = (query.page - 1) * query.perPage;
      return { rows: rows.slice(start, start + query.perPage), total: rows.length };
    },

    /**
     * Starts a backup and resolves when it is finished, ready or failed (the sidecar says why). Only one at
     * a time: while one runs, a second is refused.
     */
    async create(createdBy: string): Promise<Backup> {
      if (running) throw conflict('A backup is already running');
      const now = new Date();
      const id = newBackupId(now);
      const backup: Backup = {
        id,
        fileName: path.basename(sqlPath(id)),
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
      running = progress;
      try {
        await fsp.mkdir(backupDir, { recursive: true });
        await writeSidecar(backup);
      } catch (error) {
        running = undefined;
        throw new AppError(500, `The backup folder cannot be written: ${reasonOf(error)}`);
      }
      progress.done = runBackup(backup, progress).finally(() => {
        running = undefined;
      });
      return progress.done;
    },

    /** The backup's metadata, or 404. */
    get,

    /** A download link that works for BACKUP_LINK_SECONDS; 409 for a backup that has no finished file. */
    async link(id: string): Promise<BackupLink> {
      const backup = await get(id);
      if (backup.status !== 'ready' || !backup.sha256) {
        throw conflict(
          backup.status === 'running' ? 'The backup is still running' : 'The backup failed: it has no file',
        );
      }
      const expires = Math.floor(Date.now() / 1000) + BACKUP_LINK_SECONDS;
      const query = new URLSearchParams({ expires: String(expires), signature: sign(id, expires) });
      return {
        url: `${options.apiBaseUrl}${API_PATHS.backupFile(id)}?${query}`,
        expiresAt: new Date(expires * 1000).toISOString(),
        sha256: backup.sha256,
        fileName: backup.fileName,
        size: backup.size,
      };
    },

    /** The file, when `signature` signs `id` and `expires` and that moment has not passed; else 403. */
    async download(id: string, expires: number, signature: string): Promise<BackupDownload> {
      const expected = Buffer.from(sign(id, expires), 'hex');
      const given = Buffer.from(signature, 'hex');
      if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) {
        throw forbidden('This download link is not valid');
      }
      if (Date.now() > expires * 1000) throw forbidden('This download link has expired');
      const backup = await get(id);
      if (backup.status !== 'ready') throw notFound('The backup has no file');
      const handle = await fsp.open(sqlPath(id)).catch(() => {
        throw notFound("The backup's file is missing");
      });
      return { backup, stream: handle.createReadStream() };
    },

    /** Waits for a running backup to finish (the app closing). */
    async close() {
      await running?.done;
    },
  };
}
