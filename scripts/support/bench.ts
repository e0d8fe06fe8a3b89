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
export async function withBenchApp(
  database: BenchDatabase,
  run: (app: BenchApp) => Promise<void>,
  /** Settings beyond the benchmark's, as environment variables (e.g. `HL7_MLLP_PORT`). */
  env: Record<string, string> = {},
) {
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
    // One user calls hundreds of times a second here: the per-user limit would measure itself.
    RATE_LIMIT_MAX: '10000000',
    ...env,
  });
  try {
    const app = await buildApp({ config, database, cognito: identity });
    try {
      const address = await app.listen({ host: '127.0.0.1', port: 0 });
      const token = await fetchIdToken(identity, 'admin', DEMO_PASSWORD);
      const send = async (pathAndQuery: string, init: RequestInit = {}) => {
        const response = await fetch(`${address}${config.apiBaseUrl}${pathAndQuery}`, {
          ...init,
          headers: { authorization: token, ...(init.body ? { 'content-type': 'application/json' } : {}) },
        });
        if (!response.ok)
          throw new Error(`${pathAndQuery}: HTTP ${response.status}: ${await response.text()}`);
        return response.json();
      };
      await run({
        get: (pathAndQuery) => send(pathAndQuery),
        post: (pathAndQuery, body) => send(pathAndQuery, { method: 'POST', body: JSON.stringify(body) }),
        put: (pathAndQuery, body) => send(pathAndQuery, { method: 'PUT', body: JSON.stringify(body) }),
        mllpPort: app.mllpPort,
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
  /** POSTs a JSON body the same way (a benchmark that writes says so). */
  post(pathAndQuery: string, body: unknown): Promise<{ data: unknown }>;
  /** PUTs a JSON body the same way. */
  put(pathAndQuery: string, body: unknown): Promise<{ data: unknown }>;
  /** The inbound HL7 listener's port, with HL7_MLLP_PORT set. */
  mllpPort?: number;
};

/** Runs a script's `main`; a failure is printed and ends the process with status 1. */
export function runScript(main: () => Promise<void>) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}

/** Prints the median, p95 and max of a call's durations (ms). */
function printDurations(label: string, durations: number[]) {
  durations.sort((a, b) => a - b);
  const at = (fraction: number) =>
    durations[Math.min(durations.length - 1, Math.floor(fraction * durations.length))];
  console.log(
    `${label.padEnd(52)} median ${at(0.5).toFixed(2)} ms   p95 ${at(0.95).toFixed(2)} ms   max ${durations.at(-1)?.toFixed(2)} ms   (${durations.length} calls)`,
  );
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
  printDurations(label, durations);
}

/**
 * Like `timed`, for calls that depend on each other (create, then revise what was created): each run
 * calls `lap(label)` after each of its calls, which times that call since the previous lap; one line per label.
 */
export async function timedSteps(run: (lap: (label: string) => void) => Promise<void>, calls = 200) {
  const durations = new Map<string, number[]>();
  for (let call = 0; call <= calls; call++) {
    let since = performance.now();
    await run((label) => {
      const now = performance.now();
      if (call > 0) {
        // Call 0 warms up, as in `timed`.
        const steps = durations.get(label) ?? [];
        steps.push(now - since);
        durations.set(label, steps);
      }
      since = now;
    });
  }
  for (const [label, steps] of durations) printDurations(label, steps);
}
