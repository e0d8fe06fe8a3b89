/**
 * `npm run bench:cases -- --database-url postgres://…` (or BENCH_DATABASE_URL): how fast are the case lists
 * and a case's details at volume? Reads a database loaded by `npm run seed:large` (it neither resets nor
 * seeds), starts the real app against it, and times over HTTP with an administrator's real id token: each
 * stage list's first page (default sort), each stage list of the busiest client, a deep page, the
 * assignments, the technologists' loads and many different cases' details. Prints figures; asserts nothing.
 * Targets: a list page's median under 20 ms, details under 15 ms.
 */
import { count, desc, sql } from 'drizzle-orm';
import { CASE_STAGES } from '../contract/cases';
import { API_PATHS } from '../contract/paths';
import { cases } from '../server/db/schema';
import { benchArguments, runScript, shownUrl, timed, withBenchApp, withBenchDatabase } from './support/bench';

const PER_PAGE = 25;
const DETAIL_CALLS = 300;
const DEEP_PAGE = 200;

async function main() {
  const { databaseUrl } = benchArguments(
    'npm run bench:cases -- --database-url postgres://user@host:5432/name',
  );
  console.log(`Database: ${shownUrl(databaseUrl)}`);
  await withBenchDatabase(databaseUrl, async (database) => {
    const total = await database.db.$count(cases);
    if (total === 0) {
      console.error(
        'The database has no cases: load it first with `npm run seed:large -- --database-url …`.',
      );
      process.exitCode = 1;
      return;
    }
    const [busiest] = await database.db
      .select({ clientId: cases.clientId, cases: count() })
      .from(cases)
      .groupBy(cases.clientId)
      .orderBy(desc(count()))
      .limit(1);
    const detailIds = (
      await database.db.select({ id: cases.id }).from(cases).orderBy(sql`random()`).limit(DETAIL_CALLS)
    ).map((row) => row.id);
    console.log(
      `${total} cases; the busiest client (id ${busiest.clientId}) has ${busiest.cases}. Pages of ${PER_PAGE}.\n`,
    );

    await withBenchApp(database, async (app) => {
      const list = (path: string) => () =>
        app.get(`${path}${path.includes('?') ? '&' : '?'}perPage=${PER_PAGE}`);
      for (const stage of CASE_STAGES) {
        await timed(`GET cases/${stage} (page 1)`, list(API_PATHS.caseStage(stage)));
      }
      for (const stage of CASE_STAGES) {
        await timed(
          `GET cases/${stage}?clientId (busiest client)`,
          list(`${API_PATHS.caseStage(stage)}?clientId=${busiest.clientId}`),
        );
      }
      await timed(
        `GET cases/closed?page=${DEEP_PAGE}`,
        list(`${API_PATHS.caseStage('closed')}?page=${DEEP_PAGE}`),
      );
      await timed('GET cases/assignments (page 1)', list(API_PATHS.caseAssignments));
      await timed('GET cases/assignments?perPage=100 (the board)', () =>
        app.get(`${API_PATHS.caseAssignments}?perPage=100`),
      );
      await timed('GET users/continuous-monitoring/technologists', () => app.get(API_PATHS.technologists));
      await timed(
        `GET cases/details/{id} (${DETAIL_CALLS} different ids)`,
        (call) => app.get(API_PATHS.caseDetails(detailIds[call % detailIds.length])),
        DETAIL_CALLS,
      );
    });
  });
}

runScript(main);
