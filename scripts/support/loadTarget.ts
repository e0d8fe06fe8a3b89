/**
 * What `npm run bench:load` measures against: the real server started in its own process (on PostgreSQL, or
 * on its embedded PGlite with the demo data), the CPU its process and its PostgreSQL backends spend, and the
 * workload (the busiest clients and a sample of cases) read from the database or from the API.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { CASE_STAGES, type CaseRow } from '../../contract/cases';
import { MAX_PER_PAGE } from '../../contract/list';
import { API_PATHS } from '../../contract/paths';
import { DEMO_PASSWORD } from '../../server/identity/demoUsers';
import { freePort } from '../../tests/api/support/freePort';
import { fetchIdToken } from '../../tests/api/support/identity';

/** How the bench's servers name their PostgreSQL connections, so their backends' CPU can be read. */
export const APPLICATION_NAME = 'vigil-bench-load';

/** What the calls ask for: the clients with the most cases (in their time zones), and a sample of cases. */
export type Workload = { busiest: { id: number; timeZone: string }[]; sample: { id: number }[] };

/** Clock ticks a process (and its threads) spent on the CPU, user + system, in ms; 0 once it is gone. */
export function cpuMsOf(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command (which may hold spaces) : state is field 3; utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // USER_HZ is 100 on Linux
  } catch {
    return 0;
  }
}

/** The backends of the connections named `applicationName` (the server's, by default). */
export async function backendPids(admin: pg.Client, applicationName = APPLICATION_NAME): Promise<number[]> {
  const { rows } = await admin.query<{ pid: number }>(
    'select pid from pg_stat_activity where application_name = $1',
    [applicationName],
  );
  return rows.map((row) => row.pid);
}

/**
 * The database's counters a run reads before and after: the blocks its backends found in PostgreSQL's
 * shared buffers and those they had to read (from the operating system's cache or the disk), how many
 * times autovacuum or autoanalyze finished on its tables, the tables being vacuumed at the moment, and
 * PostgreSQL's own processes (autovacuum, checkpointer, writers), whose CPU counts among the other
 * processes' but is named apart. PostgreSQL publishes a backend's counts within a second or so, so a
 * run's share is close, not exact.
 */
export type DatabaseCounters = {
  blocksRead: number;
  blocksHit: number;
  maintenance: number;
  vacuuming: string[];
  ownPids: number[];
};

export async function databaseCounters(admin: pg.Client): Promise<DatabaseCounters> {
  const { rows } = await admin.query<{
    read: string;
    hit: string;
    maintenance: string;
    vacuuming: string[];
    own: number[];
  }>(`
    select blks_read as read, blks_hit as hit,
      (select coalesce(sum(autovacuum_count + autoanalyze_count), 0) from pg_stat_user_tables) as maintenance,
      array(select relid::regclass::text from pg_stat_progress_vacuum where datname = current_database())
        as vacuuming,
      array(select pid from pg_stat_activity where backend_type <> 'client backend') as own
    from pg_stat_database where datname = current_database()`);
  const row = rows[0];
  return {
    blocksRead: Number(row?.read ?? 0),
    blocksHit: Number(row?.hit ?? 0),
    maintenance: Number(row?.maintenance ?? 0),
    vacuuming: row?.vacuuming ?? [],
    ownPids: row?.own ?? [],
  };
}

/**
 * The server and the memory it caches the database in, as printed at the head of a bench: two runs on
 * different settings cannot be compared (on this machine 128 MB of shared buffers hold a fifteenth of the
 * large seed, and the rest is read from the operating system's cache).
 */
export async function databaseSetup(admin: pg.Client): Promise<string> {
  const { rows } = await admin.query<{ version: string; buffers: string; size: string }>(`
    select current_setting('server_version') as version, current_setting('shared_buffers') as buffers,
      pg_size_pretty(pg_database_size(current_database())) as size`);
  const row = rows[0];
  return `PostgreSQL ${row?.version}, shared_buffers ${row?.buffers}, database ${row?.size}`;
}

/** The URL with its connections named `applicationName`. */
export function withApplicationName(url: string, applicationName = APPLICATION_NAME) {
  const parsed = new URL(url);
  parsed.searchParams.set('application_name', applicationName);
  return parsed.toString();
}

/** How many cases the details and time-log reads go over. */
const SAMPLE_SIZE = 500;

/** The busiest clients and a fixed sample of cases, read from PostgreSQL. */
export async function postgresWorkload(admin: pg.Client): Promise<Workload> {
  const { rows: busiest } = await admin.query<{ id: number; time_zone: string }>(`
    select client.id, client.time_zone from clients client join cases c on c.client_id = client.id
    group by client.id order by count(*) desc, client.id limit 20`);
  // A sample spread over the whole table that every run reads alike (a random one changed from run to run).
  const { rows: sample } = await admin.query<{ id: number }>(
    `select id from cases order by md5(id::text), id limit ${SAMPLE_SIZE}`,
  );
  return { busiest: busiest.map((row) => ({ id: row.id, timeZone: row.time_zone })), sample };
}

type CaseListPage = { data: Pick<CaseRow, 'id' | 'clientId' | 'clientTimeZone'>[]; total: number };

/**
 * The same, from the API (no database client on PGlite: it runs inside the server): every stage list, page
 * by page, gives the number of cases, the same fixed sample of them, and the clients with the most.
 */
