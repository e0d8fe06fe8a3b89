/** What the benchmark scripts share: their options, the database, the real app with a real token, timing. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { type Database, openDatabase } from '../../server/db/database';
import { DEMO_PASSWORD } from '../../server/identity/demoUsers';
import { startLocalIdentity } from '../../server/identity/localIdentity';
import { freePort } from '../../tests/api/support/freePort';
import { fetchIdToken } from '../../tests/api/support/identity';

/** `--database-url` (or BENCH_DATABASE_URL) and the script's own boolean flags; exits with `usage` without a URL. */
export function benchArguments<Flag extends string>(usage: string, flags: readonly Flag[] = []) {
  const options = Object.fromEntries(flags.map((flag) => [flag, { type: 'boolean' as const }]));
  const { values } = parseArgs({ options: { 'database-url': { type: 'string' }, ...options } });
  const named: Record<string, string | boolean | undefined> = values;
  const databaseUrl = values['database-url'] ?? process.env.BENCH_DATABASE_URL;
  if (!databaseUrl) {
    console.error(`Usage: ${usage}\n(or set BENCH_DATABASE_URL)`);
    process.exit(2);
  }
  const flagValues = Object.fromEntries(flags.map((flag) => [flag, named[flag] === true]));
  return { databaseUrl, ...(flagValues as Record<Flag, boolean>) };
}

/** The URL without its credentials, to print. */
export const shownUrl = (url: string) => url.replace(/\/\/[^@/]*@/, '//');

export type BenchDatabase = Database & { workDir: string };

/** Runs `run` with the PostgreSQL database opened (and migrated), and a scratch folder for the run. */
export async function withBenchDatabase(
  databaseUrl: string,
  run: (database: BenchDatabase) => Promise<void>,
) {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-bench-'));
  try {
    const database = await openDatabase({ databaseUrl, dataDir: workDir, poolMax: 4 });
    try {
      await run({ ...database, workDir });
    } finally {
      await database.close();
    }
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

/**
 * Runs `run` with the real app on an OS-assigned port against the database, calling it with an
 * administrator's id token from a local identity emulator, so the measured path includes token and role
 * checks.
 */
export async function withBenchApp(database: BenchDatabase, run: (app: BenchApp) => Promise<void>) {
  const { workDir } = database;
  const identity = await startLocalIdentity({
    dir: path.join(workDir, 'identity'),
    port: await freePort(),
    log: () => {},
  });
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    DATA_DIR: workDir,
    STATIC_DIR: path.join(workDir, 'none'),
  });
  try {
    const app = await buildApp({ config, database, cognito: identity });
    try {
      const address = await app.listen({ host: '127.0.0.1', port: 0 });
      const token = await fetchIdToken(identity, 'admin', DEMO_PASSWORD);
      await run({
        async get(pathAndQuery) {
          const response = await fetch(`${address}${config.apiBaseUrl}${pathAndQuery}`, {
            headers: { authorization: token },
          });
          if (!response.ok)
            throw new Error(`${pathAndQuery}: HTTP ${response.status}: ${await response.text()}`);
          return response.json();
        },
      });
    } finally {
      await app.close();
    }
  } finally {
    await identity.stop();
  }
}

export type BenchApp = {
  /** GETs a path under the API base with the administrator's token; an answer other than 2xx throws. */
  get(pathAndQuery: string): Promise<{ data: unknown; total?: number }>;
};

/** Runs a script's `main`; a failure is printed and ends the process with status 1. */
export function runScript(main: () => Promise<void>) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}

/** Runs `run` `calls` times after one warm-up call and prints the median, p95 and max. */
export async function timed(label: string, run: (call: number) => Promise<unknown>, calls = 200) {
  await run(0); // warm-up: first-use costs (connections, plan cache) are not what we measure
  const durations: number[] = [];
  for (let call = 0; call < calls; call++) {
    const start = performance.now();
    await run(call);
    durations.push(performance.now() - start);
  }
  durations.sort((a, b) => a - b);
  const at = (fraction: number) =>
    durations[Math.min(durations.length - 1, Math.floor(fraction * durations.length))];
  console.log(
    `${label.padEnd(52)} median ${at(0.5).toFixed(2)} ms   p95 ${at(0.95).toFixed(2)} ms   max ${durations.at(-1)?.toFixed(2)} ms   (${calls} calls)`,
  );
}
