/**
 * `npm run bench:turnaround -- --database-url postgres://…` (or BENCH_DATABASE_URL): how fast are the
 * operations board (getHome2, with its turnaround clocks and whom to call next) and the monthly turnaround
 * report (orders and critical calls) at volume? Reads a database loaded by `npm run seed:large` (50,000
 * cases, four in five with an order, 300,000 events with their call attempts), starts the real app and times
 * over HTTP with an administrator's real id token. Prints figures; asserts nothing, writes nothing.
 *
 * The board is computed for every call (no shared answer, `SHARED_ANSWER_MS=0`): what it costs when a write
 * has just dropped the shared one. Each line is followed by the CPU per call of this process (the app and
 * its client) and of the app's PostgreSQL backends, so a figure on a busy machine can be told from a slow
 * query.
 */
import { addMonths } from '../contract/billingMonths';
import { monthIn } from '../contract/calendar';
import { API_PATHS } from '../contract/paths';
import { benchArguments, runScript, shownUrl, withBenchApp, withBenchDatabase } from './support/bench';
import { cpuMeasured } from './support/cpuPerCall';
import { withApplicationName } from './support/loadTarget';

const CALLS = 50;
const APPLICATION_NAME = 'vigil-bench-turnaround';

async function main() {
  const { databaseUrl } = benchArguments(
    'npm run bench:turnaround -- --database-url postgres://user@host:5432/name',
  );
  console.log(`Database: ${shownUrl(databaseUrl)}`);
  await withBenchDatabase(withApplicationName(databaseUrl, APPLICATION_NAME), async (database) => {
    /** `timed`, then the CPU per call (the warm-up call included) of this process and of PostgreSQL. */
    const measured = cpuMeasured(database.pool, APPLICATION_NAME);
    const { rows } = await database.pool.query<{
      ordered: string;
      active: string;
      attempts: string;
      client: number;
    }>(
      `select (select count(*) from cases where ordered_at is not null) as ordered,
        (select count(*) from cases where stage in ('intake', 'monitoring')) as active,
        (select count(*) from call_attempts) as attempts,
        (select client_id from cases group by client_id order by count(*) desc limit 1) as client`,
    );
    const [volume] = rows;
    if (!volume?.client) throw new Error('No cases: run npm run seed:large first');
    console.log(
      `Volume: ${volume.ordered} ordered cases, ${volume.active} active, ${volume.attempts} call attempts`,
    );
    const thisMonth = monthIn('UTC');
    const lastMonth = addMonths(thisMonth, -1);
    const yearAgo = addMonths(thisMonth, -11);
    await withBenchApp(
      database,
      async (app) => {
        await measured(
          'GET getHome2 (board with turnaround clocks, computed)',
          () => app.get(API_PATHS.home2),
          CALLS,
        );
        await measured(
          'GET turnaround report, last month, every client',
          () => app.get(`${API_PATHS.turnaround}?from=${lastMonth}&to=${lastMonth}`),
          CALLS,
        );
        await measured(
          'GET turnaround report, last month, busiest client',
          () =>
            app.get(`${API_PATHS.turnaround}?from=${lastMonth}&to=${lastMonth}&clientId=${volume.client}`),
          CALLS,
        );
        await measured(
          `GET turnaround report, ${yearAgo}..${thisMonth}, every client`,
          () => app.get(`${API_PATHS.turnaround}?from=${yearAgo}&to=${thisMonth}`),
          10,
        );
        await measured(
          'GET intake list by nearest clock',
          () => app.get(`${API_PATHS.caseStage('intake')}?sort=clockDueBy&order=ASC`),
          CALLS,
        );
      },
      { SHARED_ANSWER_MS: '0' },
    );
  });
}

runScript(main);
