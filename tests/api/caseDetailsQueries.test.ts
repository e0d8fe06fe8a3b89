import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_PATHS } from '../../contract/paths';
import { callApi, type DemoUsername, demoTokens } from './support/apiClient';
import { caseCalls, minutesAgo } from './support/caseCalls';
import { countQueries } from './support/countQueries';
import { describeEachDatabase, startTestServer, type TestServer } from './support/testServer';

/** The most statements one GET of a case may send: the case page's reads, and the access audit's insert. */
const MAX_QUERIES = 3;

/** The case page reads its case in a bounded number of statements, however much history the case holds. */
describeEachDatabase('Case details queries', (kind) => {
  let server: TestServer;
  let tokens: Record<DemoUsername, string>;

  beforeAll(async () => {
    // The hospital interfaces' sender polls its outbox every second on the same connection: held off here,
    // so only the request's own statements are counted.
    server = await startTestServer(kind, { INTERFACE_SEND_INTERVAL_MS: '600000' });
    tokens = await demoTokens();
  });
  afterAll(async () => {
    await server?.close();
  });

  const call = (method: string, path: string, as: DemoUsername = 'admin', body?: unknown) =>
    callApi(server, method, path, { token: tokens[as], body });
  const { newClient, firstProtocol, monitoredCase } = caseCalls(call);

  it(`answers one case's details in at most ${MAX_QUERIES} statements`, async () => {
    const clientId = await newClient(`Query Count Hospital ${kind}`, `QC${kind === 'pglite' ? 'L' : 'P'}`);
    await firstProtocol(clientId);
    const created = await monitoredCase(clientId, {
      mrn: 'MRN-900900',
      firstName: 'Ida',
      lastName: 'Marsh',
      dateOfBirth: '1961-07-02',
      sex: 'F',
    });
    const handover = await call('POST', API_PATHS.caseHandovers(created.id), 'tech1', {
      from: 'tech1',
      to: 'newhire',
      at: minutesAgo(60),
      note: 'Leads rechecked',
    });
    expect(handover.status, JSON.stringify(handover.body)).toBe(201);

    let reply: Awaited<ReturnType<typeof call>> | undefined;
    const sent = await countQueries(server.database.pool, async () => {
      reply = await call('GET', API_PATHS.caseDetails(created.id), 'admin');
    });
    expect(reply?.status).toBe(200);
    const read = reply?.body.data as { id: number; transitions: unknown[]; handovers: unknown[] };
    expect(read.id).toBe(created.id);
    expect(read.transitions).toHaveLength(1);
    expect(read.handovers).toHaveLength(1);
    expect(sent.length, sent.join('\n---\n')).toBeGreaterThan(0);
    expect(sent.length, sent.join('\n---\n')).toBeLessThanOrEqual(MAX_QUERIES);
  });
});
