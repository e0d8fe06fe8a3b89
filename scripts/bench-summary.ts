/**
 * `npm run bench:summary -- --database-url postgres://…` (or BENCH_DATABASE_URL): what does the 12-month
 * hours summary of every client (to this month) cost when it is computed, with no shared answer
 * (`SHARED_ANSWER_MS=0`), as after a write has dropped the shared one? Reads a database loaded by
 * `npm run seed:large`, starts the real app and times over HTTP with an administrator's real id token. Each
 * line is followed by the CPU per call of this process (the app and its client) and of the app's PostgreSQL
 * backends, so a figure on a busy machine can be told from a slow query. Prints figures; asserts nothing,
 * writes nothing.
 */
import { addMonths } from '../contract/billingMonths';
import { monthIn } from '../contract/calendar';
import { API_PATHS } from '../contract/paths';
import { benchArguments, runScript, shownUrl, withBenchApp, withBenchDatabase } from './support/bench';
import { cpuMeasured } from './support/cpuPerCall';
import { withApplicationName } from './support/loadTarget';

const CALLS = 50;
const APPLICATION_NAME = 'vigil-bench-summary';

async function main() {
  const { databaseUrl } = benchArguments(
    'npm run bench:summary -- --database-url postgres://user@host:5432/name',
  );
  console.log(`Database: ${shownUrl(databaseUrl)}`);
  await withBenchDatabase(withApplicationName(databaseUrl, APPLICATION_NAME), async (database) => {
    const measured = cpuMeasured(database.pool, APPLICATION_NAME);
    const { rows } = await database.pool.query<{ clients: string; hours: string; cycles: string }>(
      `select (select count(*) from clients) as clients, (select count(*) from case_month_hours) as hours,
        (select count(*) from billing_cycles) as cycles`,
    );
    const [volume] = rows;
    if (!volume || volume.hours === '0') throw new Error('No hours: run npm run seed:large first');
    console.log(
      `Volume: ${volume.clients} clients, ${volume.hours} case-month rows, ${volume.cycles} stored billing cycles`,
    );
    const thisMonth = monthIn('UTC');
    const from = addMonths(thisMonth, -11);
    await withBenchApp(
      database,
      async (app) => {
        await measured(
          `GET hours summary, ${from}..${thisMonth}, every client (computed)`,
          () => app.get(`${API_PATHS.hoursSummary}?from=${from}&to=${thisMonth}`),
          CALLS,
        );
      },
      { SHARED_ANSWER_MS: '0' },
    );
  });
}

runScript(main);
