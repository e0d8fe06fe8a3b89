import fsp from 'node:fs/promises';
import path from 'node:path';

/**
 * Where backups are kept (DESIGN §6): a folder (the default), or an S3 bucket that every instance shares.
 * Either way each backup is `vigil-<id>.sql` beside its sidecar `vigil-<id>.json`. A dump is always
 * written to the local folder first (owner-only); the bucket then receives the finished file.
 */

export type S3Settings = {
  bucket: string;
  /** Key prefix inside the bucket, e.g. `backups/` (empty for the bucket's root). */
  prefix: string;
  region: string;
  /** An S3-compatible server's URL (MinIO, s3rver…); unset for AWS itself. */
  endpoint?: string;
  /** Unset: the SDK's usual chain (environment, profile, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
};

export const sqlName = (id: string) => `vigil-${id}.sql`;
export const sidecarName = (id: string) => `vigil-${id}.json`;

/** Owner-only: backups hold every patient's data. */
const PRIVATE_DIR = 0o700;
export const PRIVATE_FILE = 0o600;

/** Makes the folder (owner-only), and narrows an existing one to its owner. */
export async function privateFolder(dir: string) {
  await fsp.mkdir(dir, { recursive: true, mode: PRIVATE_DIR });
  await fsp.chmod(dir, PRIVATE_DIR);
}

type StoreCommon = {
  /** Ids of every backup with a sidecar, unsorted. */
  sidecarIds(): Promise<string[]>;
  readSidecar(id: string): Promise<string | undefined>;
  writeSidecar(id: string, text: string): Promise<void>;
  /** Keeps `file`, the finished dump in the local folder (of this SHA-256), as the backup's file. */
  /** Keeps the dump; in a bucket, answers the object's ETag. */
  keepFile(id: string, file: string, sha256: string): Promise<string | undefined>;
  removeFile(id: string): Promise<void>;
};
export type FolderStore = StoreCommon & { kind: 'folder' };
export type BucketStore = StoreCommon & {
  kind: 's3';
  /** A GET of the file that works for `seconds`, downloaded as `vigil-<id>.sql`. */
  presign(id: string, seconds: number): Promise<string>;
  /** Whether the object still has the listed size and ETag. */
  unchanged(id: string, listed: { size: number; etag?: string }): Promise<boolean>;
  /** Copies the backup's file and sidecar into `dir` (for a restore); returns the file's path. */
  fetch(id: string, dir: string): Promise<string>;
  destroy(): void;
};
export type BackupStore = FolderStore | BucketStore;

export const idOfSidecar = (name: string) => /^vigil-(.+)\.json$/.exec(name)?.[1];

export function folderStore(backupDir: string): FolderStore {
  return {
    kind: 'folder',
    async sidecarIds() {
      const names = await fsp.readdir(backupDir).catch(() => [] as string[]);
      return names.flatMap((name) => idOfSidecar(name) ?? []);
    },
    readSidecar: (id) => fsp.readFile(path.join(backupDir, sidecarName(id)), 'utf8').catch(() => undefined),
    async writeSidecar(id, text) {
      const temporary = path.join(backupDir, `${sidecarName(id)}.${process.pid}.tmp`);
      await fsp.writeFile(temporary, text, { mode: PRIVATE_FILE });
      await fsp.rename(temporary, path.join(backupDir, sidecarName(id)));
    },
    async keepFile() {
      // The dump was written in place.
      return undefined;
    },
    removeFile: (id) => fsp.rm(path.join(backupDir, sqlName(id)), { force: true }),
  };
}
