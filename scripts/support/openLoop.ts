/**
 * What `npm run bench:load` and `npm run bench:floor` share: the open-loop generator, the CPU accounting of
 * a step (the server's, its PostgreSQL backends', and what other processes of the machine used meanwhile),
 * and the rules that turn a rate's runs into a figure (the median with its spread, "holds", "void").
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import { cpuMsOf, type DatabaseCounters } from './loadTarget';

/** A step whose other processes used more than this many cores is void: its figures are not reported. */
export const VOID_CORES = 0.2;

/** How many times a void run is run again before it stands (void, so its rate is not reported). */
const VOID_RETRIES = 2;

/** What a request sends: the path (with query) it asks, as a browser asks it. */
const BROWSER_HEADERS = { 'accept-encoding': 'br, gzip' };

/** A request not answered in this long counts as an error. */
const REQUEST_TIMEOUT_MS = 10_000;

export const percentile = (sorted: readonly number[], fraction: number) =>
  sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] as number);

export type Spread = { median: number; min: number; max: number };

/** The median of the values (the mean of the middle two for an even count), with their least and most. */
export function spread(values: readonly number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return { median: Number.NaN, min: Number.NaN, max: Number.NaN };
  const middle = Math.floor(sorted.length / 2);
  const median =
    sorted.length % 2 === 1
      ? (sorted[middle] as number)
      : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
  return { median, min: sorted[0] as number, max: sorted.at(-1) as number };
}

/** A spread as printed: `12.3 (11.0–14.1)`. */
export const shownSpread = ({ median, min, max }: Spread, digits = 1) =>
  `${median.toFixed(digits)} (${min.toFixed(digits)}–${max.toFixed(digits)})`;

/**
 * The cores other processes used during a step: the machine's busy time less ours (the generator, the
 * servers it started and their PostgreSQL backends), over the step's wall time. Never below 0 (the
 * counters are read a moment apart).
 */
export function otherCores({
  machineMs,
  oursMs,
  elapsedMs,
}: {
  machineMs: number;
  oursMs: number;
  elapsedMs: number;
}): number {
  return elapsedMs > 0 ? Math.max(0, machineMs - oursMs) / elapsedMs : 0;
}

export const isVoid = (cores: number) => cores > VOID_CORES;

/** One run at one rate: its latencies (ms, timed from each request's scheduled moment), errors and CPU. */
export type Run = {
  rate: number;
  sent: number;
  /** Answered requests a second. */
  achieved: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  /** The server process's CPU ms per request sent. */
  appCpu: number;
  /** Its PostgreSQL backends' CPU ms per request sent; undefined when there are none to read (PGlite). */
  dbCpu: number | undefined;
  /** Cores other processes used meanwhile. */
  otherCores: number;
  /** The 1-minute load average at the end of the run. */
  load: number;
  /**
   * The database's blocks per request sent, read (outside PostgreSQL's shared buffers) and found there, and
   * the autovacuum or autoanalyze passes that finished during the run: what differs between two runs that
   * disagree; the tables being vacuumed as it began or ended, and the cores PostgreSQL's own processes used
   * (part of the other processes'). Undefined without a database to ask (PGlite).
   */
  database:
    | { read: number; hit: number; maintenance: number; vacuuming: string[]; ownCores: number }
    | undefined;
  void: boolean;
};

type Verdict = 'holds' | 'misses' | 'void';

/** A rate's runs, summed up: the medians (with their spread) decide, and a void run voids the rate. */
export type RateSummary = {
  rate: number;
  runs: Run[];
  p50: Spread;
  p99: Spread;
  errors: Spread;
  appCpu: Spread;
  dbCpu: Spread | undefined;
  otherCores: Spread;
  load: Spread;
  /** The blocks per request read outside PostgreSQL's shared buffers (undefined on PGlite). */
  blocksRead: Spread | undefined;
  /**
   * "holds" when the median p99 is under the target and the median run had no error; "misses" otherwise;
   * "void" when any run was void and the median would hold (a miss on a busy machine is still a miss for
   * stopping a ladder, and is shown "misses (void)").
   */
  verdict: Verdict;
  /** At least one run was void: the figures are not to be reported. */
  void: boolean;
};

