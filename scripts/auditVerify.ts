/**
 * `npm run audit:verify`: walks the audit log's hash chain in the database the server uses (DATABASE_URL,
 * else the embedded one in DATA_DIR, which a running server holds: stop it first) and reports the first
 * broken link. Exits 1 when the chain is broken.
 */
import { loadConfig } from '../server/config';
import { chainLength, firstBrokenLink } from '../server/db/auditChain';
import { openDatabase } from '../server/db/database';

async function main() {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    migrationDatabaseUrl: config.migrationDatabaseUrl,
    dataDir: config.dataDir,
    poolMax: 1,
  });
  try {
    const broken = await firstBrokenLink(database.db);
    if (broken) {
      console.error(
        `The audit log's chain is broken at entry ${broken.id} (position ${broken.chainSeq ?? 'none'}): ${broken.problem}.`,
      );
      process.exitCode = 1;
    } else {
      console.log(
        `The audit log's chain holds: ${await chainLength(database.db)} entries, none changed or missing.`,
      );
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
