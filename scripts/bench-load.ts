/**
 * `npm run bench:load -- --database-url postgres://…` (or BENCH_DATABASE_URL): how many requests a second
 * does the server hold at volume? Reuses a database loaded by `npm run seed:large` (it neither resets nor
 * seeds), starts the real server (`server/main.ts`, in its own process, as `npm start` runs it, logging at
 * its usual level to nowhere) against it, signs in as an administrator, and for each call drives an
 * open-loop rate ladder: at each rate a request is sent every 1/rate s for `--seconds`, whatever the
 * earlier ones are doing, and each is timed from its scheduled send (so queueing counts). A call's ladder
 * stops at the first rate whose p99 misses its target.
 *
 * Per call it prints one serial p50/p95, then per rate: achieved rate, p50/p99/max, errors, the server's and
 * PostgreSQL's CPU ms per request (from /proc: the server process, and the backends of its connections,
 * found by `application_name`; PostgreSQL must run on this machine to count its part), and the 1-minute load
 * average at the end of the step. Last, a table: the highest rate holding the target, with its figures.
 * Other work on the machine shows in the load average: read the figures beside it.
 *
 * `npm run bench:load -- --pglite` (no database URL) measures the server on its embedded default database
 * instead: it starts the server as above, without DATABASE_URL, on a fresh temporary DATA_DIR, so the server
 * opens PGlite there (in a worker thread of its own process) and seeds its demo data, as `npm start` does
 * on a first start; the bench waits for that, then takes its sample of cases and the busiest clients from
 * the API (the stage lists). PGlite's CPU is the server process's own, so it is counted in the app's figure
 * and printed as "in-process".
 *
 * Options: `--calls lists,details,statement,summary,home2,home,mix` (default all but `mix` on PostgreSQL,
 * `mix` alone with `--pglite`; `mix` rotates over the stage lists, case details, getHome and getHome2),
 * `--rates 100,200` (replaces every chosen call's ladder), `--seconds 4` (per step), `--log-level info`,
 * `--profile DIR` (the server's CPU profile, written when it stops).
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { addMonths } from '../contract/billing';
import { monthIn } from '../contract/calendar';
import { CASE_STAGES } from '../contract/cases';
import { API_PATHS } from '../contract/paths';
import { runScript, shownUrl } from './support/bench';
import {
  apiWorkload,
  backendPids,
  cpuMsOf,
  cpuOf,
  postgresWorkload,
  startServer,
  type Workload,
} from './support/loadTarget';

const API_BASE = '/api';

type Call = {
  name: string;
  label: string;
  /** p99 target in ms. */
  target: number;
  rates: number[];
  /** The path (under the API base) of the i-th request. */
  path: (i: number) => string;
};

const CALL_NAMES = ['lists', 'details', 'statement', 'summary', 'home2', 'home', 'mix'];
/** The calls run without `--calls`: every call but the read mix on PostgreSQL, the read mix alone on PGlite. */
const DEFAULT_CALLS = { postgres: CALL_NAMES.filter((name) => name !== 'mix'), pglite: ['mix'] };

const { values: options } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    pglite: { type: 'boolean', default: false },
    calls: { type: 'string' },
    rates: { type: 'string' },
    seconds: { type: 'string', default: '4' },
    'log-level': { type: 'string', default: 'info' },
    profile: { type: 'string' },
  },
});

type Step = {
  rate: number;
  achieved: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  appCpu: number;
  pgCpu: number | undefined;
  load: number;
};

const percentile = (sorted: number[], fraction: number) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))];

