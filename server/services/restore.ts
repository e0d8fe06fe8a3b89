import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { backupSchema } from '../../contract/backups';
import { openDatabase } from '../db/database';
import { portableDump, statementBatches } from '../db/dump';
import { loadDump, openRestoreTarget, RestoreRefused, type TableRows } from '../db/restore';

export { RestoreRefused };

/**
 * A restore (DESIGN §6; `npm run restore`): checks the file's SHA-256 before touching anything, then
 * replaces the target's data with the file's in one transaction, then migrates and analyzes the target
 * as a server start would. A file from either database restores into either.
 */

export type RestoreOptions = {
  /** The backup file, `vigil-<id>.sql`; its sidecar `vigil-<id>.json` beside it holds the checksum. */
  file: string;
  /** The hex SHA-256 the file must have, for a file without its sidecar. */
  sha256?: string;
  /** A PostgreSQL target; without it, the embedded database in `dataDir`. */
  databaseUrl?: string;
  dataDir: string;
};

export type RestoreSummary = {
  file: string;
  bytes: number;
  sha256: string;
  target: 'embedded' | 'postgresql';
  /** Every table of the app's schemas and its rows, as restored. */
  tables: TableRows[];
  rows: number;
  seconds: number;
};

/** The sidecar's checksum, when the file has a sidecar; refused when it names an unfinished backup. */
async function sidecarChecksum(file: string): Promise<string | undefined> {
  const sidecar = `${file.replace(/\.sql$/, '')}.json`;
  let text: string;
  try {
    text = await fsp.readFile(sidecar, 'utf8');
  } catch {
    return undefined;
  }
  const parsed = backupSchema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new RestoreRefused(`${sidecar} is not a backup's description`);
  if (parsed.data.status !== 'ready' || !parsed.data.sha256) {
    throw new RestoreRefused(`${sidecar} describes a backup that is ${parsed.data.status}, not ready`);
  }
  return parsed.data.sha256;
}

async function fileChecksum(file: string): Promise<{ sha256: string; bytes: number }> {
  const hash = crypto.createHash('sha256');
  let bytes = 0;
  await pipeline(fs.createReadStream(file), async (chunks: AsyncIterable<Buffer>) => {
    for await (const chunk of chunks) {
      hash.update(chunk);
      bytes += chunk.length;
    }
  });
  return { sha256: hash.digest('hex'), bytes };
}

/** Restores `file` into the target; throws (RestoreRefused when nothing was touched) on any failure. */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreSummary> {
  const started = performance.now();
  const { file } = options;
  if (!(await fsp.stat(file).catch(() => undefined))?.isFile())
    throw new RestoreRefused(`${file} is not a file`);
  const expected = [await sidecarChecksum(file), options.sha256?.toLowerCase()].filter(
    (sha256): sha256 is string => sha256 !== undefined,
  );
  if (expected.length === 0) {
    throw new RestoreRefused(`${file} has no sidecar .json with its checksum: give --sha256`);
  }
  const { sha256, bytes } = await fileChecksum(file);
  if (expected.some((checksum) => checksum !== sha256)) {
    throw new RestoreRefused(
      `${file} does not match its SHA-256 (${expected[0]}; the file's is ${sha256}): it is damaged or was changed. Nothing was restored.`,
    );
  }

  const target = await openRestoreTarget(options);
  let tables: TableRows[];
  try {
    tables = await loadDump(target.session, statementBatches(portableDump(fs.createReadStream(file)))).catch(
      (error: Error) => {
        throw new Error(`The restore failed and was rolled back, nothing changed: ${error.message}`, {
          cause: error,
        });
      },
    );
    // The embedded database's lock is taken again by openDatabase; PostgreSQL's is kept while migrating.
    if (target.kind === 'embedded') await target.close();
    // Migrations newer than the backup, the hours they mark pending, and statistics: as at a server start.
    const migrated = await openDatabase({
      databaseUrl: options.databaseUrl,
      dataDir: options.dataDir,
      poolMax: 1,
    });
    await migrated.close();
  } finally {
    await target.close();
  }
  return {
    file,
    bytes,
    sha256,
    target: target.kind,
    tables,
    rows: tables.reduce((sum, table) => sum + table.rows, 0),
    seconds: (performance.now() - started) / 1000,
  };
}
