/**
 * `npm run bench:clients`: how fast is a page of 25 clients sorted by name with 5,000 clients?
 * Resets the schema of the PostgreSQL at BENCH_DATABASE_URL (default: the local `test` database),
 * inserts 5,000 clients, ANALYZEs, then times the repository query and the HTTP endpoint (with a real
 * id token from a local identity emulator, so the measured path includes token and role checks).
 * Prints figures; asserts nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { clientListQuerySchema } from '../contract/clients';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { listClients } from '../server/db/clients';
import { openDatabase } from '../server/db/database';
import { clients } from '../server/db/schema';
import { DEMO_PASSWORD } from '../server/identity/demoUsers';
import { startLocalIdentity } from '../server/identity/localIdentity';
import { freePort } from '../tests/api/support/freePort';
import { fetchIdToken } from '../tests/api/support/identity';
import { resetPostgres } from '../tests/api/support/postgres';

const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const CLIENT_COUNT = 5_000;
const PER_PAGE = 25;
const CALLS = 200;
const PAGES = Math.ceil(CLIENT_COUNT / PER_PAGE);

const PLACES = [
  'Cedar',
  'Maple',
  'River',
  'Summit',
  'Harbor',
  'Prairie',
  'Lakeside',
  'Pine',
  'Granite',
  'Willow',
];
const KINDS = ['Regional Medical Center', 'Community Hospital', "Children's Hospital", 'University Hospital'];
const ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'America/Phoenix',
];

async function timed(label: string, run: (call: number) => Promise<unknown>) {
  await run(0); // warm-up: first-use costs (connections, plan cache) are not what we measure
  const durations: number[] = [];
  for (let call = 0; call < CALLS; call++) {
    const start = performance.now();
    await run(call);
    durations.push(performance.now() - start);
  }
  durations.sort((a, b) => a - b);
  const at = (fraction: number) =>
    durations[Math.min(durations.length - 1, Math.floor(fraction * durations.length))];
  console.log(
    `${label.padEnd(44)} median ${at(0.5).toFixed(2)} ms   p95 ${at(0.95).toFixed(2)} ms   max ${durations.at(-1)?.toFixed(2)} ms   (${CALLS} calls)`,
  );
}

async function main() {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-bench-'));
  console.log(`Database: ${DATABASE_URL.replace(/\/\/[^@]*@/, '//')} (schema reset)`);
  await resetPostgres(DATABASE_URL);
  const database = await openDatabase({ databaseUrl: DATABASE_URL, dataDir: workDir, poolMax: 4 });
  const identity = await startLocalIdentity({
    dir: path.join(workDir, 'identity'),
    port: await freePort(),
    log: () => {},
  });
  try {
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
      listClients(database.db, clientListQuerySchema.parse({ page: pageOf(call), perPage: PER_PAGE })),
    );

    const config = loadConfig({
      NODE_ENV: 'test',
      PORT: '0',
      DATA_DIR: workDir,
      STATIC_DIR: path.join(workDir, 'none'),
    });
    const app = await buildApp({ config, database, cognito: identity });
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const token = await fetchIdToken(identity, 'admin', DEMO_PASSWORD);
      const url = `${address}${config.apiBaseUrl}/continuous-monitoring/clients`;
      await timed('GET /continuous-monitoring/clients (HTTP)', async (call) => {
        const response = await fetch(`${url}?page=${pageOf(call)}&perPage=${PER_PAGE}&sort=name&order=ASC`, {
          headers: { authorization: token },
        });
        if (!response.ok) throw new Error(`HTTP ${response.status}: ${await response.text()}`);
        await response.json();
      });
      await timed('GET …/clients?q=lakeside (search, HTTP)', async (call) => {
        const response = await fetch(`${url}?q=lakeside&page=${(call % 5) + 1}`, {
          headers: { authorization: token },
        });
        await response.json();
      });
    } finally {
      await app.close();
    }
  } finally {
    await identity.stop();
    await database.close();
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
