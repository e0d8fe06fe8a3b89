/**
 * `npm run bench:turnaround -- --database-url postgres://…` (or BENCH_DATABASE_URL): how fast are the
 * operations board (getHome2, with its turnaround clocks and whom to call next) and the monthly turnaround
 * report (orders and critical calls) at volume? Reads a database loaded by `npm run seed:large` (50,000
 * cases, four in five with an order, 300,000 events with their call attempts), starts the real app and times
 * over HTTP with an administrator's real id token. Prints figures; asserts nothing, writes nothing.
 */
import { addMonths } from '../contract/billingMonths';
import { monthIn } from '../contract/calendar';
import { API_PATHS } from '../contract/paths';
import { benchArguments, runScript, shownUrl, timed, withBenchApp, withBenchDatabase } from './support/bench';

const CALLS = 50;

async function main() {
  const { databaseUrl } = benchArguments(
    'npm run bench:turnaround -- --database-url postgres://user@host:5432/name',
  );
  console.log(`Database: ${shownUrl(databaseUrl)}`);
  await withBenchDatabase(databaseUrl, async (database) => {
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
    await withBenchApp(database, async (app) => {
      await timed('GET getHome2 (board with turnaround clocks)', () => app.get(API_PATHS.home2), CALLS);
      await timed(
        'GET turnaround report, last month, every client',
        () => app.get(`${API_PATHS.turnaround}?from=${lastMonth}&to=${lastMonth}`),
        CALLS,
      );
      await timed(
        'GET turnaround report, last month, busiest client',
        () => app.get(`${API_PATHS.turnaround}?from=${lastMonth}&to=${lastMonth}&clientId=${volume.client}`),
        CALLS,
      );
      await timed(
        `GET turnaround report, ${yearAgo}..${thisMonth}, every client`,
        () => app.get(`${API_PATHS.turnaround}?from=${yearAgo}&to=${thisMonth}`),
        10,
      );
      await timed(
        'GET intake list by nearest clock',
        () => app.get(`${API_PATHS.caseStage('intake')}?sort=clockDueBy&order=ASC`),
        CALLS,
      );
    });
  });
}

runScript(main);
