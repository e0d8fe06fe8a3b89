import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../contract/paths';
import { callApi, demoTokens } from './support/apiClient';
import { startCommitCutter } from './support/commitCutter';
import { workerDatabaseUrl } from './support/postgres';
import { DATABASES, startSecondInstance, startTestServer, type TestServer } from './support/testServer';

const postgresUrl = workerDatabaseUrl();

const APP = 'vigil-faults';

/** Ends every connection the app holds to the database, as an administrator's pg_terminate_backend does. */
async function terminateAppConnections() {
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  try {
    await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = current_database()',
      [APP],
    );
  } finally {
    await admin.end();
  }
}

describe.runIf(DATABASES.includes('postgres'))('A database connection lost under load (PostgreSQL)', () => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    // Its own server on the test database (reset first), its connections named so that only they end.
    await (await startTestServer('postgres')).close();
    // 120 callers at once, all on this machine's address: above the per-address cap of one real caller.
    server = await startSecondInstance({ CONNECTIONS_PER_ADDRESS: '1000' }, APP);
    token = (await demoTokens()).admin;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('reads again on a fresh connection, answers a write it could not make 503, never 500', async () => {
    const statuses: number[] = [];
    const load = Array.from({ length: 120 }, async (_, at) => {
      const reply =
        at % 4 === 0
          ? await callApi(server, 'POST', API_PATHS.clients, {
              token,
              body: { name: `Fault ${at}`, code: `FLT${at}`, timeZone: 'UTC' },
            })
          : await callApi(server, 'GET', API_PATHS.clients, { token });
      statuses.push(reply.status);
      if (reply.status === 503) expect(reply.body.error).toBe('The database is unavailable: try again.');
    });
    const faults = (async () => {
      for (let round = 0; round < 5; round += 1) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        await terminateAppConnections();
      }
    })();
    await Promise.all([...load, faults]);
    expect(statuses.filter((status) => status >= 500 && status !== 503)).toEqual([]);
    expect(statuses.filter((status) => status === 200 || status === 201).length).toBeGreaterThan(60);
    // And it keeps working afterwards.
    expect((await callApi(server, 'GET', API_PATHS.clients, { token })).status).toBe(200);
  });

  it('never answers 503 to a case intake that was made (it reads the new case again on a fresh connection)', async () => {
    const clientReply = await callApi(server, 'POST', API_PATHS.clients, {
      token,
      body: { name: 'Fault Intake', code: 'FLTI', timeZone: 'UTC' },
    });
    const clientId = (clientReply.body.data as { id: number }).id;
    const answered: { mrn: string; status: number }[] = [];
    const load = Array.from({ length: 80 }, async (_, at) => {
      const mrn = `MRN-FAULT-${at}`;
      const reply = await callApi(server, 'POST', API_PATHS.cases, {
        token,
        body: {
          clientId,
          studyType: 'icu',
          monitoringLevel: 'unmonitored',
          patient: { firstName: 'Fay', lastName: 'Ult', mrn, dateOfBirth: '1970-01-01' },
        },
      });
      answered.push({ mrn, status: reply.status });
    });
    const faults = (async () => {
      for (let round = 0; round < 8; round += 1) {
        await new Promise((resolve) => setTimeout(resolve, 15));
        await terminateAppConnections();
      }
    })();
    await Promise.all([...load, faults]);
    const made = await server.database.pool.query<{ mrn: string }>(
      "select mrn from case_patients where mrn like 'MRN-FAULT-%'",
    );
    const madeMrns = new Set(made.rows.map((row) => row.mrn));
    expect(answered.filter(({ mrn, status }) => status === 503 && madeMrns.has(mrn))).toEqual([]);
    expect(
      answered
        .filter(({ status }) => status === 201)
        .map(({ mrn }) => mrn)
        .sort(),
    ).toEqual([...madeMrns].sort());
  });

  it('answers 201 to an intake PostgreSQL made when the answer to its COMMIT was lost, 503 to one it never got', async () => {
    const cutter = await startCommitCutter(postgresUrl);
    const cut = await startSecondInstance({}, 'vigil-faults-cut', cutter.url);
    try {
      const clientReply = await callApi(cut, 'POST', API_PATHS.clients, {
        token,
        body: { name: 'Cut Intake', code: 'CUTI', timeZone: 'UTC' },
      });
      const clientId = (clientReply.body.data as { id: number }).id;
      const intake = (mrn: string) =>
        callApi(cut, 'POST', API_PATHS.cases, {
          token,
          body: {
            clientId,
            studyType: 'icu',
            monitoringLevel: 'unmonitored',
            patient: { firstName: 'Cora', lastName: 'Cut', mrn, dateOfBirth: '1970-01-01' },
          },
        });
      const made = async (mrn: string) =>
        (await server.database.pool.query('select 1 from case_patients where mrn = $1', [mrn])).rowCount;

      const answerLost = cutter.cutNextCommit('after-commit', 'MRN-CUT-MADE');
      const madeReply = await intake('MRN-CUT-MADE');
      await answerLost;
      expect(madeReply.status).toBe(201);
      expect((madeReply.body.data as { patient: { mrn: string } }).patient.mrn).toBe('MRN-CUT-MADE');
      expect(await made('MRN-CUT-MADE')).toBe(1);

      const neverSent = cutter.cutNextCommit('before-commit', 'MRN-CUT-LOST');
      const lostReply = await intake('MRN-CUT-LOST');
      await neverSent;
      expect(lostReply.status).toBe(503);
      expect(await made('MRN-CUT-LOST')).toBe(0);
      // Tried again, as the answer asks, it is made once.
      expect((await intake('MRN-CUT-LOST')).status).toBe(201);
      expect(await made('MRN-CUT-LOST')).toBe(1);
    } finally {
      await cut.close();
      await cutter.close();
    }
  });
});
