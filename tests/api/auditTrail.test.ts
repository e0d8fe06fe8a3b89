import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../contract/paths';
import { firstBrokenLink } from '../../server/db/auditChain';
import { openDatabase } from '../../server/db/database';
import { callApi, demoTokens } from './support/apiClient';
import { workerDatabaseUrl } from './support/postgres';
import {
  DATABASES,
  describeEachDatabase,
  serveApp,
  startTestServer,
  type TestServer,
} from './support/testServer';

const run = promisify(execFile);
const ownerUrl = workerDatabaseUrl();

/** Changes an entry behind the app's back, as the table's owner could: its triggers off for the moment. */
async function tamper(server: TestServer, statement: string) {
  await server.database.db.execute(
    sql.raw(
      `alter table audit_log disable trigger user; ${statement}; alter table audit_log enable trigger user;`,
    ),
  );
}

/** Entries written at once, from many requests: each must link to the one before, none to the same one. */
async function concurrentEntries(server: TestServer, token: string) {
  const replies = await Promise.all(
    Array.from({ length: 24 }, (_, at) =>
      at % 2
        ? callApi(server, 'GET', API_PATHS.users, { token: 'forged' })
        : callApi(server, 'POST', API_PATHS.clients, {
            token,
            body: {
              name: `Chain ${at} ${Math.random()}`,
              code: `CH${at}${Math.floor(Math.random() * 90)}`,
              timeZone: 'UTC',
            },
          }),
    ),
  );
  expect(replies.map((reply) => reply.status).filter((status) => status >= 500)).toEqual([]);
}

describeEachDatabase('The audit trail as a hash chain', (kind) => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer(kind);
    token = (await demoTokens()).admin;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('links every entry to the one before, also when many are written at once', async () => {
    await concurrentEntries(server, token);
    expect(await firstBrokenLink(server.database.db)).toBeUndefined();
  });

  it('finds the first entry changed, and the first one whose predecessor was removed', async () => {
    await concurrentEntries(server, token);
    const ids = (
      await server.database.db.execute<{ id: string }>(sql`select id from audit_log order by chain_seq`)
    ).rows.map((row) => Number(row.id));
    const [changed, removed] = [ids[5], ids[3]];
    await tamper(server, `update audit_log set actor = 'someone else' where id = ${changed}`);
    expect(await firstBrokenLink(server.database.db)).toEqual({
      id: changed,
      chainSeq: 6,
      problem: 'the entry itself was changed',
    });
    await tamper(server, `delete from audit_log where id = ${removed}`);
    expect(await firstBrokenLink(server.database.db)).toEqual({
      id: ids[4],
      chainSeq: 5,
      problem: 'the entry before it is missing or was changed',
    });
  });
});

describe.runIf(DATABASES.includes('postgres'))('The runtime role on the audit log (PostgreSQL)', () => {
  const runtimeRole = `vigil_runtime_${new URL(ownerUrl).pathname.slice(1).replace(/\W/g, '_')}`;
  const runtimeUrl = (() => {
    const url = new URL(ownerUrl);
    url.username = runtimeRole;
    url.password = '';
    return url.toString();
  })();
  let server: TestServer;
  let runtime: pg.Client;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-roles-'));

  beforeAll(async () => {
    // A fresh database as the owner leaves it, then the app on the runtime role (the README's two roles).
    await (await startTestServer('postgres')).close();
    const owner = new pg.Client({ connectionString: ownerUrl });
    await owner.connect();
    await owner.query(
      `do $$ begin create role ${runtimeRole} login; exception when duplicate_object then null; end $$`,
    );
    await owner.end();
    const database = await openDatabase({
      databaseUrl: runtimeUrl,
      migrationDatabaseUrl: ownerUrl,
      dataDir,
      poolMax: 2,
    });
    server = await serveApp(database, dataDir);
    runtime = new pg.Client({ connectionString: runtimeUrl });
    await runtime.connect();
  });
  afterAll(async () => {
    await runtime?.end();
    await server?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs the app: its writes and their audit entries are made', async () => {
    const created = await callApi(server, 'POST', API_PATHS.clients, {
      token: (await demoTokens()).admin,
      body: { name: 'Runtime Hospital', code: 'RTH', timeZone: 'UTC' },
    });
    expect(created.status).toBe(201);
    const entries = await runtime.query(
      `select count(*)::int as n from audit_log where action = 'client.create'`,
    );
    expect(entries.rows[0].n).toBe(1);
  });

  it.each([
    ['TRUNCATE', 'truncate audit_log', /permission denied/],
    ['DELETE', 'delete from audit_log', /permission denied/],
    ['UPDATE', `update audit_log set actor = 'x'`, /permission denied/],
    ['a trigger turned off', 'alter table audit_log disable trigger user', /must be owner/],
    ['the chain trigger dropped', 'drop trigger audit_log_chain on audit_log', /must be owner/],
  ])('refuses the runtime role %s on the audit log', async (_what, statement, refusal) => {
    await expect(runtime.query(statement)).rejects.toThrow(refusal);
  });

  it('has audit:verify report a broken chain, naming the first broken entry', async () => {
    const env = {
      ...process.env,
      DATABASE_URL: runtimeUrl,
      MIGRATION_DATABASE_URL: ownerUrl,
      DATA_DIR: dataDir,
    };
    const intact = await run('npx', ['tsx', 'scripts/auditVerify.ts'], { env });
    expect(intact.stdout).toMatch(/chain holds: \d+ entries/);
    const owner = new pg.Client({ connectionString: ownerUrl });
    await owner.connect();
    try {
      const { rows } = await owner.query('select id from audit_log order by chain_seq limit 1');
      await owner.query(
        `alter table audit_log disable trigger user; update audit_log set outcome = 'denied' where id = ${rows[0].id}; alter table audit_log enable trigger user`,
      );
      const broken = await run('npx', ['tsx', 'scripts/auditVerify.ts'], { env }).then(
        () => undefined,
        (error: { code: number; stderr: string }) => error,
      );
      expect(broken?.code).toBe(1);
      expect(broken?.stderr).toContain(
        `broken at entry ${rows[0].id} (position 1): the entry itself was changed`,
      );
    } finally {
      await owner.end();
    }
  });
});
