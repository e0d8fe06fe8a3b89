import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { recordAudit } from '../db/audit';
import { openDatabase } from '../db/database';
import { portableDump, statementBatches } from '../db/dump';
import { loadDump, openRestoreTarget, RestoreRefused, type TableRows } from '../db/restore';
import { digestOf, type Sidecar, sameDigest, sidecarSchema } from './backupSigning';

/**
 * A restore (DESIGN §6; `npm run restore`): checks the file before touching anything (its SHA-256 and
 * size against its sidecar, and the sidecar's HMAC under the installation's signing key, so a file
 * changed and given a new checksum is refused), then replaces the target's data with the file's in one
 * transaction, then migrates and analyzes the target as a server start would, and records the restore in
 * the restored database's audit log. A file from either database restores into either.
 */

export type RestoreOptions = {
  /** The backup file, `vigil-<id>.sql`; its sidecar `vigil-<id>.json` beside it holds the checksums. */
  file: string;
  /**
   * The hex SHA-256 the file must have. Given, it also lets through a file whose signature cannot be
   * checked (no sidecar, unsigned, or signed with another key): the operator vouches for the file, and
   * the summary carries a warning.
   */
  sha256?: string;
  /** The installation's BACKUP_SIGNING_KEY (or its local key file's); without it no signature checks. */
  signingKey?: string;
  /** A PostgreSQL target; without it, the embedded database in `dataDir`. */
  databaseUrl?: string;
  dataDir: string;
  /** Who restored, for the audit log: the operating-system user by default. */
  actor?: string;
};

export type RestoreSummary = {
  file: string;
  bytes: number;
  sha256: string;
  /** `checked`: the HMAC matched; `vouched`: restored on the operator's SHA-256 instead. */
  signature: 'checked' | 'vouched';
  /** Why the signature did not check, when the operator's SHA-256 let the file through. */
  warning?: string;
  target: 'embedded' | 'postgresql';
  /** Every table of the app's schemas and its rows, as restored. */
  tables: TableRows[];
  rows: number;
  seconds: number;
};

/** The file's sidecar, when it has one; refused when it is not one or names an unfinished backup. */
async function readSidecar(file: string): Promise<Sidecar | undefined> {
  const sidecar = `${file.replace(/\.sql$/, '')}.json`;
  let text: string;
  try {
    text = await fsp.readFile(sidecar, 'utf8');
  } catch {
    return undefined;
  }
  let parsed: ReturnType<typeof sidecarSchema.safeParse>;
  try {
    parsed = sidecarSchema.safeParse(JSON.parse(text));
  } catch {
    throw new RestoreRefused(`${sidecar} is not a backup's description`);
  }
  if (!parsed.success) throw new RestoreRefused(`${sidecar} is not a backup's description`);
  if (parsed.data.status !== 'ready' || !parsed.data.sha256) {
    throw new RestoreRefused(`${sidecar} describes a backup that is ${parsed.data.status}, not ready`);
  }
  return parsed.data;
}

/** Why the file's signature does not check, or undefined when it does. */
function unsigned(sidecar: Sidecar | undefined, signingKey: string | undefined, hmac: string | undefined) {
  if (!sidecar) return 'has no sidecar .json with its checksum and signature';
  if (!sidecar.hmacSha256) return 'is not signed (its sidecar has no HMAC)';
  if (!signingKey || !hmac) return 'cannot be checked: no signing key (set BACKUP_SIGNING_KEY)';
  if (!sameDigest(hmac, sidecar.hmacSha256)) {
    return "is not signed with this installation's key: it was changed and re-signed, or comes from elsewhere";
  }
  return undefined;
}

/**
 * The file's checks, read through `handle`: refused unless it matches every checksum and its signature
 * (or the operator's SHA-256).
 */
async function checkFile(options: RestoreOptions, handle: fsp.FileHandle) {
  const { file } = options;
  const sidecar = await readSidecar(file);
  const given = options.sha256?.toLowerCase();
  const { sha256, hmacSha256, bytes } = await digestOf(
    handle.createReadStream({ start: 0, autoClose: false }),
    options.signingKey,
  );
  if (bytes === 0) throw new RestoreRefused(`${file} is empty. Nothing was restored.`);
  for (const expected of [sidecar?.sha256, given]) {
    if (expected && expected !== sha256) {
      throw new RestoreRefused(
        `${file} does not match its SHA-256 (${expected}; the file's is ${sha256}): it is damaged or was changed. Nothing was restored.`,
      );
    }
  }
  if (sidecar && sidecar.size !== bytes) {
    throw new RestoreRefused(
      `${file} is ${bytes} bytes, its sidecar says ${sidecar.size}. Nothing was restored.`,
    );
  }
  const why = unsigned(sidecar, options.signingKey, hmacSha256);
  if (why && !given) {
    throw new RestoreRefused(
      `${file} ${why}. Nothing was restored. To restore it anyway, give the SHA-256 you trust with --sha256.`,
    );
  }
  return {
    sha256,
    bytes,
    signature: why ? ('vouched' as const) : ('checked' as const),
    warning: why && `${file} ${why}; restored because its SHA-256 was given (--sha256)`,
  };
}

/** Restores `file` into the target; throws (RestoreRefused when nothing was touched) on any failure. */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreSummary> {
  const started = performance.now();
  const { file } = options;
  if (!(await fsp.stat(file).catch(() => undefined))?.isFile())
    throw new RestoreRefused(`${file} is not a file`);
  // One open file for the check and the load, the load no longer than what was checked: a file renamed
  // over or appended to between the two is not what gets restored.
  const handle = await fsp.open(file);
  try {
    return await restoreChecked(options, handle, started);
  } finally {
    await handle.close();
  }
}

async function restoreChecked(
  options: RestoreOptions,
  handle: fsp.FileHandle,
  started: number,
): Promise<RestoreSummary> {
  const { file } = options;
  const checked = await checkFile(options, handle);
  const checkedBytes = handle.createReadStream({ start: 0, end: checked.bytes - 1, autoClose: false });

  const target = await openRestoreTarget(options);
  let tables: TableRows[];
  try {
    tables = await loadDump(target.session, statementBatches(portableDump(checkedBytes))).catch(
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
      analyze: 'always',
    });
    try {
      // After the reload, so the entry is in the restored database (the old one's log is gone with it).
      await recordAudit(migrated.db, {
        actor: options.actor ?? `${os.userInfo().username} (restore command)`,
        action: 'backup.restore',
        resource: 'backups',
        resourceId: /^vigil-(.+)\.sql$/.exec(path.basename(file))?.[1] ?? path.basename(file),
        outcome: 'ok',
        details: {
          sha256: checked.sha256,
          bytes: checked.bytes,
          signature: checked.signature,
          rows: tables.reduce((sum, table) => sum + table.rows, 0),
        },
      });
    } finally {
      await migrated.close();
    }
  } finally {
    await target.close();
  }
  return {
    file,
    ...checked,
    target: target.kind,
    tables,
    rows: tables.reduce((sum, table) => sum + table.rows, 0),
    seconds: (performance.now() - started) / 1000,
  };
}
