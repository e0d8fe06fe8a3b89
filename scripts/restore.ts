/**
 * `npm run restore -- FILE|ID [--database-url URL] [--data-dir DIR] [--sha256 HEX]`: restores a backup
 * (DESIGN §6) into the database the server would use (MIGRATION_DATABASE_URL, the owner role, else DATABASE_URL, else the embedded one in DATA_DIR), or
 * the one named. With BACKUP_S3_BUCKET set, a backup id fetches the file and its sidecar from the bucket.
 * The file is checked first against its sidecar `.json`: its SHA-256, and its HMAC under the signing key
 * (BACKUP_SIGNING_KEY, else the key file in DATA_DIR); `--sha256` lets through a file that does not check,
 * with a warning. The embedded database is refused while a server has it open. Prints what it restored.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BACKUP_ID_PATTERN } from '../contract/backups';
import { type AppConfig, loadConfig } from '../server/config';
import { readSigningKeyFile } from '../server/services/backupSigning';
import { restoreBackup } from '../server/services/restore';

const USAGE =
  'npm run restore -- data/backups/vigil-<id>.sql|<id> [--database-url postgres://…] [--data-dir DIR] [--sha256 HEX]';

/** The file to restore: as given, or fetched from the bucket into a private temporary folder. */
async function backupFile(given: string, config: AppConfig): Promise<{ file: string; cleanUp(): void }> {
  if (!config.backupS3 || !BACKUP_ID_PATTERN.test(given)) return { file: path.resolve(given), cleanUp() {} };
  const { bucket, prefix } = config.backupS3;
  console.log(`Fetching backup ${given} from s3://${bucket}/${prefix}…`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-restore-'));
  const { bucketStore } = await import('../server/services/bucketStore');
  const store = bucketStore(config.backupS3);
  try {
    return { file: await store.fetch(given, dir), cleanUp: () => fs.rmSync(dir, { recursive: true }) };
  } finally {
    store.destroy();
  }
}

/** Where the data goes, in words, without credentials. */
function describeTarget(databaseUrl: string | undefined, dataDir: string): string {
  if (!databaseUrl) return `the embedded database in ${dataDir}`;
  try {
    const url = new URL(databaseUrl);
    return `PostgreSQL database ${url.pathname.slice(1)} on ${url.host}`;
  } catch {
    return 'PostgreSQL';
  }
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      'database-url': { type: 'string' },
      'data-dir': { type: 'string' },
      sha256: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  const [file] = positionals;
  if (values.help || !file || positionals.length > 1) {
    console.error(`Usage: ${USAGE}`);
    process.exit(2);
  }
  const config = loadConfig({ ...process.env, DATA_DIR: values['data-dir'] ?? process.env.DATA_DIR });
  const databaseUrl = values['database-url'] ?? config.migrationDatabaseUrl ?? config.databaseUrl;
  const fetched = await backupFile(file, config);
  console.log(`Restoring ${fetched.file} into ${describeTarget(databaseUrl, config.dataDir)}…`);
  const summary = await restoreBackup({
    file: fetched.file,
    sha256: values.sha256,
    signingKey:
      config.backupSigningKey ??
      (await readSigningKeyFile(config.backupSigningKeyFile)) ??
      (await readSigningKeyFile(config.legacyBackupSigningKeyFile)),
    databaseUrl,
    dataDir: config.dataDir,
  }).finally(() => fetched.cleanUp());
  if (summary.warning) console.warn(`WARNING: ${summary.warning}`);
  const width = Math.max(...summary.tables.map((table) => table.table.length));
  for (const table of summary.tables) {
    console.log(`  ${table.table.padEnd(width)} ${table.rows.toLocaleString('en').padStart(12)} rows`);
  }
  console.log(
    `Restored ${(summary.bytes / 1024 / 1024).toFixed(1)} MB (SHA-256 ${summary.sha256}, ${summary.signature === 'checked' ? 'signature checked' : 'vouched for by --sha256'}): ` +
      `${summary.tables.length} tables, ${summary.rows.toLocaleString('en')} rows, then migrated and ` +
      `analyzed, in ${summary.seconds.toFixed(1)} s.`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
