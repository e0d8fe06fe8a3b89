/**
 * `npm run bench:load -- --database-url postgres://…` (or BENCH_DATABASE_URL): how many requests a second
 * does the server hold at volume? Reuses a database loaded by `npm run seed:large` (it neither resets nor
 * seeds), starts the real server (`server/main.ts`, in its own process, as `npm start` runs it) against it,
 * signs in as an administrator, and for each call drives an open-loop rate ladder: at each rate a request
 * is sent every 1/rate s for `--seconds` (20), whatever the earlier ones are doing, each timed from its
 * scheduled moment (so queueing counts), asking `Accept-Encoding: br, gzip` as a browser does. Each rate is
 * run `--runs` times (3): every run is printed, then the medians with their spread (min–max); the medians
 * decide whether the rate holds (p99 under the call's target, no error). A call's ladder stops at the
 * first rate that misses.
 *
 * Meanwhile a writer adds time logs and case notes on an open case at a steady rate (`--writes`, 2 a
 * second; 0 for none), as the service is used: a committed write may change the board and the summary,
 * so their shared answers are exercised as in use, not served from a cache that never changes.
 *
 * Each run reads the CPU the server process spent (and, on PostgreSQL, its backends, found by
 * `application_name`: PostgreSQL must run on this machine), the load average, and what other processes of
 * the machine used meanwhile (/proc/stat less ours: the generator, the server, its backends). A run whose
 * other processes used more than 0.2 cores is void: its figures are printed, marked VOID, and it is run
 * again (twice at most); a rate left with a void run is not reported as holding. Each run also prints the
 * database blocks per request read outside PostgreSQL's shared buffers and found in them, the autovacuum
 * passes that ran, and the cores PostgreSQL's own processes used (counted among the others'). Each rate first
 * times two fixed jobs: arithmetic on one core, and round trips to another process over a loopback socket
 * (`roundTrips`): runs of two machines compare only when both agree. Run it on an otherwise idle machine.
 *
 * `npm run bench:load -- --pglite` (no database URL) measures the server on its embedded default database
 * instead: on a fresh temporary DATA_DIR the server opens PGlite (in a worker thread of its own process)
 * and seeds its demo data, as `npm start` does on a first start; the workload is then read from the API.
 * PGlite's CPU is the server process's own, counted in the app's figure and shown "in-process".
 *
 * Options: `--calls lists,details,statement,summary,home2,home,timelogs,mix` (default all but `mix` on
 * PostgreSQL, `mix` alone with `--pglite`: `mix` rotates over all the others), `--rates 100,200` (replaces
 * every chosen call's ladder), `--seconds 20`, `--runs 3`, `--writes 2`, `--port N` (the server on N, its
 * identity on N+1; free ports by default), `--log-level info`, `--profile DIR` (the server's CPU profile,
 * written when it stops). A smoke run: `--seconds 2 --runs 1 --rates 20`.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { addMonths } from '../contract/billingMonths';
import { monthIn } from '../contract/calendar';
import type { CaseRow } from '../contract/cases';
import { API_PATHS } from '../contract/paths';
import type { TimeLog } from '../contract/timeLogs';
import { runScript, shownUrl } from './support/bench';
import {
  apiWorkload,
  backendPids,
  databaseCounters,
  databaseSetup,
  listPaths,
  postgresWorkload,
  startServer,
  type Workload,
} from './support/loadTarget';
import {
  browserGet,
  type CpuSources,
  type Measured,
  measureRate,
  mostHeld,
  percentile,
  type RateSummary,
  shownSpread,
  warmUp,
} from './support/openLoop';

type Call = {
  name: string;
  label: string;
  /** p99 target in ms. */
  target: number;
  rates: number[];
  /** The paths (under the API base) the call's requests ask, in turn. */
  paths: string[];
};

const CALL_NAMES = ['lists', 'details', 'statement', 'summary', 'home2', 'home', 'timelogs', 'mix'];
/** The calls run without `--calls`: every call but the read mix on PostgreSQL, the read mix alone on PGlite. */
const DEFAULT_CALLS = { postgres: CALL_NAMES.filter((name) => name !== 'mix'), pglite: ['mix'] };

/** Who the writer logs time as: a technologist the server's identity knows (only they own time logs). */
const WRITER = 'tech1';
/** Each time log the writer adds lasts this long, back to back, so they stay behind the clock. */
const LOG_MS = 200;

const { values: options } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    pglite: { type: 'boolean', default: false },
    calls: { type: 'string' },
    rates: { type: 'string' },
    seconds: { type: 'string', default: '20' },
    runs: { type: 'string', default: '3' },
    writes: { type: 'string', default: '2' },
    port: { type: 'string' },
    'log-level': { type: 'string', default: 'info' },
    profile: { type: 'string' },
  },
});