export function summarise(rate: number, runs: readonly Run[], targetMs: number): RateSummary {
  const of = (pick: (run: Run) => number) => spread(runs.map(pick));
  const p99 = of((run) => run.p99);
  const errors = of((run) => run.errors);
  const voided = runs.some((run) => run.void);
  const meets = runs.length > 0 && p99.median < targetMs && errors.median === 0;
  const dbCpu = runs.every((run) => run.dbCpu !== undefined) ? of((run) => run.dbCpu ?? 0) : undefined;
  const blocksRead = runs.every((run) => run.database !== undefined)
    ? of((run) => run.database?.read ?? 0)
    : undefined;
  return {
    rate,
    runs: [...runs],
    p50: of((run) => run.p50),
    p99,
    errors,
    appCpu: of((run) => run.appCpu),
    dbCpu,
    otherCores: of((run) => run.otherCores),
    load: of((run) => run.load),
    blocksRead,
    verdict: !meets ? 'misses' : voided ? 'void' : 'holds',
    void: voided,
  };
}

/** The highest rate of a ladder that holds, with every rate below it holding too (none void). */
export function mostHeld(summaries: readonly RateSummary[]): RateSummary | undefined {
  let best: RateSummary | undefined;
  for (const summary of summaries) {
    if (summary.verdict !== 'holds') break;
    best = summary;
  }
  return best;
}

/** The machine's busy CPU time (all cores, every process, ms) since boot, from /proc/stat. */
function machineBusyMs(): number {
  const line = fs.readFileSync('/proc/stat', 'utf8').split('\n', 1)[0] ?? '';
  // cpu user nice system idle iowait irq softirq steal guest guest_nice (guest is counted in user)
  const [user, nice, system, _idle, _iowait, irq, softirq, steal] = line
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  return (
    (((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0)) * 1000) / 100
  );
}

const ownCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** Where a step's CPU is read: the server measured, and every process of ours. */
export type CpuSources = {
  serverPid: number;
  /** The measured server's PostgreSQL backends (none on PGlite, whose database runs in the server). */
  serverBackends: () => Promise<number[]>;
  /** Every other process of ours (other servers, their backends, the admin connection's backend). */
  otherOurs: () => Promise<number[]>;
  /** The database's counters (none on PGlite). */
  database?: () => Promise<DatabaseCounters>;
};

type CpuReading = {
  machine: number;
  server: number;
  database: DatabaseCounters | undefined;
  /** CPU ms of PostgreSQL's own processes (those of the reading before, read again at each reading). */
  postgresOwn: Map<number, number>;
  backends: Map<number, number>;
  others: Map<number, number>;
  self: number;
};

async function readCpu(sources: CpuSources): Promise<CpuReading> {
  const [backends, others, database] = await Promise.all([
    sources.serverBackends(),
    sources.otherOurs(),
    sources.database?.(),
  ]);
  return {
    database,
    postgresOwn: new Map((database?.ownPids ?? []).map((pid) => [pid, cpuMsOf(pid)])),
    backends: new Map(backends.map((pid) => [pid, cpuMsOf(pid)])),
    others: new Map(others.map((pid) => [pid, cpuMsOf(pid)])),
    server: cpuMsOf(sources.serverPid),
    self: ownCpuMs(),
    machine: machineBusyMs(),
  };
}

/** CPU ms spent between two readings by the processes of the later one (a process new since counts from 0). */
const spent = (before: Map<number, number>, after: Map<number, number>) =>
  [...after].reduce((total, [pid, ms]) => total + ms - (before.get(pid) ?? 0), 0);

/**
 * Sends `rate` requests a second for `seconds`, each at its moment whatever the earlier ones are doing
 * (open loop: a slow answer delays no later request), and times each from its scheduled moment, so queueing
 * counts. A refused or failed request (or one unanswered after 10 s) is an error. Reads the CPU before and
 * after, and the load average at the end.
 */
