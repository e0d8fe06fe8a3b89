import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { API_PATHS } from '../../contract/paths';
import { openDatabase } from '../../server/db/database';
import { serverLogger } from '../../server/logging';
import { callApi, demoTokens } from './support/apiClient';
import { workerDatabaseUrl } from './support/postgres';
import { describeEachDatabase, serveApp, startTestServer, type TestServer } from './support/testServer';

const METRICS_TOKEN = 'metrics-token-for-the-tests';

/** A plain GET outside the API (health, readiness, metrics). */
async function get(server: TestServer, route: string, token?: string) {
  const response = await fetch(`${server.baseUrl}${route}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: response.status, text: await response.text() };
}

/** The app on a fresh database of `kind`, its log lines kept in `lines`. */
async function serverWithLog(kind: 'pglite' | 'postgres', lines: string[], cognito = inject('identity')) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-ops-'));
  if (kind === 'postgres') await (await startTestServer('postgres')).close();
  const database = await openDatabase({
    databaseUrl: kind === 'postgres' ? workerDatabaseUrl() : undefined,
    dataDir,
    poolMax: 2,
    templateDir: inject('pgliteTemplateDir'),
  });
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return serveApp(database, dataDir, { METRICS_TOKEN }, { cognito, logger: serverLogger('info', sink) });
}

/** Health, readiness, metrics and the request log (spec: what an operator reads). */
describeEachDatabase('Operations', (kind) => {
  let server: TestServer;
  let token: string;
  const lines: string[] = [];

  beforeAll(async () => {
    server = await serverWithLog(kind, lines);
    token = (await demoTokens()).admin;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers /healthz and /readyz while the database and the identity answer', async () => {
    expect(await get(server, '/healthz')).toEqual({ status: 200, text: JSON.stringify({ status: 'ok' }) });
    expect(await get(server, '/readyz')).toEqual({ status: 200, text: JSON.stringify({ status: 'ready' }) });
  });

  it('serves Prometheus metrics by route template and status to the METRICS_TOKEN only', async () => {
    const created = await callApi(server, 'POST', API_PATHS.clients, {
      token,
      body: { name: 'Metric Hospital', code: 'MET', timeZone: 'UTC' },
    });
    const clientId = (created.body.data as { id: number }).id;
    expect((await callApi(server, 'GET', API_PATHS.client(clientId), { token })).status).toBe(200);
    expect((await get(server, '/metrics')).status).toBe(401);
    expect((await get(server, '/metrics', 'not-the-token')).status).toBe(401);
    const metrics = await get(server, '/metrics', METRICS_TOKEN);
    expect(metrics.status).toBe(200);
    expect(metrics.text).toMatch(
      /http_request_duration_seconds_bucket\{le="[\d.]+",method="GET",route="\/api\/continuous-monitoring\/clients\/:id",status_code="200"\}/,
    );
    expect(metrics.text).not.toContain(`/clients/${clientId}`);
    for (const metric of ['nodejs_eventloop_lag_seconds', 'vigil_db_pool_connections', 'vigil_backups'])
      expect(metrics.text).toContain(metric);
    expect(metrics.text).toContain('vigil_interface_outbox_messages{status="pending"} 0');
    expect(metrics.text).toContain('vigil_interface_outbox_messages{status="failed"} 0');
  });

  it('logs requests by route template, never a path with an id or an MRN', async () => {
    const mrn = 'MRN-LOGGED-4417';
    await callApi(server, 'GET', `${API_PATHS.caseDetails(987654)}`, { token });
    await callApi(server, 'GET', `/continuous-monitoring/cases/details/${mrn}?patient=${mrn}`, { token });
    await callApi(server, 'GET', `/no-such-route/${mrn}`, { token });
    const requests = lines.filter((line) => line.includes('"req"'));
    expect(
      requests.some((line) => line.includes('"route":"/api/continuous-monitoring/cases/details/:id"')),
    ).toBe(true);
    expect(requests.some((line) => line.includes('"route":"(no route)"'))).toBe(true);
    expect(lines.filter((line) => line.includes(mrn) || line.includes('987654'))).toEqual([]);
  });

  it('logs each request once, when it is answered, with its route, status and time', async () => {
    const route = '/api/continuous-monitoring/cases/assignments';
    const before = lines.length;
    expect((await callApi(server, 'GET', API_PATHS.caseAssignments, { token })).status).toBe(200);
    const logged = lines
      .slice(before)
      .filter((line) => line.includes(`"route":"${route}"`))
      .map((line) => JSON.parse(line));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ msg: 'request completed', req: { method: 'GET', route } });
    expect(logged[0].res.statusCode).toBe(200);
    expect(logged[0].responseTime).toBeGreaterThan(0);
  });

  it('answers /readyz 503 naming the part that is not ready', async () => {
    const lost: string[] = [];
    const closedPort = { ...inject('identity'), jwksUri: 'http://127.0.0.1:9/.well-known/jwks.json' };
    const withoutIdentity = await serverWithLog(kind, lost, closedPort);
    try {
      expect(await get(withoutIdentity, '/readyz')).toEqual({
        status: 503,
        text: JSON.stringify({ status: 'not ready', failing: ['identity keys'] }),
      });
      await withoutIdentity.database.db.execute(
        sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)`,
      );
      expect(JSON.parse((await get(withoutIdentity, '/readyz')).text).failing).toEqual([
        'database not migrated',
        'identity keys',
      ]);
    } finally {
      await withoutIdentity.close();
    }
  });
});
