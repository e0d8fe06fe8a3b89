import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseListQuery } from '../../contract/cases';
import { listCases } from '../../server/db/caseList';
import { type Database, openDatabase } from '../../server/db/database';
import { callApi, type DemoUsername, demoTokens } from './support/apiClient';
import { caseCalls } from './support/caseCalls';
import { DATABASES, startTestServer, type TestServer } from './support/testServer';

/**
 * A list's rows (their client, patient, technologists, checks and clocks) are read by one statement that
 * PostgreSQL plans once per connection. Chosen in the same statement as the page, they were planned again on
 * every call (the page's size and start are parameters the plan depends on, so PostgreSQL never settles on a
 * generic plan), and the planning cost twice the reading. Counted from `pg_prepared_statements`, which
 * tells how often a connection planned each statement for its call (custom) or used its one plan (generic).
 */
describe.runIf(DATABASES.includes('postgres'))('The plans of a list’s rows (PostgreSQL)', () => {
  let server: TestServer;
  let tokens: Record<DemoUsername, string>;
  // One connection, so the statements counted are those the lists below prepared.
  let single: Database;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-list-plans-'));
  const call = (method: string, to: string, as: DemoUsername = 'admin', body?: unknown) =>
    callApi(server, method, to, { token: tokens[as], body });
  const { newClient, firstProtocol, intake } = caseCalls(call);
  let clientId: number;

  beforeAll(async () => {
    server = await startTestServer('postgres', { INTERFACE_SEND_INTERVAL_MS: '600000' });
    tokens = await demoTokens();
    clientId = await newClient('List Plans Hospital', 'LPH');
    await firstProtocol(clientId);
    for (const lastName of ['Amber', 'Birch', 'Cedar'])
      await intake(clientId, {
        patient: { mrn: `MRN-${lastName}`, firstName: 'Pat', lastName, dateOfBirth: '1980-05-06', sex: 'F' },
      });
    single = await openDatabase({ databaseUrl: server.database.databaseUrl, dataDir, poolMax: 1 });
  });
  afterAll(async () => {
    await single?.close();
    await server?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('plans a list’s rows once, whatever list, page or page size asks for them', async () => {
    const query = (page: number, perPage: number): CaseListQuery => ({
      page,
      perPage,
      sort: 'createdAt',
      order: 'DESC',
    });
    // A stage list and a client's cases, at different pages and sizes: eight calls of each.
    for (let call = 0; call < 8; call++) {
      // Page 1 of one case, then page 2 of two (the third case).
      const stage = await listCases(single.db, query(1 + (call % 2), 1 + (call % 2)), {
        stages: ['intake'],
      });
      expect(stage.total).toBe(3);
      expect(stage.rows.map((row) => row.patientName)).toEqual([call % 2 ? 'Amber, Pat' : 'Cedar, Pat']);
      const ofClient = await listCases(single.db, { ...query(1, 1 + (call % 3)), q: 'pat' }, { clientId });
      expect(ofClient.rows.map((row) => row.patientName)).toEqual(
        ['Cedar, Pat', 'Birch, Pat', 'Amber, Pat'].slice(0, 1 + (call % 3)),
      );
    }
    const { rows } = await single.db.execute<{ statement: string; generic: number; custom: number }>(sql`
      select statement, generic_plans::int as generic, custom_plans::int as custom
      from pg_prepared_statements where statement like '%nullif("case_patients"."mrn"%'`);
    // The list's columns are read by one statement, for both lists.
    expect(rows).toHaveLength(1);
    const [rowsStatement] = rows as [(typeof rows)[number]];
    // PostgreSQL tries its first five calls with a plan of their own; from then on, one plan.
    expect(rowsStatement.custom).toBeLessThanOrEqual(5);
    expect(rowsStatement.generic + rowsStatement.custom).toBeGreaterThanOrEqual(16);
  });
});