const USAGE =
  'Usage: npm run bench:load -- --database-url postgres://user@host:5432/name [--calls …] [--rates …] [--seconds 20] [--runs 3] [--writes 2]\n' +
  '   or: npm run bench:load -- --pglite [same options]   (embedded PGlite, demo data)';

type Envelope<T> = { data: T };

async function main() {
  const embedded = options.pglite === true;
  const databaseUrl = embedded ? undefined : (options['database-url'] ?? process.env.BENCH_DATABASE_URL);
  const seconds = Number(options.seconds);
  const runs = Number(options.runs);
  const writes = Number(options.writes);
  if (
    (embedded && options['database-url']) ||
    (!embedded && !databaseUrl) ||
    !(seconds > 0) ||
    !(runs >= 1) ||
    !(writes >= 0)
  ) {
    console.error(USAGE);
    process.exit(2);
  }
  const chosen = options.calls ? options.calls.split(',') : DEFAULT_CALLS[embedded ? 'pglite' : 'postgres'];
  const unknown = chosen.filter((name) => !CALL_NAMES.includes(name));
  if (unknown.length) throw new Error(`Unknown calls ${unknown.join(', ')}`);
  const rates = options.rates?.split(',').map(Number);
  const machine = `${os.cpus().length} CPUs; ${seconds} s a run, ${runs} run(s) a rate; writer ${writes}/s`;

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
      `Database: ${shownUrl(databaseUrl)}: ${volume[0]?.cases} cases, ~${volume[0]?.logs} time logs (${await databaseSetup(admin)}); ${machine}`,
    );
  }

  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-bench-load-'));
  let child: ChildProcess | undefined;
  let writer: Awaited<ReturnType<typeof startWriter>> | undefined;
  try {
    if (embedded)
      console.log('Starting the server on a fresh embedded PGlite (it seeds its demo data first)…');
    const server = await startServer(databaseUrl, workDir, {
      profile: options.profile,
      logLevel: options['log-level'],
    });
    child = server.child;
    const get = browserGet(server.address, () => server.token);
    const send = async <T>(method: string, pathAndQuery: string, body?: unknown): Promise<T> => {
      const response = await fetch(`${server.address}/api${pathAndQuery}`, {
        method,
        headers: {
          authorization: server.token,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok)
        throw new Error(`${method} ${pathAndQuery}: HTTP ${response.status}: ${await response.text()}`);
      return (await response.json()) as T;
    };
    const getJson = <T>(pathAndQuery: string) => send<T>('GET', pathAndQuery);

    // PGlite: the same from the API, on the demo data the server has just seeded.
    if (!workload) {
      const { cases, ...fromApi } = await apiWorkload(getJson);
      workload = fromApi;
      if (!workload.sample[0]) throw new Error('No cases: the server seeded no demo data');
      console.log(
        `Database: embedded PGlite, demo data: ${cases} cases (in the server's process: its CPU counts in the app's, shown "in-process"); ${machine}`,
      );
    }
    const { busiest, sample } = workload;
    const first = busiest[0] as Workload['busiest'][number];
    const thisMonth = monthIn(first.timeZone);
    const range = `from=${addMonths(thisMonth, -11)}&to=${thisMonth}`;
    const statementPaths = await statements(getJson, busiest.slice(0, 5));
    const detailPaths = sample.map(({ id }) => API_PATHS.caseDetails(id));
    const timeLogPaths = sample.map(({ id }) => API_PATHS.caseRecords(id, 'time-logs'));
    const lists = listPaths(first.id, addMonths(thisMonth, -1));
    const ladder = [50, 100, 200, 300, 400, 500, 600];
    const allCalls: Call[] = [
      {
        name: 'lists',
        label: 'stage lists, filtered lists with their counts, closed pages 200 and 1000',
        target: 50,
        rates: ladder,
        paths: lists,
      },
      { name: 'details', label: 'case details', target: 50, rates: ladder, paths: detailPaths },
      {
        name: 'statement',
        label: `statements of ${statementPaths.length} client-months (open, closed and invoiced cycles)`,
        target: 50,
        rates: [10, 25, 50, 75, 100, 150],
        paths: statementPaths,
      },
      {
        name: 'summary',
        label: '12-month summary',
        target: 200,
        rates: [10, 25, 50, 100, 200],
        paths: [`${API_PATHS.hoursSummary}?${range}`],
      },
      {
        name: 'home2',
        label: 'getHome2 (the board)',
        target: 50,
        rates: [25, 50, 100, 200, 300, 450],
        paths: [API_PATHS.home2],
      },
      { name: 'home', label: 'getHome', target: 50, rates: ladder, paths: [API_PATHS.home] },
      { name: 'timelogs', label: "a case's time logs", target: 50, rates: ladder, paths: timeLogPaths },
    ];
    // The read mix: each of the others in turn (a list, a case's details, a statement, …).
    const mixed = allCalls.map((call) => call.paths);
    allCalls.push({
      name: 'mix',
      label: 'read mix (each call in turn)',
      target: 150,
      rates: [25, 50, 100, 150, 200, 250, 300],
      paths: Array.from({ length: mixed.length * 200 }, (_, i) => {
        const paths = mixed[i % mixed.length] as string[];
        return paths[Math.floor(i / mixed.length) % paths.length] as string;
      }),
    });
    const calls = allCalls.filter((call) => chosen.includes(call.name));

    writer = writes > 0 ? await startWriter(send, writes) : undefined;
    if (writer)
      console.log(
        `Writer: ${writes} a second on case ${writer.caseNumber} as ${WRITER} (time logs and notes, in turn; a case they had never logged on, handed back when the bench ends)`,
      );

    const adminPid = admin
      ? (await admin.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid
      : undefined;
    const sources: CpuSources = {
      serverPid: child.pid as number,
      serverBackends: async () => (admin ? backendPids(admin) : []),
      otherOurs: async () => (adminPid === undefined ? [] : [adminPid]),
      database: admin && (() => databaseCounters(admin as pg.Client)),
    };

    const results: { call: Call; serial: [number, number]; summaries: RateSummary[] }[] = [];
    for (const call of calls) {
      const at = (i: number) => call.paths[i % call.paths.length] as string;
      // Warm-up (connections, plan caches, JIT of the server's code), then one serial p50/p95.
      await warmUp((i) => get(at(i)), Math.max(30, Math.min(call.paths.length, 200)));
      const serial: number[] = [];
      for (let i = 0; i < 60; i++) {
        const start = performance.now();
        await get(at(i));
        serial.push(performance.now() - start);
      }
      serial.sort((a, b) => a - b);
      const result = {
        call,
        serial: [percentile(serial, 0.5), percentile(serial, 0.95)] as [number, number],
        summaries: [] as RateSummary[],
      };
      results.push(result);
      console.log(
        `\n${call.label} (p99 target ${call.target} ms): serial p50 ${result.serial[0].toFixed(1)} ms, p95 ${result.serial[1].toFixed(1)} ms`,
      );
      const measured: Measured = {
        name: '',
        send: (i, signal) => get(at(i), signal),
        sources,
        embedded,
        beside: writer && {
          start: writer.start,
          stop: () => {
            const { ok, errors } = (writer as NonNullable<typeof writer>).stop();
            return `writer ${ok} ok, ${errors} errors`;
          },
        },
      };
      for (const rate of rates ?? call.rates) {
        await server.renewToken();
        const [summary] = await measureRate(rate, seconds, runs, [measured], call.target);
        if (!summary) break;
        result.summaries.push(summary);
        if (summary.verdict === 'misses') break;
      }
    }
    printTable(results, embedded, runs);
  } finally {
    await writer?.handBack();
    child?.kill('SIGTERM');
    await admin?.end();
    if (child && child.exitCode === null) await new Promise((resolve) => child?.once('exit', resolve));
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

/**
 * The statements read: for each of these clients, its latest open, closed and invoiced month (as its
 * billing cycles list them), so the mix reads every kind of statement over three months or more.
 */
async function statements(getJson: <T>(pathAndQuery: string) => Promise<T>, clients: Workload['busiest']) {
  const paths: string[] = [];
  for (const client of clients) {
    const { data: cycles } = await getJson<Envelope<{ id: string; month: string; status: string }[]>>(
      API_PATHS.billingCycles(client.id),
    );
    for (const status of ['open', 'closed', 'invoiced']) {
      const latest = cycles
        .filter((cycle) => cycle.status === status)
        .sort((a, b) => b.month.localeCompare(a.month))[0];
      if (latest) paths.push(API_PATHS.billingCycle(client.id, latest.id));
    }
  }
  if (paths.length === 0) throw new Error('No billing cycles to read');
  return paths;
}

/**
 * The writer: on a monitoring case WRITER has never logged time on, assigned to them through the API as an
 * administrator would, time logs back to back and case notes, in turn, `perSecond` a second while started.
 * Its answers are not timed; its errors are counted. Every run of the bench writes on a case of its own,
 * so no case grows from one run to the next (one case grown to 1,574 time logs and 1,558 notes by earlier
 * runs made the board's figures drift); `handBack()` gives WRITER their cases as they were.
 */
async function startWriter(
  send: <T>(method: string, pathAndQuery: string, body?: unknown) => Promise<T>,
  perSecond: number,
) {
  const { data: held } = await send<Envelope<CaseRow[]>>(
    'GET',
    `${API_PATHS.caseAssignments}?technologist=${WRITER}&perPage=100`,
  );
  const { data: monitoring } = await send<Envelope<CaseRow[]>>(
    'GET',
    `${API_PATHS.caseStage('monitoring')}?perPage=100`,
  );
  const heldIds = held.map((row) => row.id);
  // A case they do not hold (an unmonitored one weighs least on their load) and have never logged time on.
  const candidates = [
    ...monitoring.filter((row) => !heldIds.includes(row.id) && row.monitoringLevel === 'unmonitored'),
    ...monitoring.filter((row) => !heldIds.includes(row.id) && row.monitoringLevel !== 'unmonitored'),
  ];
  let target: CaseRow | undefined;
  for (const candidate of candidates) {
    const { data: logs } = await send<Envelope<{ timeLogs: TimeLog[] }>>(
      'GET',
      API_PATHS.caseRecords(candidate.id, 'time-logs'),
    );
    if (logs.timeLogs.some((log) => log.technologist === WRITER)) continue;
    // Refused (their load is full, say): the next one.
    const assigned = await send('PUT', API_PATHS.technologistCases(WRITER), {
      caseIds: [...heldIds, candidate.id],
    }).then(
      () => true,
      () => false,
    );
    if (!assigned) continue;
    target = candidate;
    break;
  }
  if (!target) throw new Error(`No monitoring case where ${WRITER} could log time for the first time`);
  let cursor = Math.max(
    Date.now() - 10 * 60_000,
    target.recordingStart ? Date.parse(target.recordingStart) : 0,
  );
  let timer: NodeJS.Timeout | undefined;
  let counts = { ok: 0, errors: 0 };
  let turn = 0;
  const write = () => {
    const start = cursor;
    cursor += LOG_MS;
    const next =
      turn++ % 2 === 0
        ? send('POST', API_PATHS.caseRecords(target.id, 'time-logs'), {
            technologist: WRITER,
            start: new Date(start).toISOString(),
            end: new Date(cursor).toISOString(),
            activity: 'check',
          })
        : send('POST', API_PATHS.caseRecords(target.id, 'case-notes'), {
            text: 'Checked: recording clean, no change.',
          });
    const tally = counts;
    next.then(
      () => tally.ok++,
      () => tally.errors++,
    );
  };
  return {
    caseNumber: target.caseNumber,
    start() {
      counts = { ok: 0, errors: 0 };
      timer = setInterval(write, 1000 / perSecond);
    },
    /** Stops writing; the counts of the writes answered so far. */
    stop() {
      clearInterval(timer);
      return counts;
    },
    /** WRITER's cases as they were before the bench (a refusal is printed, not thrown). */
    async handBack() {
      clearInterval(timer);
      await send('PUT', API_PATHS.technologistCases(WRITER), { caseIds: heldIds }).catch((error: Error) =>
        console.error(`Could not hand ${WRITER}'s cases back: ${error.message}`),
      );
    },
  };
}

function printTable(
  results: { call: Call; serial: [number, number]; summaries: RateSummary[] }[],
  embedded: boolean,
  runs: number,
) {
  const db = embedded ? 'PGlite (in-process: counted in the app)' : 'PostgreSQL';
  console.log(
    `\n| call | serial p50 / p95 | most it holds (median of ${runs}) | p50 / p99 there, median (min–max) | CPU ms per request there, app + ${db} | others' cores | load avg |`,
  );
  console.log('|---|---|---|---|---|---|---|');
  const ms = (value: number) => value.toFixed(1);
  for (const { call, serial, summaries } of results) {
    const best = mostHeld(summaries);
    const stopped = summaries[best ? summaries.indexOf(best) + 1 : 0];
    const why = stopped
      ? `${stopped.verdict === 'misses' ? 'misses' : 'void'} at ${stopped.rate}${stopped.verdict === 'misses' && stopped.void ? ', void' : ''}`
      : '';
    const holds = best ? `${best.rate} req/s${why ? ` (${why})` : ''}` : `none (${why || 'not run'})`;
    // CPU per request is read at the most it holds (else the first rate): at low rates the process's fixed
    // background work (timers, the writer) is shared by few requests and inflates the figure.
    const read = best ?? summaries[0];
    const cpu = read
      ? `${shownSpread(read.appCpu, 2)} + ${embedded ? 'in-process' : read.dbCpu ? shownSpread(read.dbCpu, 2) : '?'}`
      : '–';
    console.log(
      `| ${call.label} (p99 < ${call.target} ms) | ${ms(serial[0])} / ${ms(serial[1])} ms | ${holds} | ${best ? `${shownSpread(best.p50)} / ${shownSpread(best.p99)} ms` : '–'} | ${cpu} | ${read ? shownSpread(read.otherCores, 2) : '–'} | ${read ? shownSpread(read.load, 2) : '–'} |`,
    );
  }
}

runScript(main);