async function main() {
  const embedded = options.pglite === true;
  const databaseUrl = embedded ? undefined : (options['database-url'] ?? process.env.BENCH_DATABASE_URL);
  if (embedded && options['database-url']) {
    console.error('--pglite runs on the embedded database: leave out --database-url');
    process.exit(2);
  }
  if (!embedded && !databaseUrl) {
    console.error(
      'Usage: npm run bench:load -- --database-url postgres://user@host:5432/name [--calls …] [--rates …] [--seconds 4]\n' +
        '   or: npm run bench:load -- --pglite [--calls …] [--rates …] [--seconds 4]   (embedded PGlite, demo data)',
    );
    process.exit(2);
  }
  const seconds = Number(options.seconds);
  const chosen = options.calls ? options.calls.split(',') : DEFAULT_CALLS[embedded ? 'pglite' : 'postgres'];
  const unknown = chosen.filter((name) => !CALL_NAMES.includes(name));
  if (unknown.length) throw new Error(`Unknown calls ${unknown.join(', ')}`);
  const rates = options.rates?.split(',').map(Number);
  const machine = `${os.cpus().length} CPUs; ${seconds} s a step`;

  // PostgreSQL: the volume, busiest clients and sample straight from the database, before the server starts.
  let admin: pg.Client | undefined;
  let workload: Workload | undefined;
  if (databaseUrl) {
    admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    const { rows: volume } = await admin.query<{ cases: string; logs: string }>(
      'select (select count(*) from cases) as cases, (select reltuples::bigint from pg_class where relname = $1) as logs',
      ['case_time_logs'],
    );
    workload = await postgresWorkload(admin);
    if (!workload.busiest[0]) throw new Error('No clients: run npm run seed:large first');
    console.log(
      `Database: ${shownUrl(databaseUrl)}: ${volume[0]?.cases} cases, ~${volume[0]?.logs} time logs; ${machine}`,
    );
  }

  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-bench-load-'));
  let child: ChildProcess | undefined;
  try {
    if (embedded)
      console.log('Starting the server on a fresh embedded PGlite (it seeds its demo data first)…');
    const server = await startServer(databaseUrl, workDir, {
      profile: options.profile,
      logLevel: options['log-level'],
    });
    child = server.child;
    const serverPid = child.pid as number;
    const send = async (pathAndQuery: string) => {
      const response = await fetch(`${server.address}${API_BASE}${pathAndQuery}`, {
        headers: { authorization: server.token },
      });
      if (!response.ok) {
        await response.arrayBuffer();
        throw new Error(`${pathAndQuery}: HTTP ${response.status}`);
      }
      return response;
    };
    const get = async (pathAndQuery: string) => {
      await (await send(pathAndQuery)).arrayBuffer();
    };

    // PGlite: the same from the API, on the demo data the server has just seeded.
    if (!workload) {
      const { cases, ...fromApi } = await apiWorkload(async (pathAndQuery) =>
        (await send(pathAndQuery)).json(),
      );
      workload = fromApi;
      if (!workload.sample[0]) throw new Error('No cases: the server seeded no demo data');
      console.log(
        `Database: embedded PGlite, demo data: ${cases} cases (in the server's process: its CPU counts in the app's, shown "in-process"); ${machine}`,
      );
    }
    const { busiest, sample } = workload;
    const first = busiest[0] as Workload['busiest'][number];
    const thisMonth = monthIn(first.timeZone);
    const lastMonth = addMonths(thisMonth, -1);
    const range = `from=${addMonths(thisMonth, -11)}&to=${thisMonth}`;

    const stageListPaths = CASE_STAGES.map((stage) => `${API_PATHS.caseStage(stage)}?perPage=25`);
    const listPaths = [
      ...stageListPaths,
      `${API_PATHS.caseAssignments}?perPage=25`,
      `${API_PATHS.caseStage('closed')}?perPage=25&page=40`,
      `${API_PATHS.caseStage('closed')}?perPage=25&clientId=${first.id}`,
    ];
    const pick = <T>(list: T[], i: number) => list[i % list.length] as T;
    // The read mix: a stage list, a case's details, getHome, getHome2, in turn.
    const mixPaths: ((i: number) => string)[] = [
      (i) => pick(stageListPaths, i),
      (i) => API_PATHS.caseDetails(pick(sample, i).id),
      () => API_PATHS.home,
      () => API_PATHS.home2,
    ];
    const ladder = [10, 25, 50, 100, 150, 200, 250, 300, 400, 500, 600];
    const allCalls: Call[] = [
      {
        name: 'lists',
        label: 'stage-list mix',
        target: 50,
        rates: ladder,
        path: (i) => pick(listPaths, i),
      },
      {
        name: 'details',
        label: 'case details',
        target: 50,
        rates: ladder,
        path: (i) => API_PATHS.caseDetails(pick(sample, i).id),
      },
      {
        name: 'statement',
        label: 'client-month statement',
        target: 50,
        rates: [5, 10, 25, 50, 75, 100, 150],
        path: (i) => API_PATHS.billingCycle(pick(busiest, i).id, lastMonth),
      },
      {
        name: 'summary',
        label: '12-month summary',
        target: 200,
        rates: [2, 5, 10, 25, 50, 75, 100],
        path: () => `${API_PATHS.hoursSummary}?${range}`,
      },
      {
        name: 'home2',
        label: 'getHome2',
        target: 50,
        rates: [2, 5, 10, 25, 50, 75, 100, 150],
        path: () => API_PATHS.home2,
      },
      { name: 'home', label: 'getHome', target: 50, rates: ladder, path: () => API_PATHS.home },
      {
        name: 'mix',
        label: 'read mix',
        target: 150,
        rates: [25, 50, 100, 150, 200, 250, 300, 400],
        path: (i) => pick(mixPaths, i)(Math.floor(i / mixPaths.length)),
      },
    ];
    const calls = allCalls.filter((call) => chosen.includes(call.name));
    /** PostgreSQL's CPU ms per request as printed: "in-process" on PGlite, "?" when it could not be read. */
    const pgCpuShown = (step: Step) => (embedded ? 'in-process' : (step.pgCpu?.toFixed(2) ?? '?'));

    const summary: { call: Call; serial: [number, number]; best?: Step; steps: Step[] }[] = [];
    for (const call of calls) {
      // Warm-up (connections, plan caches, JIT of the server's code), then one serial p50/p95.
      for (let i = 0; i < 30; i++) await get(call.path(i));
      const serial: number[] = [];
      for (let i = 0; i < 60; i++) {
        const start = performance.now();
        await get(call.path(i));
        serial.push(performance.now() - start);
      }
      serial.sort((a, b) => a - b);
      const entry = {
        call,
        serial: [percentile(serial, 0.5), percentile(serial, 0.95)] as [number, number],
        steps: [] as Step[],
        best: undefined as Step | undefined,
      };
      summary.push(entry);
      console.log(
        `\n${call.label} (p99 target ${call.target} ms): serial p50 ${entry.serial[0].toFixed(1)} ms, p95 ${entry.serial[1].toFixed(1)} ms`,
      );
      for (const rate of rates ?? call.rates) {
        const step = await runStep(call, rate);
        entry.steps.push(step);
        const holds = step.errors === 0 && step.p99 < call.target;
        console.log(
          `  ${String(rate).padStart(4)}/s offered, ${step.achieved.toFixed(0).padStart(4)}/s done: p50 ${step.p50.toFixed(1).padStart(7)} ms  p99 ${step.p99.toFixed(1).padStart(7)} ms  max ${step.max.toFixed(0).padStart(6)} ms  errors ${step.errors}  CPU/request app ${step.appCpu.toFixed(2)} ms + ${embedded ? 'PGlite in-process' : `PostgreSQL ${pgCpuShown(step)} ms`}  load ${step.load.toFixed(2)}  ${holds ? 'holds' : 'MISSES'}`,
        );
        if (!holds) break;
        entry.best = step;
        // Let the queue drain and the load average breathe a little between steps.
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }

    async function runStep(call: Call, rate: number): Promise<Step> {
      const total = Math.max(1, Math.round(rate * seconds));
      const durations: number[] = [];
      let errors = 0;
      // On PGlite there are no backends of its own: the database's CPU is the server's.
      const pidsBefore = admin ? await backendPids(admin) : [];
      const pgBefore = cpuOf(pidsBefore);
      const appBefore = cpuMsOf(serverPid);
      const start = performance.now();
      const pending: Promise<void>[] = [];
      let sent = 0;
      await new Promise<void>((resolve) => {
        const tick = () => {
          const now = performance.now();
          // Every request whose moment has come goes now; each is timed from its moment.
          while (sent < total && start + (sent * 1000) / rate <= now) {
            const scheduled = start + (sent * 1000) / rate;
            const i = sent++;
            pending.push(
              get(call.path(i)).then(
                () => {
                  durations.push(performance.now() - scheduled);
                },
                () => {
                  errors++;
                },
              ),
            );
          }
          if (sent < total) setTimeout(tick, 1);
          else resolve();
        };
        tick();
      });
      await Promise.all(pending);
      const elapsed = (performance.now() - start) / 1000;
      const appCpu = cpuMsOf(serverPid) - appBefore;
      const pidsAfter = admin ? await backendPids(admin) : [];
      // A backend opened during the step counts from 0; one closed during it is lost (a pool keeps them).
      let pgCpu: number | undefined = 0;
      for (const pid of pidsAfter) pgCpu += cpuMsOf(pid) - (pgBefore.get(pid) ?? 0);
      if (pidsAfter.length === 0 || !fs.existsSync(`/proc/${pidsAfter[0]}`)) pgCpu = undefined;
      durations.sort((a, b) => a - b);
      return {
        rate,
        achieved: durations.length / elapsed,
        p50: percentile(durations, 0.5),
        p99: percentile(durations, 0.99),
        max: durations.at(-1) ?? Number.NaN,
        errors,
        appCpu: appCpu / total,
        pgCpu: pgCpu === undefined ? undefined : pgCpu / total,
        load: os.loadavg()[0],
      };
    }

    // CPU per request is read at the most it holds (else the first rate): at low rates the process's fixed
    // background work (timers, logging, collection) is shared by few requests and inflates the figure.
    const cpuColumn = embedded
      ? 'CPU ms per request there, app + PGlite (in-process: counted in the app)'
      : 'CPU ms per request there, app + PostgreSQL';
    console.log(
      `\n| call | serial p50 / p95 | most it holds with p99 < target | p50 / p99 there | load avg there | ${cpuColumn} |`,
    );
    console.log('|---|---|---|---|---|---|');
    const ms = (value: number) => value.toFixed(1);
    for (const { call, serial, best, steps } of summary) {
      const first = steps[0];
      const holds = best ? `${best.rate} req/s` : `none (misses at ${first?.rate} req/s)`;
      const read = best ?? first;
      const cpu = read ? `${read.appCpu.toFixed(2)} + ${pgCpuShown(read)}` : '–';
      console.log(
        `| ${call.label} (p99 < ${call.target} ms) | ${ms(serial[0])} / ${ms(serial[1])} ms | ${holds} | ${best ? `${ms(best.p50)} / ${ms(best.p99)} ms` : '–'} | ${read ? read.load.toFixed(2) : '–'} | ${cpu} |`,
      );
    }
  } finally {
    child?.kill('SIGTERM');
    await admin?.end();
    if (child && child.exitCode === null) await new Promise((resolve) => child?.once('exit', resolve));
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

runScript(main);
