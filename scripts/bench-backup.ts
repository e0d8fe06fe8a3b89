/**
 * `npm run bench:backup -- [--database-url postgres://…]` (default: the large seed in
 * postgres://postgres@127.0.0.1:5432/vigil_seed, see `npm run seed:large`): how long does a backup take,
 * and does the API keep answering meanwhile (DESIGN §6)? Starts the real app against the database, takes
 * a backup through POST /backups while loops of API reads run (the monitoring list, a client's page,
 * getHome), and prints the backup's time and size and the reads' latency before and during it; then
 * restores the file into a scratch database `<name>_restore` (created and dropped) and prints that time.
 * Prints figures; asserts nothing. Writes only the backup's audit entries.
 */
import path from 'node:path';
import pg from 'pg';
import type { Backup } from '../contract/backups';
import { API_PATHS } from '../contract/paths';
import { clients } from '../server/db/schema';
import { readSigningKeyFile } from '../server/services/backupSigning';
import { restoreBackup } from '../server/services/restore';
import {
  type BenchApp,
  benchArguments,
  runScript,
  shownUrl,
  withBenchApp,
  withBenchDatabase,
} from './support/bench';

/** Loops of reads running side by side, as a few users would. */
const READERS = 4;
/** How long the reads run before the backup, for the figures to compare with. */
const BASELINE_MS = 3000;

type Read = { start: number; ms: number };

/** Each reader's calls in turn until `stop()`; every call's start and duration. */
function readLoops(app: BenchApp, clientIds: number[]) {
  const calls = [
    () => app.get(`${API_PATHS.caseStage('monitoring')}?page=1&perPage=25`),
    (call: number) => app.get(API_PATHS.client(clientIds[call % clientIds.length] ?? 1)),
    () => app.get(API_PATHS.home),
  ];
  const reads: Read[] = [];
  let running = true;
  const loops = Array.from({ length: READERS }, async (_, reader) => {
    for (let call = reader; running; call++) {
      const start = performance.now();
      await calls[call % calls.length]?.(call);
      reads.push({ start, ms: performance.now() - start });
    }
  });
  return {
    reads,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

function latency(label: string, reads: Read[]) {
  const sorted = reads.map((read) => read.ms).sort((a, b) => a - b);
  const p95 = sorted[Math.min(sorted.length - 1, Math.floor(0.95 * sorted.length))] ?? 0;
  console.log(
    `${label.padEnd(34)} p95 ${p95.toFixed(1)} ms   longest ${(sorted.at(-1) ?? 0).toFixed(1)} ms   (${sorted.length} reads)`,
  );
}

/** The URL of database `name` on the server of `url`. */
function databaseNamed(url: string, name: string): string {
  const other = new URL(url);
  other.pathname = `/${name}`;
  return other.toString();
}

async function main() {
  process.env.BENCH_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/vigil_seed';
  const { databaseUrl } = benchArguments(
    'npm run bench:backup -- --database-url postgres://user@host:5432/name',
  );
  console.log(`Database: ${shownUrl(databaseUrl)}`);
  await withBenchDatabase(databaseUrl, async (database) => {
    const clientIds = (await database.db.select({ id: clients.id }).from(clients).limit(200)).map(
      (client) => client.id,
    );
    let file = '';
    await withBenchApp(database, async (app) => {
      const loops = readLoops(app, clientIds);
      await new Promise((resolve) => setTimeout(resolve, BASELINE_MS));
      const started = performance.now();
      const { data } = await app.post(API_PATHS.backups, undefined);
      const finished = performance.now();
      await loops.stop();
      const backup = data as Backup;
      file = path.join(database.workDir, 'backups', backup.fileName);
      console.log(
        `Backup: ${((finished - started) / 1000).toFixed(1)} s (the dump ${((backup.ms ?? 0) / 1000).toFixed(1)} s), ` +
          `${(backup.size / 1024 / 1024).toFixed(1)} MB, SHA-256 ${backup.sha256}`,
      );
      latency(
        'API reads before the backup',
        loops.reads.filter((read) => read.start < started),
      );
      latency(
        'API reads during the backup',
        loops.reads.filter((read) => read.start >= started && read.start < finished),
      );
    });

    const scratchName = `${new URL(databaseUrl).pathname.slice(1)}_restore`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      await admin.query(`drop database if exists "${scratchName}" with (force)`);
      await admin.query(`create database "${scratchName}"`);
      const summary = await restoreBackup({
        file,
        databaseUrl: databaseNamed(databaseUrl, scratchName),
        dataDir: database.workDir,
        // The key the bench's server made in its backup folder, as `npm run restore` reads it.
        signingKey: await readSigningKeyFile(path.join(database.workDir, 'backups', '.signing-key')),
      });
      console.log(
        `Restore into ${scratchName}: ${summary.seconds.toFixed(1)} s (${summary.tables.length} tables, ` +
          `${summary.rows.toLocaleString('en')} rows; checksum, load, migrations and ANALYZE)`,
      );
    } finally {
      await admin.query(`drop database if exists "${scratchName}" with (force)`);
      await admin.end();
    }
  });
}

runScript(main);
