/**
 * `npm run bench:floor -- --database-url postgres://…` (or BENCH_DATABASE_URL): how much CPU does Vigil spend
 * per list or details request beyond the SQL it runs? On a database loaded by `npm run seed:large`, starts
 * the real server (`server/main.ts`, in its own process) and a floor (./support/floorServer.ts, in its own
 * process: bare Fastify + pg running the same list and details SQL and the same audit insert per read), and
 * drives both with the same open-loop generator as `npm run bench:load`, side by side: at each rate, each
 * run measures Vigil and then the floor, on the same requests (`Accept-Encoding: br, gzip`).
 *
 * For each run and each server it prints the latencies, the CPU per request of the server process (its CPU
 * time over the requests sent) and of its PostgreSQL backends, and the cores other processes used (a run
 * where they used more than 0.2 cores is VOID); then per rate the medians with their spread and the ratio
 * Vigil / floor of the median CPU per request (the target: at most 1.5). A server's ladder stops at the
 * first rate it misses (p99 ≥ 50 ms or an error); the other goes on.
 *
 * Options: `--calls lists,details`, `--rates 50,100,200,300,400,500`, `--seconds 20`, `--runs 3`,
 * `--port N` (Vigil on N, its identity on N+1, the floor on N+2; free ports by default), `--log-level info`.
 * A smoke run: `--seconds 2 --runs 1 --rates 20`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { addMonths } from '../contract/billingMonths';
import { monthIn } from '../contract/calendar';
import { API_PATHS } from '../contract/paths';
import { freePort } from '../tests/api/support/freePort';
import { runScript, shownUrl } from './support/bench';
import {
  APPLICATION_NAME,
  backendPids,
  databaseCounters,
  databaseSetup,
  listPaths,
  postgresWorkload,
  startServer,
} from './support/loadTarget';
import { browserGet, measureRate, pause, type RateSummary, shownSpread, warmUp } from './support/openLoop';

const FLOOR_APPLICATION_NAME = 'vigil-bench-floor';
const TARGET_MS = 50;
const TARGET_RATIO = 1.5;

const { values: options } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    calls: { type: 'string', default: 'lists,details' },
    rates: { type: 'string', default: '50,100,200,300,400,500' },
    seconds: { type: 'string', default: '20' },
    runs: { type: 'string', default: '3' },
    port: { type: 'string' },
    'log-level': { type: 'string', default: 'info' },
  },
});

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/** Starts the floor in its own process and waits until it answers. */
async function startFloor(databaseUrl: string, port: number) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'scripts/support/floorServer.ts')],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        FLOOR_DATABASE_URL: databaseUrl,
        FLOOR_PORT: String(port),
        FLOOR_APPLICATION_NAME,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const address = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error(`The floor ended with status ${child.exitCode}`);
    try {
      if ((await fetch(`${address}/health`)).ok) return { child, address };
    } catch (error) {
      if (attempt > 600) throw error;
    }
    await pause(100);
  }
}

type Row = { call: string; rate: number; vigil?: RateSummary; floor?: RateSummary };