export async function apiWorkload(getJson: (pathAndQuery: string) => Promise<unknown>) {
  const rows: CaseListPage['data'] = [];
  let cases = 0;
  for (const stage of CASE_STAGES) {
    for (let page = 1; page <= 50; page++) {
      const { data, total } = (await getJson(
        `${API_PATHS.caseStage(stage)}?perPage=${MAX_PER_PAGE}&page=${page}`,
      )) as CaseListPage;
      if (page === 1) cases += total;
      rows.push(...data);
      if (data.length < MAX_PER_PAGE || page * MAX_PER_PAGE >= total) break;
    }
  }
  const byClient = new Map<number, { id: number; timeZone: string; cases: number }>();
  for (const row of rows) {
    const client = byClient.get(row.clientId) ?? { id: row.clientId, timeZone: row.clientTimeZone, cases: 0 };
    client.cases++;
    byClient.set(row.clientId, client);
  }
  const busiest = [...byClient.values()]
    .sort((a, b) => b.cases - a.cases || a.id - b.id)
    .slice(0, 20)
    .map(({ id, timeZone }) => ({ id, timeZone }));
  // The same sample as on PostgreSQL: the cases in the order of their ids' MD5.
  const sample = rows
    .map(({ id }) => ({ id, order: createHash('md5').update(String(id)).digest('hex') }))
    .sort((a, b) => a.order.localeCompare(b.order) || a.id - b.id)
    .slice(0, SAMPLE_SIZE)
    .map(({ id }) => ({ id }));
  return { cases, busiest, sample };
}

/**
 * The list requests of the benchmarks: every stage list's first page and the assignments, lists filtered by
 * a client and by a recording month (each counts its matches apart), and deep pages of the closed list
 * (pages 200 and 1000 of 25).
 */
export function listPaths(clientId: number, month: string): string[] {
  const list = (stage: string, query: string) => `${API_PATHS.caseStage(stage)}?perPage=25${query}`;
  return [
    ...CASE_STAGES.map((stage) => list(stage, '')),
    `${API_PATHS.caseAssignments}?perPage=25`,
    list('closed', `&clientId=${clientId}`),
    list('monitoring', `&clientId=${clientId}`),
    list('closed', `&from=${month}-01&to=${month}-28`),
    list('closed', '&page=200'),
    list('closed', '&page=1000'),
  ];
}

/** A started server's token is renewed past this age (tokens live 15 minutes; a rate's runs take a few). */
const TOKEN_RENEWAL_MS = 5 * 60_000;

/** Starts the server on PostgreSQL, or without a database URL on its embedded PGlite in `workDir`. */
export async function startServer(
  databaseUrl: string | undefined,
  workDir: string,
  options: {
    profile?: string;
    logLevel: string;
    /** More environment (e.g. another instance's identity), and ports to listen on instead of free ones. */
    env?: NodeJS.ProcessEnv;
    port?: number;
    identityPort?: number;
  },
) {
  const port = options.port ?? (await freePort());
  const identityPort = options.identityPort ?? (await freePort());
  const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
  // --profile DIR: the server writes a V8 CPU profile there when it stops (open it in Chrome's DevTools).
  const profile = options.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(options.profile)}`] : [];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOCAL_IDENTITY_PORT: String(identityPort),
    DATA_DIR: workDir,
    STATIC_DIR: path.join(workDir, 'none'),
    LOG_LEVEL: options.logLevel,
    // One user calls hundreds of times a second here: the per-user limit would measure itself.
    RATE_LIMIT_MAX: '10000000',
    ...options.env,
  };
  // Without DATABASE_URL the server opens PGlite in DATA_DIR (fresh here) and seeds its demo data.
  if (databaseUrl) env.DATABASE_URL = withApplicationName(databaseUrl);
  else delete env.DATABASE_URL;
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', path.join(root, 'server/main.ts')], {
    cwd: root,
    env,
    // BENCH_SERVER_OUTPUT=1 shows the server's own output (its request log).
    stdio: ['ignore', process.env.BENCH_SERVER_OUTPUT ? 'inherit' : 'ignore', 'inherit'],
  });
  const address = `http://127.0.0.1:${port}`;
  // A first start on PGlite migrates a new database and seeds the demo data before it listens: give it time.
  const attempts = databaseUrl ? 600 : 6000;
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error(`The server ended with status ${child.exitCode}`);
    try {
      const response = await fetch(`${address}/config.json`);
      if (response.ok) {
        const { cognito } = (await response.json()) as {
          cognito: { userPoolId: string; userPoolClientId: string; userPoolEndpoint: string };
        };
        const signIn = () =>
          fetchIdToken(
            {
              userPoolId: cognito.userPoolId,
              userPoolClientId: cognito.userPoolClientId,
              endpoint: cognito.userPoolEndpoint,
              issuer: `${cognito.userPoolEndpoint}/${cognito.userPoolId}`,
            },
            'admin',
            DEMO_PASSWORD,
          );
        let token = await signIn();
        let signedInAt = Date.now();
        return {
          child,
          address,
          cognito,
          /** The current id token of the demo administrator. */
          get token() {
            return token;
          },
          /**
           * Signs in again when the token is older than TOKEN_RENEWAL_MS: a token lives 15 minutes and a full
           * run lasts longer. Called between measured runs, so the sign-in's work falls in none of them.
           */
          async renewToken() {
            if (Date.now() - signedInAt < TOKEN_RENEWAL_MS) return;
            token = await signIn();
            signedInAt = Date.now();
          },
        };
      }
    } catch (error) {
      if (attempt > attempts) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
