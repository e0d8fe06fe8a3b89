import pg from 'pg';

const DEFAULT_TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

/** The API tests' PostgreSQL: TEST_DATABASE_URL, or the local server by default. */
const testDatabaseUrl = (env: NodeJS.ProcessEnv = process.env) =>
  env.TEST_DATABASE_URL ?? DEFAULT_TEST_DATABASE_URL;

/**
 * The database of the Vitest worker running this file: the run's database name with `_w<VITEST_POOL_ID>`
 * (`test_w1`, `test_w2`, …), so files running at once on other workers never empty or read each other's.
 * Outside a worker (a script), the run's database itself.
 */
export function workerDatabaseUrl(env: NodeJS.ProcessEnv = process.env): string {
  const url = new URL(testDatabaseUrl(env));
  if (env.VITEST_POOL_ID) url.pathname = `${url.pathname}_w${env.VITEST_POOL_ID}`;
  return url.toString();
}

/** The run's PostgreSQL template (`<TEST_DATABASE_URL's>_template`): migrated once by the global setup, copied for each test server. */
export function templateDatabaseUrl(env: NodeJS.ProcessEnv = process.env): string {
  const url = new URL(testDatabaseUrl(env));
  url.pathname = `${url.pathname}_template`;
  return url.toString();
}

/** The same with the demo data (`seedDemoData`): what `startTestServer(kind, …, 'demo')` copies. */
export function demoTemplateDatabaseUrl(env: NodeJS.ProcessEnv = process.env): string {
  const url = new URL(templateDatabaseUrl(env));
  url.pathname = `${url.pathname}_demo`;
  return url.toString();
}

const databaseName = (url: string) => decodeURIComponent(new URL(url).pathname.slice(1));
const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Makes the database `url` names a fresh copy of a template (the migrated one, `templateDatabaseUrl`, unless
 * told), ending any connection a test left open to it: the same tables as migrating an empty database,
 * without running the migrations again.
 */
export async function copyTemplateDatabase(
  url: string,
  template = templateDatabaseUrl(),
  env: NodeJS.ProcessEnv = process.env,
) {
  const client = new pg.Client({ connectionString: testDatabaseUrl(env) });
  await client.connect();
  try {
    await client.query(`drop database if exists ${quoted(databaseName(url))} with (force)`);
    await client.query(
      `create database ${quoted(databaseName(url))} template ${quoted(databaseName(template))}`,
    );
  } finally {
    await client.end();
  }
}

/** Creates the database `url` names when it is missing, connected to the run's database to do it. */
export async function ensureDatabase(url: string, env: NodeJS.ProcessEnv = process.env) {
  const name = databaseName(url);
  const client = new pg.Client({ connectionString: testDatabaseUrl(env) });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount) return;
    await client.query(`create database ${quoted(name)}`).catch((error: { code?: string }) => {
      // Created meanwhile by another run: there it is.
      if (error.code !== '42P04') throw error;
    });
  } finally {
    await client.end();
  }
}

/** Why the API tests run on PGlite alone: printed once per run, boxed, so it is not missed in the output. */
function pgliteOnlyWarning(url: string): string {
  const lines = [
    'WARNING: the API tests run on PGlite only: PostgreSQL is not reachable at',
    `  ${url}`,
    'Start PostgreSQL (e.g. `sudo pg_ctlcluster 16 main start`, or',
    '`docker run -d -p 5432:5432 -e POSTGRES_HOST_AUTH_METHOD=trust postgres:16`),',
    'or set TEST_DATABASE_URL to a PostgreSQL database the tests may empty.',
    'Setting TEST_DATABASE_URL (or CI) makes PostgreSQL required.',
  ];
  const width = Math.max(...lines.map((line) => line.length));
  const rule = `+${'-'.repeat(width + 2)}+`;
  return [rule, ...lines.map((line) => `| ${line.padEnd(width)} |`), rule].join('\n');
}

/**
 * Whether the API tests also run on PostgreSQL. Required (an unreachable server fails the run) in CI or
 * when TEST_DATABASE_URL names one; otherwise used when the local server answers, with a loud warning
 * when it does not, since a run on PGlite alone misses PostgreSQL's own behaviour.
 */
export async function choosePostgres(
  env: NodeJS.ProcessEnv,
  reachable: (url: string) => Promise<boolean> = postgresReachable,
): Promise<{ withPostgres: boolean; warning?: string }> {
  const url = testDatabaseUrl(env);
  if (await reachable(url)) return { withPostgres: true };
  if (env.CI || env.TEST_DATABASE_URL)
    throw new Error(`PostgreSQL is required for the API tests but not reachable at ${url}`);
  return { withPostgres: false, warning: pgliteOnlyWarning(url) };
}

async function postgresReachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Empties a PostgreSQL database used by tests or benchmarks (migrations then start from scratch). */
export async function resetPostgres(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      'DROP SCHEMA IF EXISTS public CASCADE; DROP SCHEMA IF EXISTS drizzle CASCADE; CREATE SCHEMA public;',
    );
  } finally {
    await client.end();
  }
}
