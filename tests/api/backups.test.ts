import crypto from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { BACKUP_LINK_SECONDS, type Backup, type BackupLink } from '../../contract/backups';
import { API_PATHS } from '../../contract/paths';
import { ConfigError, loadConfig } from '../../server/config';
import { firstBrokenLink } from '../../server/db/auditChain';
import { type Database, openDatabase } from '../../server/db/database';
import { seedDemoData } from '../../server/db/seed/demoClients';
import { readSigningKeyFile } from '../../server/services/backupSigning';
import { restoreBackup } from '../../server/services/restore';
import { callApi, type DemoUsername, demoTokens } from './support/apiClient';
import { caseCalls } from './support/caseCalls';
import { startTestBucket, type TestBucket } from './support/objectStorage';
import { workerDatabaseUrl } from './support/postgres';
import { clientRecordParams } from './support/routeTable';
import {
  DATABASES,
  type DatabaseKind,
  describeEachDatabase,
  serveApp,
  startTestServer,
  type TestServer,
} from './support/testServer';

/**
 * Backups (DESIGN §6, §8 "Administration"): the admin's API over a real database (list, create, signed
 * download link, the file), and the restore command's function: a round trip back to the backed-up
 * state, refusals that change nothing (a damaged file, a server holding the embedded database, a second
 * restore), and backups that cross from one database to the other.
 */

const LINK_SECRET = 'backup-link-secret-for-the-api-tests-only';
const SIGNING_KEY = 'backup-signing-key-for-the-api-tests-only';
const postgresUrl = workerDatabaseUrl();
const sign = (id: string, expires: number) =>
  crypto.createHmac('sha256', LINK_SECRET).update(`${id}:${expires}`).digest('hex');
const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');
const hmac = (key: string, bytes: Buffer) => crypto.createHmac('sha256', key).update(bytes).digest('hex');

type RawReply = { status: number; headers: Record<string, string>; body: Buffer };

/**
 * GETs each path in turn on ONE keep-alive connection, reading each answer by its content-length, so
 * bytes sent beyond an answer's length would be read as the next answer's start (and fail its parse);
 * then checks that nothing more arrives.
 */