async function main() {
  const databaseUrl = options['database-url'] ?? process.env.BENCH_DATABASE_URL;
  const seconds = Number(options.seconds);
  const runs = Number(options.runs);
  const rates = options.rates.split(',').map(Number);
  const calls = options.calls.split(',');
  if (
    !databaseUrl ||
    !(seconds > 0) ||
    !(runs >= 1) ||
    calls.some((call) => !['lists', 'details'].includes(call))
  ) {
    console.error(
      'Usage: npm run bench:floor -- --database-url postgres://user@host:5432/name [--calls lists,details] [--rates …] [--seconds 20] [--runs 3] [--port N]',
    );
    process.exit(2);
  }
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-bench-floor-'));
  const children: ChildProcess[] = [];
  try {
    const workload = await postgresWorkload(admin);
    const first = workload.busiest[0];
    if (!first) throw new Error('No clients: run npm run seed:large first');
    console.log(
      `Database: ${shownUrl(databaseUrl)} (${await databaseSetup(admin)}); ${os.cpus().length} CPUs; ${seconds} s a run, ${runs} run(s) a rate, Vigil then the floor in each`,
    );
    const base = options.port ? Number(options.port) : undefined;
    const vigil = await startServer(databaseUrl, workDir, {
      logLevel: options['log-level'],
      port: base,
      identityPort: base === undefined ? undefined : base + 1,
    });
    children.push(vigil.child);
    const floor = await startFloor(databaseUrl, base === undefined ? await freePort() : base + 2);
    children.push(floor.child);
    const adminPid = (await admin.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]
      ?.pid as number;
    const backendsOf = (applicationName: string) => () => backendPids(admin, applicationName);
    /** One server measured, the other (and its backends) counted as ours beside it. */
    const side = (
      name: string,
      server: { child: ChildProcess; address: string },
      applicationName: string,
      other: { child: ChildProcess },
      otherApplicationName: string,
    ) => {
      const get = browserGet(server.address, () => vigil.token);
      const otherBackends = backendsOf(otherApplicationName);
      return {
        name,
        get,
        stopped: false,
        sources: {
          serverPid: server.child.pid as number,
          serverBackends: backendsOf(applicationName),
          otherOurs: async () => [other.child.pid as number, adminPid, ...(await otherBackends())],
          database: () => databaseCounters(admin),
        },
      };
    };
    const sides = [
      side('Vigil', vigil, APPLICATION_NAME, floor, FLOOR_APPLICATION_NAME),
      side('floor', floor, FLOOR_APPLICATION_NAME, vigil, APPLICATION_NAME),
    ];

    const month = addMonths(monthIn(first.timeZone), -1);
    const pathsOf: Record<string, string[]> = {
      lists: listPaths(first.id, month),
      details: workload.sample.map(({ id }) => API_PATHS.caseDetails(id)),
    };
    const rows: Row[] = [];
    for (const call of calls) {
      const paths = pathsOf[call] as string[];
      const at = (i: number) => paths[i % paths.length] as string;
      for (const measured of sides) {
        measured.stopped = false;
        await warmUp((i) => measured.get(at(i)), Math.max(30, Math.min(paths.length, 200)));
      }
      console.log(`\n${call} (p99 target ${TARGET_MS} ms; CPU ratio target ≤ ${TARGET_RATIO})`);
      for (const rate of rates) {
        const active = sides.filter((measured) => !measured.stopped);
        if (active.length === 0) break;
        await vigil.renewToken();
        const summaries = await measureRate(
          rate,
          seconds,
          runs,
          active.map((measured) => ({
            ...measured,
            send: (i: number, signal: AbortSignal) => measured.get(at(i), signal),
          })),
          TARGET_MS,
        );
        const row: Row = { call, rate };
        for (const [index, measured] of active.entries()) {
          const summary = summaries[index];
          if (measured.name === 'Vigil') row.vigil = summary;
          else row.floor = summary;
          if (summary?.verdict === 'misses') measured.stopped = true;
        }
        const ratio = ratioOf(row);
        if (ratio) console.log(`  Vigil / floor, CPU per request: ${ratio}`);
        rows.push(row);
      }
    }
    printTable(rows);
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(
      children.map((child) =>
        child.exitCode === null ? new Promise((resolve) => child.once('exit', resolve)) : undefined,
      ),
    );
    await admin.end();
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

/** The ratios of the median CPU per request, app alone and app + PostgreSQL, with the void mark. */
function ratioOf({ vigil, floor }: Row): string | undefined {
  if (!vigil || !floor) return undefined;
  const total = (summary: RateSummary) => summary.appCpu.median + (summary.dbCpu?.median ?? 0);
  const app = vigil.appCpu.median / floor.appCpu.median;
  const both = total(vigil) / total(floor);
  const verdict = vigil.void || floor.void ? 'VOID' : app <= TARGET_RATIO ? 'within target' : 'over target';
  return `app ${app.toFixed(2)}×, app + PostgreSQL ${both.toFixed(2)}× (${verdict})`;
}

function printTable(rows: Row[]) {
  console.log(
    '\n| call | rate | Vigil p99 ms, median (min–max) | floor p99 ms | Vigil CPU ms/request, app + PostgreSQL | floor CPU ms/request | Vigil / floor |',
  );
  console.log('|---|---|---|---|---|---|---|');
  const p99 = (summary?: RateSummary) =>
    summary
      ? `${shownSpread(summary.p99)} ${summary.verdict === 'misses' && summary.void ? 'misses (void)' : summary.verdict}`
      : '–';
  const cpu = (summary?: RateSummary) =>
    summary
      ? `${shownSpread(summary.appCpu, 2)} + ${summary.dbCpu ? shownSpread(summary.dbCpu, 2) : '?'}`
      : '–';
  for (const row of rows) {
    console.log(
      `| ${row.call} | ${row.rate}/s | ${p99(row.vigil)} | ${p99(row.floor)} | ${cpu(row.vigil)} | ${cpu(row.floor)} | ${ratioOf(row) ?? '–'} |`,
    );
  }
}

runScript(main);
