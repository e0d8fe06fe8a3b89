import type { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addMonths } from '../../contract/billingMonths';
import { monthIn } from '../../contract/calendar';
import { API_PATHS } from '../../contract/paths';
import type { Db } from '../../server/db/database';
import { clients } from '../../server/db/schema';
import { callApi, type DemoUsername, demoTokens } from './support/apiClient';
import { caseCalls } from './support/caseCalls';
import { describeEachDatabase, startTestServer, type TestServer } from './support/testServer';

/**
 * The SQL texts drizzle builds while `during` runs: a query built and prepared once builds none when it
 * runs again; any other builds its text on every call. (The dialect is drizzle's own, shared by the
 * database and its transactions.)
 */
async function statementsBuilt(db: Db, during: () => Promise<unknown>): Promise<string[]> {
  const dialect = (db as unknown as { dialect: PgDialect }).dialect;
  const build = dialect.sqlToQuery;
  const built: string[] = [];
  dialect.sqlToQuery = function (this: PgDialect, ...args: Parameters<PgDialect['sqlToQuery']>) {
    const query = build.apply(this, args);
    built.push(query.sql);
    return query;
  };
  try {
    await during();
  } finally {
    Reflect.deleteProperty(dialect, 'sqlToQuery');
  }
  return built;
}

/** The hot reads run on prepared statements: the second of two identical requests builds no SQL at all. */
describeEachDatabase('Prepared reads', (kind) => {
  let server: TestServer;
  let tokens: Record<DemoUsername, string>;
  let clientId: number;
  let caseId: number;
  const thisMonth = monthIn('UTC');
  const lastMonth = addMonths(thisMonth, -1);

  const call = (method: string, path: string, as: DemoUsername = 'admin', body?: unknown) =>
    callApi(server, method, path, { token: tokens[as], body });
  const { newClient, firstProtocol, monitoredCase } = caseCalls(call);

  beforeAll(async () => {
    // The hospital interfaces' sender polls its outbox every second: held off, so only requests build SQL.
    server = await startTestServer(kind, { INTERFACE_SEND_INTERVAL_MS: '600000' });
    tokens = await demoTokens();
    clientId = await newClient(`Prepared Hospital ${kind}`, `PR${kind === 'pglite' ? 'L' : 'P'}`);
    await firstProtocol(clientId);
    // A running log: the statement counts its case's hours live.
    caseId = (
      await monitoredCase(clientId, {
        mrn: 'MRN-424242',
        firstName: 'Ada',
        lastName: 'Quill',
        dateOfBirth: '1970-01-02',
        sex: 'F',
      })
    ).id;
    // A closed month: its statement reads the frozen lines.
    expect(
      (await call('POST', API_PATHS.cycleRate(clientId, lastMonth), 'billing1', { rate: '100' })).status,
    ).toBe(200);
    const closed = await call('POST', API_PATHS.cycleStatus(clientId, lastMonth), 'billing1', {
      status: 'closed',
      version: 1,
    });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('counts the statements a request builds', async () => {
    const built = await statementsBuilt(server.database.db, () =>
      server.database.db.select({ id: clients.id }).from(clients),
    );
    expect(built).toHaveLength(1);
  });

  const reads: [string, () => string, DemoUsername][] = [
    ['a stage list', () => API_PATHS.caseStage('monitoring'), 'admin'],
    ['the assignments list', () => API_PATHS.caseAssignments, 'tech1'],
    [
      'a filtered stage list and its count',
      () => `${API_PATHS.caseStage('monitoring')}?q=quill&technologist=tech1&clientId=${clientId}`,
      'admin',
    ],
    [
      'a page past the end of a stage list (its kept count)',
      () => `${API_PATHS.caseStage('closed')}?page=40`,
      'admin',
    ],
    [
      'a client’s cases',
      () => `${API_PATHS.clientRecords(clientId, 'cases')}?sort=caseNumber&order=ASC`,
      'admin',
    ],
    ['a case’s details', () => API_PATHS.caseDetails(caseId), 'admin'],
    ['the home page', () => API_PATHS.home, 'tech1'],
    ['the clients list', () => API_PATHS.clients, 'admin'],
    ['a search of the clients', () => `${API_PATHS.clients}?q=prepared&isEnabled=true`, 'admin'],
    ['a client', () => API_PATHS.client(clientId), 'admin'],
    ['an open month’s statement', () => API_PATHS.billingCycle(clientId, thisMonth), 'billing1'],
    ['a closed month’s statement', () => API_PATHS.billingCycle(clientId, lastMonth), 'billing1'],
  ];
  it.each(reads)('builds no SQL for %s the second time', async (_name, path, as) => {
    const first = await call('GET', path(), as);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    let again: Awaited<ReturnType<typeof call>> | undefined;
    const built = await statementsBuilt(server.database.db, async () => {
      again = await call('GET', path(), as);
    });
    expect(again?.status).toBe(200);
    expect(built, built.map((text) => text.slice(0, 200)).join('\n---\n')).toEqual([]);
  });

  it('computes the board again without building its monitoring list or its running clocks', async () => {
    expect((await call('GET', API_PATHS.home2, 'admin')).status).toBe(200);
    // A committed write drops the shared board, so the next call computes it.
    const write = await call('POST', API_PATHS.clients, 'admin', {
      name: 'Board Redrawn',
      code: `BRD${Math.floor(Math.random() * 90_000) + 10_000}`,
      timeZone: 'UTC',
    });
    expect(write.status, JSON.stringify(write.body)).toBe(201);
    let again: Awaited<ReturnType<typeof call>> | undefined;
    const built = await statementsBuilt(server.database.db, async () => {
      again = await call('GET', API_PATHS.home2, 'admin');
    });
    expect(again?.status).toBe(200);
    expect(built.length, 'the board was computed, not served as shared').toBeGreaterThan(0);
    const boardParts = built.filter((text) => text.includes('open_logs') || text.includes('first_signed_at'));
    expect(boardParts.map((text) => text.slice(0, 200))).toEqual([]);
  });
});