async function keepAliveExchange(baseUrl: string, paths: string[]): Promise<RawReply[]> {
  const { hostname, port } = new URL(baseUrl);
  const socket = net.connect(Number(port), hostname);
  await once(socket, 'connect');
  let buffer = Buffer.alloc(0);
  let wake = () => {};
  socket.on('data', (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    wake();
  });
  socket.on('close', () => wake());
  const until = async (ready: () => boolean) => {
    while (!ready()) {
      if (socket.destroyed) throw new Error('The server closed the connection');
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
  };
  const replies: RawReply[] = [];
  try {
    for (const target of paths) {
      socket.write(`GET ${target} HTTP/1.1\r\nHost: ${hostname}\r\nConnection: keep-alive\r\n\r\n`);
      await until(() => buffer.includes('\r\n\r\n'));
      const headEnd = buffer.indexOf('\r\n\r\n');
      const [statusLine = '', ...lines] = buffer.subarray(0, headEnd).toString('latin1').split('\r\n');
      const status = /^HTTP\/1\.1 (\d{3}) /.exec(statusLine)?.[1];
      if (!status) throw new Error(`Not an HTTP answer: ${statusLine.slice(0, 80)}`);
      const headers = Object.fromEntries(
        lines.map((line) => [
          line.slice(0, line.indexOf(':')).toLowerCase(),
          line.slice(line.indexOf(':') + 1).trim(),
        ]),
      );
      const length = Number(headers['content-length']);
      const end = headEnd + 4 + length;
      await until(() => buffer.length >= end);
      replies.push({ status: Number(status), headers, body: buffer.subarray(headEnd + 4, end) });
      buffer = buffer.subarray(end);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(buffer.length, 'bytes after the last answer').toBe(0);
    return replies;
  } finally {
    socket.destroy();
  }
}

/** Another instance of the app: on PostgreSQL the same database (not reset), on PGlite a database of its own. */
async function secondInstance(kind: DatabaseKind, env: Record<string, string>): Promise<TestServer> {
  if (kind === 'pglite') return startTestServer(kind, env);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-second-'));
  const server = await serveApp(
    await openDatabase({ databaseUrl: postgresUrl, dataDir, poolMax: 3 }),
    dataDir,
    env,
  );
  return {
    ...server,
    async close() {
      await server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** POST /backups as the front end sends it: the JSON content type, no body. */
const postBackup = (server: TestServer, token: string) =>
  callApi(server, 'POST', API_PATHS.backups, { token, headers: { 'content-type': 'application/json' } });

describeEachDatabase('Backups API', (kind) => {
  let server: TestServer;
  let tokens: Record<DemoUsername, string>;
  const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-backups-'));
  const settings = {
    BACKUP_LINK_SECRET: LINK_SECRET,
    BACKUP_SIGNING_KEY: SIGNING_KEY,
    BACKUP_DIR: backupDir,
  };

  beforeAll(async () => {
    fs.chmodSync(backupDir, 0o755); // as an older version left it: narrowed at start
    server = await startTestServer(kind, settings);
    tokens = await demoTokens();
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(backupDir, { recursive: true, force: true });
  });

  it('refuses every backups call to every role but admin', async () => {
    const id = '20260101T000000Z-abcdef';
    for (const username of ['tech1', 'reader1', 'billing1'] as const) {
      const token = tokens[username];
      const replies = [
        await callApi(server, 'GET', API_PATHS.backups, { token }),
        await postBackup(server, token),
        await callApi(server, 'GET', API_PATHS.backup(id), { token }),
      ];
      expect(replies.map((reply) => reply.status)).toEqual([403, 403, 403]);
    }
    expect((await callApi(server, 'GET', API_PATHS.backups)).status).toBe(401);
  });

  it('backs up on a bodiless POST, lists it, and downloads it through a signed link with no token', async () => {
    const created = await postBackup(server, tokens.admin);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const backup = created.body.data as Backup;
    expect(backup).toMatchObject({
      status: 'ready',
      source: kind === 'pglite' ? 'embedded' : 'postgresql',
      createdBy: 'admin',
      fileName: `vigil-${backup.id}.sql`,
      error: null,
    });
    expect(backup.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(backup.size).toBeGreaterThan(1000);

    const list = await callApi(server, 'GET', `${API_PATHS.backups}?sort=createdAt&order=DESC`, {
      token: tokens.admin,
    });
    expect(list.status).toBe(200);
    expect(list.body.total).toBeGreaterThanOrEqual(1);
    expect((list.body.data as Backup[])[0]).toEqual(backup);

    const linked = await callApi(server, 'GET', API_PATHS.backup(backup.id), { token: tokens.admin });
    expect(linked.status).toBe(200);
    const link = linked.body.data as BackupLink;
    expect(link).toMatchObject({ sha256: backup.sha256, fileName: backup.fileName, size: backup.size });
    const lifetime = Date.parse(link.expiresAt) - Date.now();
    expect(lifetime).toBeGreaterThan((BACKUP_LINK_SECONDS - 5) * 1000);
    expect(lifetime).toBeLessThanOrEqual(BACKUP_LINK_SECONDS * 1000);

    const download = await fetch(`${server.baseUrl}${link.url}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="${backup.fileName}"`);
    expect(download.headers.get('x-checksum-sha256')).toBe(backup.sha256);
    const file = Buffer.from(await download.arrayBuffer());
    expect(sha256(file)).toBe(backup.sha256);
    // Portable: none of the lines the other database refuses.
    expect(file.toString()).not.toMatch(/^(\\restrict|\\unrestrict|SET transaction_timeout)/m);

    const url = new URL(link.url, server.baseUrl);
    const expires = Number(url.searchParams.get('expires'));
    const signature = url.searchParams.get('signature') ?? '';
    const refused = async (query: string) => {
      const reply = await fetch(`${server.api}${API_PATHS.backupFile(backup.id)}?${query}`);
      return { status: reply.status, body: await reply.json() };
    };
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`;
    expect(await refused(`expires=${expires}&signature=${flipped}`)).toEqual({
      status: 403,
      body: { success: false, error: 'This download link is not valid' },
    });
    expect((await refused(`expires=${expires + 3600}&signature=${signature}`)).status).toBe(403);
    const past = Math.floor(Date.now() / 1000) - 1;
    expect(await refused(`expires=${past}&signature=${sign(backup.id, past)}`)).toEqual({
      status: 403,
      body: { success: false, error: 'This download link has expired' },
    });
    // A valid link to another id is not a link to this one.
    const other = '20260101T000000Z-abcdef';
    expect((await refused(`expires=${expires}&signature=${sign(other, expires)}`)).status).toBe(403);

    const missing = await callApi(server, 'GET', API_PATHS.backup(other), { token: tokens.admin });
    expect(missing.status).toBe(404);
    const malformed = await callApi(server, 'GET', API_PATHS.backup('latest'), { token: tokens.admin });
    expect(malformed.status).toBe(400);
  });

  it('audits backups and links by id only', async () => {
    const { rows } = await server.database.pool.query<{
      action: string;
      resource_id: string;
      details: object;
    }>(
      `select action, resource_id, details from audit_log where resource = 'backups' and outcome = 'ok' order by id`,
    );
    expect(rows.map((row) => row.action)).toEqual(['backup.create', 'backup.link']);
    expect(rows[0]?.details).toEqual({ status: 'ready' });
    expect(rows[0]?.resource_id).toBe(rows[1]?.resource_id);
  });

  it('keeps backups owner-only (files 0600, folder 0700) and signs each file in its sidecar', async () => {
    const { rows } = await server.database.pool.query<{ resource_id: string }>(
      `select resource_id from audit_log where action = 'backup.create' order by id limit 1`,
    );
    const id = rows[0]?.resource_id ?? '';
    const mode = (name: string) => fs.statSync(path.join(backupDir, name)).mode & 0o777;
    expect(mode('.')).toBe(0o700);
    expect(mode(`vigil-${id}.sql`)).toBe(0o600);
    expect(mode(`vigil-${id}.json`)).toBe(0o600);
    const file = fs.readFileSync(path.join(backupDir, `vigil-${id}.sql`));
    const sidecar = JSON.parse(fs.readFileSync(path.join(backupDir, `vigil-${id}.json`), 'utf8'));
    expect(sidecar).toMatchObject({ sha256: sha256(file), hmacSha256: hmac(SIGNING_KEY, file) });
    // The HMAC stays on the server's side: the list shows the checksum only.
    const list = await callApi(server, 'GET', API_PATHS.backups, { token: tokens.admin });
    expect(list.body.data).toEqual([expect.not.objectContaining({ hmacSha256: expect.anything() })]);
  });

  it('answers a stage list the same before and after a backup (the embedded dump drops every prepared statement)', async () => {
    const { newClient, intake } = caseCalls((method, route, as, body) =>
      callApi(server, method, route, { token: as && tokens[as], body }),
    );
    await intake(await newClient('Backup Lists Hospital', 'BKL'));
    const list = () =>
      callApi(server, 'GET', `${API_PATHS.caseStage('intake')}?perPage=5`, { token: tokens.admin });
    const before = await list();
    expect(before.status).toBe(200);
    expect((before.body.data as unknown[]).length).toBeGreaterThan(0);
    expect((await postBackup(server, tokens.admin)).status).toBe(201);
    const after = await list();
    expect(after.status, JSON.stringify(after.body)).toBe(200);
    expect(after.body).toEqual(before.body);
  });

  it('sends exactly the listed bytes, and 409 with no file bytes for a file changed on disk after listing', async () => {
    const created = await postBackup(server, tokens.admin);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const backup = created.body.data as Backup;
    const fileUrl = async () => {
      const linked = await callApi(server, 'GET', API_PATHS.backup(backup.id), { token: tokens.admin });
      return (linked.body.data as BackupLink).url;
    };

    const sent = await keepAliveExchange(server.baseUrl, [await fileUrl(), '/config.json']);
    expect(sent.map((reply) => reply.status)).toEqual([200, 200]);
    expect(sent[0]?.headers['content-length']).toBe(String(backup.size));
    expect(sha256(sent[0]?.body ?? Buffer.alloc(0))).toBe(backup.sha256);

    const file = path.join(backupDir, backup.fileName);
    const original = fs.readFileSync(file);
    fs.appendFileSync(file, "\nUPDATE clients SET name = 'grown';\n");
    const grown = await keepAliveExchange(server.baseUrl, [await fileUrl(), '/config.json']);
    expect(grown.map((reply) => reply.status)).toEqual([409, 200]);
    expect(JSON.parse(grown[0]?.body.toString() ?? '')).toEqual({
      success: false,
      error: 'The backup changed on disk: it no longer matches its checksum',
    });

    // The same size with one byte changed: its checksum no longer matches.
    const flipped = Buffer.from(original);
    flipped[Math.floor(flipped.length / 2)] ^= 0x01;
    fs.writeFileSync(file, flipped);
    const changed = await fetch(`${server.baseUrl}${await fileUrl()}`);
    expect(changed.status).toBe(409);
    fs.writeFileSync(file, original);
    expect((await fetch(`${server.baseUrl}${await fileUrl()}`)).status).toBe(200);
  });

  it('shares one signing key between instances without BACKUP_SIGNING_KEY that share a backup folder', async () => {
    const shared = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-shared-backups-'));
    const env = { BACKUP_LINK_SECRET: LINK_SECRET, BACKUP_DIR: shared };
    const [first, second] = [await startTestServer(kind, env), await secondInstance(kind, env)];
    try {
      const created = await postBackup(first, tokens.admin);
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const backup = created.body.data as Backup;
      const linked = await callApi(second, 'GET', API_PATHS.backup(backup.id), { token: tokens.admin });
      expect(linked.status).toBe(200);
      const download = await fetch(`${second.baseUrl}${(linked.body.data as BackupLink).url}`);
      expect(download.status).toBe(200);
      expect(sha256(Buffer.from(await download.arrayBuffer()))).toBe(backup.sha256);
    } finally {
      await first.close();
      await second.close();
      fs.rmSync(shared, { recursive: true, force: true });
    }
  });

  it('needs a fixed link secret and signing key in production', () => {
    const cognito = { COGNITO_USER_POOL_ID: 'eu-west-1_abc', COGNITO_USER_POOL_CLIENT_ID: 'client' };
    const production = {
      NODE_ENV: 'production',
      ...cognito,
      BACKUP_LINK_SECRET: LINK_SECRET,
      INTERFACE_SECRET_KEY: 'i'.repeat(32),
    };
    expect(() => loadConfig(production)).toThrow(ConfigError);
    expect(() => loadConfig(production)).toThrow(/BACKUP_SIGNING_KEY/);
    expect(() =>
      loadConfig({ ...production, BACKUP_LINK_SECRET: undefined, BACKUP_SIGNING_KEY: SIGNING_KEY }),
    ).toThrow(/BACKUP_LINK_SECRET/);
    expect(() => loadConfig({ ...production, BACKUP_SIGNING_KEY: 'short' })).toThrow(
      /BACKUP_SIGNING_KEY: must be at least 32 characters/,
    );
    expect(loadConfig({ ...production, BACKUP_SIGNING_KEY: SIGNING_KEY })).toMatchObject({
      backupSigningKey: SIGNING_KEY,
    });
  });

  if (kind === 'postgres')
    it('refuses a backup on a second instance on the same database while the first runs (409)', async () => {
      const other = await secondInstance(kind, settings);
      const blocker = new pg.Client({ connectionString: postgresUrl });
      await blocker.connect();
      try {
        await blocker.query('begin; lock table clients in access exclusive mode');
        const first = postBackup(server, tokens.admin);
        let running: Backup | undefined;
        while (!running) {
          const list = await callApi(server, 'GET', API_PATHS.backups, { token: tokens.admin });
          running = (list.body.data as Backup[]).find((backup) => backup.status === 'running');
        }
        const second = await postBackup(other, tokens.admin);
        expect(second).toMatchObject({ status: 409, body: { error: 'A backup is already running' } });
        await blocker.query('commit');
        expect((await first).status).toBe(201);
        // The lock is let go with the backup: the other instance may back up now.
        expect((await postBackup(other, tokens.admin)).status).toBe(201);
      } finally {
        await blocker.end();
        await other.close();
      }
    });

  // The embedded database answers nothing while it is dumped, so on PGlite a second request waits for the
  // first backup rather than overlapping it; PostgreSQL keeps answering, and pg_dump waits on a table lock.
  if (kind === 'postgres')
    it('lists a running backup and refuses a second one while it runs (409)', async () => {
      const blocker = new pg.Client({ connectionString: postgresUrl });
      await blocker.connect();
      try {
        await blocker.query('begin; lock table clients in access exclusive mode');
        const first = postBackup(server, tokens.admin);
        let running: Backup | undefined;
        while (!running) {
          const list = await callApi(server, 'GET', API_PATHS.backups, { token: tokens.admin });
          running = (list.body.data as Backup[]).find((backup) => backup.status === 'running');
        }
        expect(running).toMatchObject({ sha256: null, finishedAt: null, createdBy: 'admin' });
        const second = await postBackup(server, tokens.admin);
        expect(second).toMatchObject({ status: 409, body: { error: 'A backup is already running' } });
        const linked = await callApi(server, 'GET', API_PATHS.backup(running.id), { token: tokens.admin });
        expect(linked.status).toBe(409);
        await blocker.query('commit');
        expect((await first).status).toBe(201);
      } finally {
        await blocker.end();
      }
    });

  it('marks a backup left running by a stopped server as interrupted, and a failed dump as failed, without a file', async () => {
    const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-backups-'));
    const leftRunning: Backup = {
      id: '20260101T000000Z-abcdef',
      fileName: 'vigil-20260101T000000Z-abcdef.sql',
      status: 'running',
      size: 0,
      sha256: null,
      source: 'embedded',
      createdBy: 'admin',
      createdAt: '2026-01-01T00:00:00.000Z',
      finishedAt: null,
      ms: null,
      error: null,
    };
    fs.writeFileSync(path.join(backupDir, 'vigil-20260101T000000Z-abcdef.json'), JSON.stringify(leftRunning));
    fs.writeFileSync(path.join(backupDir, leftRunning.fileName), 'SET partial');
    // A pg_dump that writes a little, then fails as pg_dump does (used by the PostgreSQL server only).
    const failing = path.join(backupDir, 'failing-pg_dump');
    fs.writeFileSync(
      failing,
      "#!/bin/sh\necho 'SET x = 1;'\necho 'pg_dump: error: query failed' >&2\nexit 1\n",
      {
        mode: 0o755,
      },
    );
    // On PostgreSQL this server starts from a reset database: the tests above are done with theirs.
    const restarted = await startTestServer(kind, { BACKUP_DIR: backupDir, PG_DUMP: failing });
    try {
      const list = await callApi(restarted, 'GET', API_PATHS.backups, { token: tokens.admin });
      expect(list.body.data).toEqual([
        { ...leftRunning, status: 'failed', error: 'interrupted', finishedAt: expect.any(String) },
      ]);
      expect(fs.existsSync(path.join(backupDir, leftRunning.fileName))).toBe(false);
      if (kind === 'postgres') {
        const failed = await postBackup(restarted, tokens.admin);
        expect(failed).toMatchObject({
          status: 500,
          body: { error: 'The backup failed: pg_dump: error: query failed' },
        });
        const [latest] = (
          await callApi(restarted, 'GET', `${API_PATHS.backups}?sort=createdAt&order=DESC`, {
            token: tokens.admin,
          })
        ).body.data as Backup[];
        expect(latest).toMatchObject({
          status: 'failed',
          size: 0,
          sha256: null,
          error: 'pg_dump: error: query failed',
        });
        expect(fs.readdirSync(backupDir).filter((name) => name.endsWith('.sql'))).toEqual([]);
      }
    } finally {
      await restarted.close();
      fs.rmSync(backupDir, { recursive: true, force: true });
    }
  });
});

/** Opens the database a restore targets: PostgreSQL at `databaseUrl`, else the embedded one in `dataDir`. */
/**
 * A whole cycle (a dump, a restore, one or two server starts, the embedded database's among them) takes
 * 20–60 s quiet, took over 120 s under two busy cores, and over 300 s (PGlite; 103 s on PostgreSQL, 8 s
 * quiet) in a run with the end-to-end stories beside it: the limit is there for a hang, never a timing
 * assertion.
 */
const WHOLE_CYCLE_MS = 900_000;

const openTarget = (dataDir: string, databaseUrl?: string) =>
  openDatabase({ databaseUrl, dataDir, poolMax: 3, templateDir: inject('pgliteTemplateDir') });

/** Per table of the app's schemas: a checksum of its rows' text and their count. */
async function tableChecksums(database: Database): Promise<Record<string, string>> {
  const { rows: tables } = await database.pool.query<{ name: string; query: string }>(`
    select table_schema || '.' || table_name as name,
      format('select md5(coalesce(string_agg(t::text, ''|'' order by t::text), '''')) || '':'' || count(*) as sum from %I.%I t',
        table_schema, table_name) as query
    from information_schema.tables
    where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`);
  const sums: Record<string, string> = {};
  for (const table of tables) {
    const { rows } = await database.pool.query<{ sum: string }>(table.query);
    sums[table.name] = rows[0]?.sum ?? '';
  }
  return sums;
}

const clientTotal = async (server: TestServer, token: string) =>
  (await callApi(server, 'GET', API_PATHS.clients, { token })).body.total;

describeEachDatabase('Restore', (kind) => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-restore-'));
  const dataDir = path.join(work, 'data');
  const databaseUrl = kind === 'postgres' ? postgresUrl : undefined;
  let tokens: Record<DemoUsername, string>;
  let backup: Backup;
  let backupFile: string;
  let backedUp: Record<string, string>;
  let clientsBackedUp: number | undefined;
  /** The key the server made in its data folder (no BACKUP_SIGNING_KEY): what `npm run restore` reads. */
  let signingKey: string | undefined;

  beforeAll(async () => {
    tokens = await demoTokens();
    if (kind === 'postgres') {
      // A fresh database, as startTestServer would make it.
      const admin = new pg.Client({ connectionString: postgresUrl });
      await admin.connect();
      await admin.query(
        'drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public',
      );
      await admin.end();
    }
  });
  afterAll(() => {
    fs.rmSync(work, { recursive: true, force: true });
  });

  it(
    'brings the data back to the backup, after changes, with the server stopped',
    async () => {
      const server = await serveApp(await openTarget(dataDir, databaseUrl), dataDir);
      let changed: Record<string, string>;
      try {
        await seedDemoData(server.database.db);
        clientsBackedUp = await clientTotal(server, tokens.admin); // also records the admin's sign-in first
        backedUp = await tableChecksums(server.database);
        const created = await postBackup(server, tokens.admin);
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        backup = created.body.data as Backup;
        backupFile = path.join(dataDir, 'backups', backup.fileName);
        const keyFile = path.join(dataDir, 'backups', '.signing-key');
        expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
        signingKey = await readSigningKeyFile(keyFile);
        expect(signingKey).toMatch(/^[0-9a-f]{64}$/);

        // Changes after the backup: a new client with its records, and an edit of a demo client.
        await clientRecordParams(server, tokens.admin);
        const list = await callApi(server, 'GET', `${API_PATHS.clients}?sort=name&order=ASC`, {
          token: tokens.admin,
        });
        const [demo] = list.body.data as {
          id: number;
          name: string;
          code: string;
          timeZone: string;
          version: number;
        }[];
        const edited = await callApi(server, 'PUT', API_PATHS.client(demo.id), {
          token: tokens.admin,
          body: {
            name: `${demo.name} (renamed)`,
            code: demo.code,
            timeZone: demo.timeZone,
            version: demo.version,
          },
        });
        expect(edited.status, JSON.stringify(edited.body)).toBe(200);
        changed = await tableChecksums(server.database);
        expect(changed).not.toEqual(backedUp);
      } finally {
        await server.close();
      }

      // A copy of the file with one byte changed is refused before anything is touched.
      const tampered = path.join(work, backup.fileName);
      const bytes = fs.readFileSync(backupFile);
      bytes[Math.floor(bytes.length / 2)] ^= 0x01;
      fs.writeFileSync(tampered, bytes);
      await expect(
        restoreBackup({ file: tampered, sha256: backup.sha256 ?? '', databaseUrl, dataDir }),
      ).rejects.toThrow(/does not match its SHA-256.*Nothing was restored/);
      await expect(restoreBackup({ file: tampered, databaseUrl, dataDir, signingKey })).rejects.toThrow(
        /no sidecar/,
      );

      const held = await openTarget(dataDir, databaseUrl);
      try {
        if (kind === 'pglite') {
          // A server has the embedded database open: refused, naming the process.
          await expect(restoreBackup({ file: backupFile, dataDir, signingKey })).rejects.toThrow(
            `in use by process ${process.pid}`,
          );
        }
        expect(await tableChecksums(held)).toEqual(changed);
      } finally {
        await held.close();
      }

      // SQL appended and the sidecar's SHA-256 and size updated: the HMAC no longer matches.
      const sidecar = JSON.parse(fs.readFileSync(backupFile.replace(/\.sql$/, '.json'), 'utf8'));
      const original = fs.readFileSync(backupFile);
      const appended = Buffer.concat([original, Buffer.from("\nUPDATE clients SET name = 'replaced';\n")]);
      const copy = (name: string, file: Buffer, fields: Record<string, unknown>) => {
        const dir = path.join(work, name);
        fs.mkdirSync(dir);
        fs.writeFileSync(path.join(dir, backup.fileName), file);
        const description = { ...sidecar, sha256: sha256(file), size: file.length, ...fields };
        fs.writeFileSync(
          path.join(dir, backup.fileName.replace(/\.sql$/, '.json')),
          JSON.stringify(description),
        );
        return path.join(dir, backup.fileName);
      };
      const copies = {
        appended: copy('appended', appended, {}),
        resigned: copy('resigned', appended, {
          hmacSha256: hmac('a-key-that-is-not-this-installations', appended),
        }),
        unsigned: copy('unsigned', original, { hmacSha256: undefined }),
      };
      await expect(
        restoreBackup({ file: copies.appended, databaseUrl, dataDir, signingKey }),
      ).rejects.toThrow(/not signed with this installation's key.*Nothing was restored/);
      await expect(
        restoreBackup({ file: copies.resigned, databaseUrl, dataDir, signingKey }),
      ).rejects.toThrow(/not signed with this installation's key/);
      await expect(
        restoreBackup({ file: copies.unsigned, databaseUrl, dataDir, signingKey }),
      ).rejects.toThrow(/is not signed.*give the SHA-256 you trust with --sha256/);
      // A genuine file that cannot be checked (no key here) is also refused.
      await expect(restoreBackup({ file: backupFile, databaseUrl, dataDir })).rejects.toThrow(
        /no signing key/,
      );
      const untouched = await openTarget(dataDir, databaseUrl);
      try {
        expect(await tableChecksums(untouched)).toEqual(changed);
      } finally {
        await untouched.close();
      }
      // The operator vouches for the unsigned copy by its SHA-256: restored, with a warning.
      const vouched = await restoreBackup({
        file: copies.unsigned,
        sha256: backup.sha256 ?? '',
        databaseUrl,
        dataDir,
        signingKey,
      });
      expect(vouched).toMatchObject({
        signature: 'vouched',
        warning: expect.stringMatching(/is not signed.*--sha256/),
      });

      // Two restores at once: one runs, the other is refused.
      const outcomes = await Promise.allSettled([
        restoreBackup({ file: backupFile, databaseUrl, dataDir, signingKey }),
        restoreBackup({ file: backupFile, databaseUrl, dataDir, signingKey }),
      ]);
      const [restored] = outcomes.flatMap((outcome) =>
        outcome.status === 'fulfilled' ? [outcome.value] : [],
      );
      const refusals = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []));
      expect(refusals).toHaveLength(1);
      expect(String(refusals[0])).toMatch(/Another restore is running|in use by process/);
      expect(restored).toMatchObject({
        target: kind === 'pglite' ? 'embedded' : 'postgresql',
        bytes: backup.size,
        sha256: backup.sha256,
        signature: 'checked',
      });
      expect(restored?.tables.length).toBe(Object.keys(backedUp).length);

      const reopened = await serveApp(await openTarget(dataDir, databaseUrl), dataDir);
      try {
        // Every table as backed up, and the audit log with one entry more: the restore, written after it.
        const { 'public.audit_log': auditAfter, ...tablesNow } = await tableChecksums(reopened.database);
        const { 'public.audit_log': auditBefore, ...expected } = backedUp;
        expect(tablesNow).toEqual(expected);
        expect(Number(auditAfter?.split(':')[1])).toBe(Number(auditBefore?.split(':')[1]) + 1);
        const { rows } = await reopened.database.pool.query(
          'select actor, action, resource, resource_id, outcome, details from audit_log order by id desc limit 1',
        );
        expect(rows[0]).toEqual({
          actor: `${os.userInfo().username} (restore command)`,
          action: 'backup.restore',
          resource: 'backups',
          resource_id: backup.id,
          outcome: 'ok',
          details: { sha256: backup.sha256, bytes: backup.size, signature: 'checked', rows: restored?.rows },
        });
        expect(await clientTotal(reopened, tokens.admin)).toBe(clientsBackedUp);
        // The audit log's chain holds across the restore: the restore's own entry links to the last restored one.
        expect(await firstBrokenLink(reopened.database.db)).toBeUndefined();
      } finally {
        await reopened.close();
      }
    },
    WHOLE_CYCLE_MS,
  );

  if (kind === 'postgres')
    it(
      'restores a PostgreSQL backup into a new embedded database',
      async () => {
        const embeddedDir = path.join(work, 'embedded');
        const summary = await restoreBackup({ file: backupFile, dataDir: embeddedDir, signingKey });
        expect(summary.target).toBe('embedded');
        const server = await serveApp(await openTarget(embeddedDir), embeddedDir);
        try {
          expect(await clientTotal(server, tokens.admin)).toBe(clientsBackedUp);
        } finally {
          await server.close();
        }
      },
      WHOLE_CYCLE_MS,
    );

  if (kind === 'pglite' && DATABASES.includes('postgres'))
    it(
      'restores an embedded backup into a new PostgreSQL database, which a server then runs on',
      async () => {
        const name = `vigil_backup_${crypto.randomBytes(4).toString('hex')}`;
        const admin = new pg.Client({ connectionString: postgresUrl });
        await admin.connect();
        await admin.query(`create database ${name}`);
        try {
          const url = new URL(postgresUrl);
          url.pathname = `/${name}`;
          const summary = await restoreBackup({
            file: backupFile,
            databaseUrl: url.toString(),
            dataDir: work,
            signingKey,
          });
          expect(summary.target).toBe('postgresql');
          const server = await serveApp(await openTarget(work, url.toString()), work);
          try {
            expect(await clientTotal(server, tokens.admin)).toBe(clientsBackedUp);
          } finally {
            await server.close();
          }
        } finally {
          await admin.query(`drop database if exists ${name} with (force)`);
          await admin.end();
        }
      },
      WHOLE_CYCLE_MS,
    );
});

describeEachDatabase('Backups in object storage', (kind) => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-s3-backups-'));
  let bucket: TestBucket;
  let first: TestServer;
  let second: TestServer;
  let tokens: Record<DemoUsername, string>;
  const settings = (name: string) => ({
    ...bucket.env,
    BACKUP_LINK_SECRET: LINK_SECRET,
    BACKUP_SIGNING_KEY: SIGNING_KEY,
    BACKUP_DIR: path.join(work, name),
  });

  beforeAll(async () => {
    bucket = await startTestBucket();
    first = await startTestServer(kind, settings('first'), {}, 'demo');
    second = await secondInstance(kind, settings('second'));
    tokens = await demoTokens();
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await bucket?.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it(
    'backs up into the bucket, lists it from a second instance, downloads it by a presigned link and restores it',
    async () => {
      const clients = await clientTotal(first, tokens.admin);
      expect(clients).toBeGreaterThan(0);
      const created = await postBackup(first, tokens.admin);
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const backup = created.body.data as Backup;
      expect(backup).toMatchObject({ status: 'ready', sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
      // Nothing stays in the local folder: the bucket holds the file.
      expect(fs.readdirSync(path.join(work, 'first'))).toEqual([]);

      const listed = await callApi(second, 'GET', API_PATHS.backups, { token: tokens.admin });
      expect(listed.body).toMatchObject({ total: 1, data: [backup] });

      const linked = await callApi(second, 'GET', API_PATHS.backup(backup.id), { token: tokens.admin });
      expect(linked.status).toBe(200);
      const link = linked.body.data as BackupLink;
      expect(link).toMatchObject({ sha256: backup.sha256, size: backup.size, fileName: backup.fileName });
      const url = new URL(link.url);
      expect(url.origin).toBe(bucket.endpoint);
      expect(url.searchParams.get('X-Amz-Expires')).toBe(String(BACKUP_LINK_SECONDS));
      expect(url.searchParams.get('response-cache-control')).toBe('no-store');
      // s3rver takes any signature: the link's own is checked here, and a link with another object, expiry or
      // answer header no longer holds it.
      expect(await bucket.signatureHolds(link.url)).toBe(true);
      for (const [name, value] of [
        ['X-Amz-Expires', '604800'],
        ['response-cache-control', 'max-age=3600'],
      ]) {
        const changed = new URL(link.url);
        changed.searchParams.set(name, value);
        expect(await bucket.signatureHolds(changed.toString())).toBe(false);
      }
      const otherObject = new URL(link.url);
      otherObject.pathname = otherObject.pathname.replace(backup.id, '20260101T000000Z-abcdef');
      expect(await bucket.signatureHolds(otherObject.toString())).toBe(false);
      const download = await fetch(link.url);
      expect(download.status).toBe(200);
      expect(download.headers.get('cache-control')).toBe('no-store');
      const file = Buffer.from(await download.arrayBuffer());
      expect(file.length).toBe(backup.size);
      expect(sha256(file)).toBe(backup.sha256);

      // The restore command's path: file and sidecar fetched from the bucket, signature checked.
      const config = loadConfig({ ...settings('restore'), DATA_DIR: path.join(work, 'restore') });
      const { bucketStore } = await import('../../server/services/bucketStore');
      const store = bucketStore(config.backupS3 ?? expect.unreachable('no bucket settings'));
      const fetched = await store.fetch(backup.id, path.join(work, 'fetched')).finally(() => store.destroy());
      const targetDir = path.join(work, 'target');
      const targetUrl = kind === 'postgres' ? await freshPostgresDatabase('s3') : undefined;
      const summary = await restoreBackup({
        file: fetched,
        signingKey: config.backupSigningKey,
        databaseUrl: targetUrl,
        dataDir: targetDir,
      });
      expect(summary).toMatchObject({ signature: 'checked', sha256: backup.sha256 });
      const restored = await openTarget(targetDir, targetUrl);
      try {
        const { rows } = await restored.pool.query<{ clients: number; restores: number }>(
          `select (select count(*)::int from clients) as clients,
          (select count(*)::int from audit_log where action = 'backup.restore' and resource_id = $1) as restores`,
          [backup.id],
        );
        expect(rows[0]).toEqual({ clients, restores: 1 });
      } finally {
        await restored.close();
        if (targetUrl) await dropPostgresDatabase(targetUrl);
      }
    },
    WHOLE_CYCLE_MS,
  );

  it('refuses a link to an object changed in the bucket after it was listed', async () => {
    const created = await postBackup(first, tokens.admin);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const backup = created.body.data as Backup;
    await bucket.overwrite(`backups/${backup.fileName}`, '-- not the backup\n');
    const linked = await callApi(second, 'GET', API_PATHS.backup(backup.id), { token: tokens.admin });
    expect(linked.status).toBe(409);
    expect(linked.body.error).toMatch(/changed in the bucket/);
  });
});

/** An empty PostgreSQL database beside the test one (`<test database>_<suffix>`), made anew. */
async function freshPostgresDatabase(suffix: string): Promise<string> {
  const url = new URL(postgresUrl);
  const name = `${url.pathname.slice(1)}_${suffix}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropPostgresDatabase(url: string) {
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${new URL(url).pathname.slice(1)} with (force)`);
  } finally {
    await admin.end();
  }
}
