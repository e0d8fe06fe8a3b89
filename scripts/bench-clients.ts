/**
 * `npm run bench:clients`: how fast is a page of 25 clients sorted by name with 5,000 clients?
 * Resets the schema of the PostgreSQL at BENCH_DATABASE_URL (default: the local `test` database),
 * inserts 5,000 clients, ANALYZEs, then times the repository query and the HTTP endpoint (with a real
 * id token from a local identity emulator, so the measured path includes token and role checks).
 * Prints figures; asserts nothing.
 */
import { sql } from 'drizzle-orm';
import { clientListQuerySchema } from '../contract/clients';
import { API_PATHS } from '../contract/paths';
import { listClients } from '../server/db/clients';
import { clients } from '../server/db/schema';
import { resetPostgres } from '../tests/api/support/postgres';
import { runScript, shownUrl, timed, withBenchApp, withBenchDatabase } from './support/bench';
import { KINDS, PLACES, ZONES } from './support/places';

const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const CLIENT_COUNT = 5_000;
const PER_PAGE = 25;
const PAGES = Math.ceil(CLIENT_COUNT / PER_PAGE);

async function main() {
  console.log(`Database: ${shownUrl(DATABASE_URL)} (schema reset)`);
  await resetPostgres(DATABASE_URL);
  await withBenchDatabase(DATABASE_URL, async (database) => {
    const rows = Array.from({ length: CLIENT_COUNT }, (_, index) => ({
      name: `${PLACES[index % PLACES.length]} ${KINDS[(index >> 3) % KINDS.length]} ${Math.floor(index / 40) + 1}`,
      code: `B${String(index).padStart(5, '0')}`,
      timeZone: ZONES[index % ZONES.length],
      isEnabled: index % 7 !== 0,
    }));
    for (let start = 0; start < rows.length; start += 1_000) {
      await database.db.insert(clients).values(rows.slice(start, start + 1_000));
    }
    await database.db.execute(sql`ANALYZE`);
    console.log(`Inserted ${CLIENT_COUNT} clients; pages 1..${PAGES} of ${PER_PAGE} sorted by name.\n`);

    const plan = await database.pool.query(
      `EXPLAIN SELECT * FROM clients ORDER BY lower(name), id LIMIT ${PER_PAGE} OFFSET ${PER_PAGE * (PAGES / 2)}`,
    );
    console.log(`Plan of a middle page: ${plan.rows.map((row) => row['QUERY PLAN']).join(' / ')}\n`);

    const pageOf = (call: number) => (call % PAGES) + 1;
    await timed('repository listClients (page + count)', (call) =>
      listClients(
        database.db,
        clientListQuerySchema.parse({ page: String(pageOf(call)), perPage: String(PER_PAGE) }),
      ),
    );

    await withBenchApp(database, async (app) => {
      await timed('GET /continuous-monitoring/clients (HTTP)', (call) =>
        app.get(`${API_PATHS.clients}?page=${pageOf(call)}&perPage=${PER_PAGE}&sort=name&order=ASC`),
      );
      await timed('GET …/clients?q=lakeside (search, HTTP)', (call) =>
        app.get(`${API_PATHS.clients}?q=lakeside&page=${(call % 5) + 1}`),
      );
    });
  });
}

runScript(main);
