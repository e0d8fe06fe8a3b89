import pg from 'pg';

const DEFAULT_TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

/** The API tests' PostgreSQL: TEST_DATABASE_URL, or the local server by default. */
export const testDatabaseUrl = (env: NodeJS.ProcessEnv = process.env) =>
  env.TEST_DATABASE_URL ?? DEFAULT_TEST_DATABASE_URL;

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