async function runOpenLoop(
  rate: number,
  seconds: number,
  send: (i: number, signal: AbortSignal) => Promise<void>,
  sources: CpuSources,
): Promise<Run> {
  const total = Math.max(1, Math.round(rate * seconds));
  const durations: number[] = [];
  let errors = 0;
  const before = await readCpu(sources);
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
          send(i, AbortSignal.timeout(REQUEST_TIMEOUT_MS)).then(
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
  const elapsedMs = performance.now() - start;
  const after = await readCpu(sources);
  const appMs = after.server - before.server;
  const backendsMs = spent(before.backends, after.backends);
  const oursMs = appMs + backendsMs + spent(before.others, after.others) + after.self - before.self;
  const others = otherCores({ machineMs: after.machine - before.machine, oursMs, elapsedMs });
  durations.sort((a, b) => a - b);
  return {
    rate,
    sent: total,
    achieved: (durations.length * 1000) / elapsedMs,
    p50: percentile(durations, 0.5),
    p99: percentile(durations, 0.99),
    max: durations.at(-1) ?? Number.NaN,
    errors,
    appCpu: appMs / total,
    dbCpu: after.backends.size > 0 ? backendsMs / total : undefined,
    otherCores: others,
    load: os.loadavg()[0] ?? Number.NaN,
    database:
      before.database && after.database
        ? {
            read: (after.database.blocksRead - before.database.blocksRead) / total,
            hit: (after.database.blocksHit - before.database.blocksHit) / total,
            maintenance: after.database.maintenance - before.database.maintenance,
            vacuuming: [...new Set([...before.database.vacuuming, ...after.database.vacuuming])],
            ownCores: spent(before.postgresOwn, after.postgresOwn) / elapsedMs,
          }
        : undefined,
    void: isVoid(others),
  };
}

/**
 * A GET under the API base as a browser sends it (brotli or gzip), with the token current at the time; an
 * answer other than 2xx throws.
 */
export function browserGet(address: string, token: () => string) {
  return async (pathAndQuery: string, signal?: AbortSignal) => {
    const response = await fetch(`${address}/api${pathAndQuery}`, {
      headers: { authorization: token(), ...BROWSER_HEADERS },
      signal,
    });
    // The body is read (and decompressed) whatever the status, so the connection is reused.
    const body = await response.arrayBuffer();
    if (!response.ok) throw new Error(`${pathAndQuery}: HTTP ${response.status}`);
    return body;
  };
}

/** Warms the server up on `count` requests (connections, plan caches, JIT of its code), one at a time. */
export async function warmUp(send: (i: number) => Promise<unknown>, count: number) {
  for (let i = 0; i < count; i++) await send(i);
}

const cell = (value: number, digits = 1, width = 7) => value.toFixed(digits).padStart(width);

/** A run's database blocks per request, as printed (and the maintenance passes that ran meanwhile). */
function shownBlocks(database: Run['database']) {
  if (!database) return '';
  const maintenance = database.maintenance
    ? `, ${database.maintenance} autovacuum/analyze pass${database.maintenance === 1 ? '' : 'es'} meanwhile`
    : '';
  const vacuuming = database.vacuuming.length ? `, vacuuming ${database.vacuuming.join(', ')}` : '';
  return `  blocks/request read ${database.read.toFixed(1)}, hit ${database.hit.toFixed(0)}${maintenance}${vacuuming}  PostgreSQL's own ${database.ownCores.toFixed(2)} cores`;
}

/** One run, as printed. */
function shownRun(run: Run, index: number, embedded = false) {
  const db = embedded ? 'in-process' : run.dbCpu === undefined ? '?' : run.dbCpu.toFixed(2);
  return `    run ${index + 1}: ${cell(run.achieved, 0, 4)}/s done  p50 ${cell(run.p50)}  p99 ${cell(run.p99)}  max ${cell(run.max, 0, 6)} ms  errors ${run.errors}  CPU/request app ${run.appCpu.toFixed(2)} + db ${db} ms  others ${run.otherCores.toFixed(2)} cores  load ${run.load.toFixed(2)}${shownBlocks(run.database)}${run.void ? '  VOID (other jobs used more than 0.2 cores)' : ''}`;
}

/** A rate's medians, as printed. */
function shownSummary(summary: RateSummary, embedded = false) {
  const db = embedded ? 'in-process' : summary.dbCpu ? shownSpread(summary.dbCpu, 2) : '?';
  const verdict =
    summary.verdict === 'misses' && summary.void
      ? 'misses (void)'
      : summary.verdict === 'void'
        ? 'VOID'
        : summary.verdict;
  return `  median of ${summary.runs.length}: p50 ${shownSpread(summary.p50)}  p99 ${shownSpread(summary.p99)} ms  errors ${shownSpread(summary.errors, 0)}  CPU/request app ${shownSpread(summary.appCpu, 2)} + db ${db} ms  others ${shownSpread(summary.otherCores, 2)} cores  load ${shownSpread(summary.load, 2)}${summary.blocksRead ? `  blocks read/request ${shownSpread(summary.blocksRead)}` : ''}  → ${verdict}`;
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A run, run again while it is void (another process took the machine a while: an autovacuum pass, say),
 * `retries` times at most, so a passing job does not cost a rate its figure; the last one stands.
 */
export async function runUntilNotVoid(runOnce: () => Promise<Run>, retries = VOID_RETRIES): Promise<Run> {
  for (let attempt = 0; ; attempt++) {
    const run = await runOnce();
    if (!run.void || attempt >= retries) return run;
  }
}

/** The fixed job that times a core's speed: this many steps of a linear congruential generator. */
const CALIBRATION_STEPS = 5_000_000;

function calibrationJob(steps: number) {
  let x = 1;
  for (let i = 0; i < steps; i++) x = (x * 1_103_515_245 + 12_345) & 0x7fffffff;
  return x;
}

/**
 * How long a fixed job takes on one core now (ms, the median of five): timed before each rate, so two runs
 * whose CPU per request differ while their database blocks are the same can be told apart from a machine
 * that ran slower (a virtual machine's host shares its cores). An arithmetic loop that allocates nothing:
 * its time varies by 2 % from run to run on a quiet machine, where JSON work varied by half.
 */
function calibrate(): number {
  const times: number[] = [];
  let sink = 0;
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    sink ^= calibrationJob(CALIBRATION_STEPS);
    times.push(performance.now() - start);
  }
  return sink === -1 ? Number.NaN : spread(times).median;
}

/** The second fixed job: this many one-byte round trips over a loopback socket to another process. */
const ROUND_TRIPS = 2_000;

/** An echo server in a process of its own, printing its port: what answers the round trips. */
const ECHO_SERVER = `require('node:net').createServer((socket) => socket.pipe(socket))
  .listen(0, '127.0.0.1', function () { process.stdout.write(String(this.address().port) + '\\n'); });`;

/**
 * How long `ROUND_TRIPS` one-byte round trips to another process over a loopback socket take now (ms, the
 * median of five). A request to the server is mostly such calls (its socket, PostgreSQL's sockets, the
 * wake-ups of its backends), which the arithmetic job does not see: two machines of the same kind were seen
 * 15 % apart in arithmetic the other way round from the CPU a request cost on them.
 */
export async function roundTrips(times = 5, trips = ROUND_TRIPS): Promise<number> {
  const echo = spawn(process.execPath, ['-e', ECHO_SERVER], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const [port] = (await once(echo.stdout, 'data')) as [Buffer];
    const socket = net.connect(Number(String(port).trim()), '127.0.0.1');
    socket.setNoDelay(true);
    await once(socket, 'connect');
    const byte = Buffer.from('x');
    const readings: number[] = [];
    try {
      for (let time = 0; time < times; time++) {
        const start = performance.now();
        for (let trip = 0; trip < trips; trip++) {
          const answered = once(socket, 'data');
          socket.write(byte);
          await answered;
        }
        readings.push(performance.now() - start);
      }
    } finally {
      socket.destroy();
    }
    return spread(readings).median;
  } finally {
    echo.kill();
  }
}

/** A server measured at a rate: its name (printed before its lines, if any), its requests and CPU. */
export type Measured = {
  name: string;
  send: (i: number, signal: AbortSignal) => Promise<unknown>;
  sources: CpuSources;
  /** PGlite: the database's CPU is in the server's process. */
  embedded?: boolean;
  /** What runs beside each run (a writer): started before it, stopped after, saying what it did. */
  beside?: { start(): void; stop(): string };
};

/**
 * `runs` runs at `rate`, each of every server in turn (so side by side they see the same machine), every run
 * printed; then each server's medians, printed and returned in the same order.
 */
export async function measureRate(
  rate: number,
  seconds: number,
  runs: number,
  servers: readonly Measured[],
  targetMs: number,
): Promise<RateSummary[]> {
  const arithmetic = calibrate();
  const trips = await roundTrips();
  console.log(
    `  ${rate}/s offered (the machine's fixed jobs: arithmetic ${arithmetic.toFixed(1)} ms, ${ROUND_TRIPS} loopback round trips ${trips.toFixed(1)} ms):`,
  );
  const done = servers.map(() => [] as Run[]);
  const label = (server: Measured) => (server.name ? `  ${server.name.padEnd(5)}` : '');
  for (let run = 0; run < runs; run++) {
    for (const [index, server] of servers.entries()) {
      const figures = await runUntilNotVoid(async () => {
        server.beside?.start();
        const figures = await runOpenLoop(
          rate,
          seconds,
          (i, signal) => server.send(i, signal).then(() => {}),
          server.sources,
        );
        const beside = server.beside ? `  ${server.beside.stop()}` : '';
        console.log(`${label(server)}${shownRun(figures, run, server.embedded)}${beside}`);
        // Let the queue drain and the load average breathe a little between runs.
        await pause(1000);
        return figures;
      });
      done[index]?.push(figures);
    }
  }
  return servers.map((server, index) => {
    const summary = summarise(rate, done[index] ?? [], targetMs);
    console.log(`${label(server)}${shownSummary(summary, server.embedded)}`);
    return summary;
  });
}
