/** The CPU per call of a benchmark's own process (the app and its client) and of the app's PostgreSQL backends. */
import type pg from 'pg';
import { timed } from './bench';
import { cpuMsOf } from './loadTarget';

/** CPU ms spent so far by this process, and by each PostgreSQL backend of `applicationName`. */
async function cpuSoFar(pool: pg.Pool, applicationName: string) {
  const { rows } = await pool.query<{ pid: number }>(
    'select pid from pg_stat_activity where application_name = $1',
    [applicationName],
  );
  const own = process.cpuUsage();
  return {
    app: (own.user + own.system) / 1000,
    backends: new Map(rows.map(({ pid }) => [pid, cpuMsOf(pid)])),
  };
}

/**
 * The backends' CPU between two readings: a backend that opened meanwhile counts whole; one the pool closed
 * meanwhile counts nothing (its last seconds are lost, so the figure errs low, never below zero).
 */
function backendCpuBetween(before: Map<number, number>, after: Map<number, number>) {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

/** Calls made before measuring: as many as the pool has connections, and then some. */
const WARM_CALLS = 5;

/**
 * `timed`, then the CPU per call (its warm-up call included) of this process and of the backends of the
 * connections named `applicationName` (open the database with `withApplicationName`), counted once
 * `WARM_CALLS` calls have warmed the app: steady state, as in use.
 */
export function cpuMeasured(pool: pg.Pool, applicationName: string) {
  return async (label: string, run: () => Promise<unknown>, calls: number) => {
    // Not counted: the first calls compile the app's code paths and prepare statements on each connection.
    for (let call = 0; call < WARM_CALLS; call += 1) await run();
    const before = await cpuSoFar(pool, applicationName);
    await timed(label, run, calls);
    const after = await cpuSoFar(pool, applicationName);
    const per = (ms: number) => (ms / (calls + 1)).toFixed(2);
    console.log(
      `    CPU per call: app and client ${per(after.app - before.app)} ms, PostgreSQL ${per(backendCpuBetween(before.backends, after.backends))} ms`,
    );
  };
}
