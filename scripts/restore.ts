/**
 * `npm run restore -- FILE [--database-url URL] [--data-dir DIR] [--sha256 HEX]`: restores a backup
 * (DESIGN §6) into the database the server would use (DATABASE_URL, else the embedded one in DATA_DIR), or
 * the one named. The file's SHA-256 is checked against its sidecar `.json` (or `--sha256`) first; the
 * embedded database is refused while a server has it open. Prints what it restored.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config';
import { restoreBackup } from '../server/services/restore';

const USAGE =
  'npm run restore -- data/backups/vigil-<id>.sql [--database-url postgres://…] [--data-dir DIR] [--sha256 HEX]';

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
  const databaseUrl = values['database-url'] ?? config.databaseUrl;
  console.log(`Restoring ${file} into ${describeTarget(databaseUrl, config.dataDir)}…`);
  const summary = await restoreBackup({
    file: path.resolve(file),
    sha256: values.sha256,
    databaseUrl,
    dataDir: config.dataDir,
  });
  const width = Math.max(...summary.tables.map((table) => table.table.length));
  for (const table of summary.tables) {
    console.log(`  ${table.table.padEnd(width)} ${table.rows.toLocaleString('en').padStart(12)} rows`);
  }
  console.log(
    `Restored ${(summary.bytes / 1024 / 1024).toFixed(1)} MB (SHA-256 ${summary.sha256} checked): ` +
      `${summary.tables.length} tables, ${summary.rows.toLocaleString('en')} rows, then migrated and ` +
      `analyzed, in ${summary.seconds.toFixed(1)} s.`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
