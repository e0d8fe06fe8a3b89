/**
 * `npm run bench:billing -- --database-url postgres://…` (or BENCH_DATABASE_URL): how fast are billing,
 * the reports and the home pages at volume? Reads a database loaded by `npm run seed:large` (200 clients,
 * 50,000 cases, about a million time logs, every client's cycles), starts the real app against it and times
 * over HTTP with an administrator's real id token: client-month statements (open, closed and invoiced, of
 * the busiest clients), the cycles of a client, billable hours of a month, the 12-month summary of every
 * client, a client's 12-month report, monitoring hours, getHome and getHome2. Prints figures; asserts
 * nothing, and writes nothing.
 */
import { sql } from 'drizzle-orm';
import { addMonths } from '../contract/billingMonths';
import { monthIn } from '../contract/calendar';
import { API_PATHS } from '../contract/paths';
import type { Db } from '../server/db/database';
import { benchArguments, runScript, shownUrl, timed, withBenchApp, withBenchDatabase } from './support/bench';

const CALLS = 200;

/** The clients with the most cases, and their time zones: a statement of theirs is among the largest. */
async function busiestClients(db: Db) {
  const { rows } = await db.execute<{ id: number; time_zone: string; cases: string }>(sql`
    select client.id, client.time_zone, count(*) as cases from clients client join cases c on c.client_id = client.id
    group by client.id order by count(*) desc, client.id limit 20`);
  return rows.map((row) => ({ id: Number(row.id), timeZone: row.time_zone, cases: Number(row.cases) }));
}

async function main() {
  const { databaseUrl } = benchArguments(
    'npm run bench:billing -- --database-url postgres://user@host:5432/name',
  );
  console.log(`Database: ${shownUrl(databaseUrl)}`);
  await withBenchDatabase(databaseUrl, async (database) => {
    const { rows } = await database.pool.query<{ logs: string; hours: string; cycles: string }>(
      `select (select count(*) from case_time_logs) as logs, (select count(*) from case_month_hours) as hours,
        (select count(*) from billing_cycles) as cycles`,
    );
    console.log(
      `Volume: ${rows[0]?.logs} time logs, ${rows[0]?.hours} case-month rows, ${rows[0]?.cycles} stored billing cycles`,
    );
    const clients = await busiestClients(database.db);
    const [first] = clients;
    if (!first) throw new Error('No clients: run npm run seed:large first');
    const thisMonth = monthIn(first.timeZone);
    // Last month is rated and open, two months ago closed, before that invoiced (seed:large).
    const months = [addMonths(thisMonth, -1), addMonths(thisMonth, -2), addMonths(thisMonth, -4)];
    const range = `from=${addMonths(thisMonth, -11)}&to=${thisMonth}`;
    console.log(`Busiest client: ${first.cases} cases; statements of ${months.join(', ')}; reports ${range}`);

    await withBenchApp(database, async (app) => {
      const pick = (call: number) => clients[call % clients.length] as (typeof clients)[number];
      for (const [month, label] of [
        [months[0], 'open'],
        [months[1], 'closed'],
        [months[2], 'invoiced'],
      ] as const) {
        await timed(`GET statement, ${label} month (20 busiest clients)`, (call) =>
          app.get(API_PATHS.billingCycle(pick(call).id, month as string)),
        );
      }
      await timed('GET billable hours of last month', (call) =>
        app.get(`${API_PATHS.billableHours(pick(call).id)}?month=${months[0]}`),
      );
      await timed('GET billing cycles of a client (3 years)', (call) =>
        app.get(API_PATHS.billingCycles(pick(call).id)),
      );
      await timed(
        'GET 12-month summary, every client',
        () => app.get(`${API_PATHS.hoursSummary}?${range}`),
        50,
      );
      await timed('GET 12-month report of a client', (call) =>
        app.get(`${API_PATHS.clientHoursReport(pick(call).id)}?${range}`),
      );
      await timed(
        'GET 12-month monitoring hours, every client',
        () => app.get(`${API_PATHS.monitoringHours}?${range}`),
        50,
      );
      await timed('GET 12-month monitoring hours of a client', (call) =>
        app.get(`${API_PATHS.monitoringHours}?${range}&clientId=${pick(call).id}`),
      );
      await timed('GET /getHome', () => app.get(API_PATHS.home), CALLS);
      await timed('GET /getHome2', () => app.get(API_PATHS.home2), CALLS);
    });
  });
}

runScript(main);
