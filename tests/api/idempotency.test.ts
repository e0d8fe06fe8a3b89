import { createHash, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { caseIntakeSchema } from '../../contract/cases';
import { API_PATHS } from '../../contract/paths';
import { casePatients, idempotentRequests } from '../../server/db/schema';
import { callApi, type DemoUsername, demoTokens } from './support/apiClient';
import {
  describeEachDatabase,
  startSecondInstance,
  startTestServer,
  type TestServer,
} from './support/testServer';

/**
 * Every POST takes an `Idempotency-Key` (spec: retries never duplicate): a retry with the same key and body
 * gets the first answer without writing again, whichever instance it reaches; another body under the key
 * is refused.
 */
describeEachDatabase('Idempotent writes', (kind) => {
  let server: TestServer;
  let tokens: Record<DemoUsername, string>;
  let clientId: number;

  const post = (path: string, body: unknown, key?: string, as: DemoUsername = 'admin', on = server) =>
    callApi(on, 'POST', path, {
      token: tokens[as],
      body,
      headers: key === undefined ? {} : { 'idempotency-key': key },
    });
  const intakeOf = (mrn: string) => ({
    clientId,
    studyType: 'icu',
    monitoringLevel: 'unmonitored',
    patient: { firstName: 'Ida', lastName: 'Retry', mrn, dateOfBirth: '1970-01-01' },
  });
  const casesWithMrn = (mrn: string) => server.database.db.$count(casePatients, eq(casePatients.mrn, mrn));

  beforeAll(async () => {
    server = await startTestServer(kind);
    tokens = await demoTokens();
    const client = await post(API_PATHS.clients, { name: 'Retry Hospital', code: 'RTY', timeZone: 'UTC' });
    clientId = (client.body.data as { id: number }).id;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers a retried case intake with the first answer and makes one case', async () => {
    const key = randomUUID();
    const first = await post(API_PATHS.cases, intakeOf('MRN-IDEM-1'), key);
    expect(first.status).toBe(201);
    const retried = await post(API_PATHS.cases, intakeOf('MRN-IDEM-1'), key);
    expect(retried.status).toBe(201);
    expect(retried.body).toEqual(first.body);
    expect(retried.headers.get('idempotent-replayed')).toBe('true');
    expect(await casesWithMrn('MRN-IDEM-1')).toBe(1);
  });

  /** The claim an instance left when it was killed in the middle of the write, 10 s ago. */
  const abandonedClaim = async (sent: unknown, written: boolean) => {
    const body = caseIntakeSchema.parse(sent); // the body as the route took it (with its defaults)
    const key = randomUUID();
    const requestHash = createHash('sha256')
      .update(`POST ${new URL(server.api).pathname}${API_PATHS.cases}\n${JSON.stringify(body)}`)
      .digest('hex');
    await server.database.db.insert(idempotentRequests).values({
      actor: 'admin',
      key,
      requestHash,
      claim: 'killed',
      written,
      createdAt: sql`now() - interval '10 seconds'`,
    });
    return key;
  };

  it('makes the write of a retry whose first try was killed before writing', async () => {
    const body = intakeOf('MRN-IDEM-KILLED');
    const retried = await post(API_PATHS.cases, body, await abandonedClaim(body, false));
    expect(retried.status).toBe(201);
    expect(await casesWithMrn('MRN-IDEM-KILLED')).toBe(1);
  });

  it('writes nothing again for a retry whose first try was killed after its write, before its answer', async () => {
    const body = intakeOf('MRN-IDEM-LOST');
    const retried = await post(API_PATHS.cases, body, await abandonedClaim(body, true));
    expect(retried.status).toBe(409);
    expect(retried.body.error).toMatch(/answer was lost/);
    expect(await casesWithMrn('MRN-IDEM-LOST')).toBe(0);
  });

  it('answers a retried refusal with the same refusal', async () => {
    const key = randomUUID();
    const body = { ...intakeOf('MRN-IDEM-2'), clientId: 999_999 };
    const first = await post(API_PATHS.cases, body, key);
    expect(first.status).toBe(400);
    expect(await post(API_PATHS.cases, body, key)).toMatchObject({ status: 400, body: first.body });
  });

  it('refuses the same key with another body (422) and writes nothing', async () => {
    const key = randomUUID();
    expect((await post(API_PATHS.cases, intakeOf('MRN-IDEM-3'), key)).status).toBe(201);
    const other = await post(API_PATHS.cases, intakeOf('MRN-IDEM-4'), key);
    expect(other.status).toBe(422);
    expect(other.body.error).toMatch(/already used for another request/);
    expect(await casesWithMrn('MRN-IDEM-4')).toBe(0);
  });

  it("keeps each user's keys apart", async () => {
    const key = randomUUID();
    const body = { name: 'Key Hospital', code: 'KEY', timeZone: 'UTC' };
    expect((await post(API_PATHS.clients, body, key)).status).toBe(201);
    // The same key from a user who may not create clients is that user's own request: refused on its merits.
    expect((await post(API_PATHS.clients, body, key, 'tech1')).status).toBe(403);
  });

  it('refuses a key that is not 1 to 128 printable characters, naming the header', async () => {
    const reply = await post(API_PATHS.cases, intakeOf('MRN-IDEM-5'), 'has spaces in it');
    expect(reply.status).toBe(400);
    expect(reply.body.fields).toEqual([{ field: 'Idempotency-Key', message: expect.any(String) }]);
    expect(await casesWithMrn('MRN-IDEM-5')).toBe(0);
  });

  it('writes each time without a key', async () => {
    const body = { ...intakeOf('MRN-IDEM-6'), patient: undefined };
    const first = await post(API_PATHS.cases, body);
    const second = await post(API_PATHS.cases, body);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect((first.body.data as { id: number }).id).not.toBe((second.body.data as { id: number }).id);
  });

  // Several instances share one PostgreSQL (PGlite is one process's own).
  if (kind === 'postgres')
    it('answers a retry that reaches another instance with the first answer', async () => {
      const other = await startSecondInstance();
      try {
        const key = randomUUID();
        const first = await post(API_PATHS.cases, intakeOf('MRN-IDEM-7'), key);
        const retried = await post(API_PATHS.cases, intakeOf('MRN-IDEM-7'), key, 'admin', other);
        expect(retried).toMatchObject({ status: 201, body: first.body });
        expect(await casesWithMrn('MRN-IDEM-7')).toBe(1);
      } finally {
        await other.close();
      }
    });
});
