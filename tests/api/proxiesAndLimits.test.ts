import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { API_PATHS } from '../../contract/paths';
import { auditLog } from '../../server/db/schema';
import { callApi } from './support/apiClient';
import { createTestUser, fetchIdToken } from './support/identity';
import {
  describeEachDatabase,
  startSecondInstance,
  startTestServer,
  type TestServer,
} from './support/testServer';

const identity = inject('identity');
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const LIMIT = 6;

/**
 * Each test's own address, so that no other test's calls count against it: never the same twice in a run (two
 * random picks once named the same caller), and from a random start so that a run does not meet the counts an
 * earlier run left in Redis.
 */
const firstAddress = Math.floor(Math.random() * 250);
let addressesGiven = 0;
const someAddress = () => `203.0.113.${((firstAddress + addressesGiven++) % 250) + 1}`;

/** The next whole second: a sign-in after an ending of sessions must not share its second (token times are whole seconds). */
const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1_000 - (Date.now() % 1_000) + 20));

/**
 * Limits behind proxies and across instances: the address is the one the trusted hops say (TRUST_PROXY),
 * a user's limit counts only their valid sessions, and with Redis every instance shares one count.
 */
describeEachDatabase('Proxies and limits', (kind) => {
  let server: TestServer;

  const rateLimitAudits = (actor: string) =>
    server.database.db.$count(auditLog, and(eq(auditLog.resource, 'rate-limit'), eq(auditLog.actor, actor)));
  const anonymousCalls = (on: TestServer, count: number, forwardedFor: string) =>
    Promise.all(
      Array.from({ length: count }, () =>
        callApi(on, 'GET', API_PATHS.chrome, { headers: { 'x-forwarded-for': forwardedFor } }),
      ),
    );

  beforeAll(async () => {
    server = await startTestServer(kind, { RATE_LIMIT_MAX: String(LIMIT), TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('takes the address the one trusted hop saw, not the one a client wrote before it', async () => {
    const caller = someAddress();
    const replies = await anonymousCalls(server, LIMIT + 2, `10.9.0.2, ${caller}`);
    expect(replies.filter((reply) => reply.status === 429)).toHaveLength(2);
    expect(await rateLimitAudits(`address ${caller}`)).toBe(1);
    expect(await rateLimitAudits('address 10.9.0.2')).toBe(0);
    // Another caller behind the same proxy has its own allowance, whatever it writes as the first hop.
    const other = await anonymousCalls(server, 1, `10.9.0.2, ${someAddress()}`);
    expect(other[0].status).toBe(401);
  });

  it('trusts no hop by default: a client cannot choose its address', async () => {
    const direct = await startTestServer(kind, { RATE_LIMIT_MAX: String(LIMIT) });
    try {
      // Each call claims another address; all count against the one the connection comes from.
      const replies = await Promise.all(
        Array.from({ length: LIMIT + 2 }, () =>
          callApi(direct, 'GET', API_PATHS.chrome, { headers: { 'x-forwarded-for': someAddress() } }),
        ),
      );
      expect(replies.filter((reply) => reply.status === 429)).toHaveLength(2);
    } finally {
      await direct.close();
    }
  });

  it("counts a signed-out session's calls against its address, never against the user's new session", async () => {
    const user = await createTestUser(identity, { groups: ['reader'] });
    const old = await fetchIdToken(identity, user.username, user.password);
    expect((await callApi(server, 'POST', API_PATHS.signOutEverywhere, { token: old })).status).toBe(200);
    const address = someAddress();
    const refused = await Promise.all(
      Array.from({ length: LIMIT * 2 }, () =>
        callApi(server, 'GET', API_PATHS.chrome, { token: old, headers: { 'x-forwarded-for': address } }),
      ),
    );
    expect(refused.every((reply) => reply.status === 401 || reply.status === 429)).toBe(true);
    await nextSecond();
    const fresh = await fetchIdToken(identity, user.username, user.password);
    expect((await callApi(server, 'GET', API_PATHS.chrome, { token: fresh })).status).toBe(200);
    expect(await rateLimitAudits(user.username)).toBe(0);
  });

  // Several instances share one PostgreSQL and one Redis (PGlite is one process's own).
  if (kind === 'postgres')
    it('shares one limit between instances through Redis and audits each window once', async () => {
      const env = { RATE_LIMIT_MAX: String(LIMIT), REDIS_URL };
      const [first, second] = [await startSecondInstance(env), await startSecondInstance(env)];
      try {
        const user = await createTestUser(identity, {
          username: `redis-${randomUUID().slice(0, 8)}`,
          groups: ['reader'],
        });
        const token = await fetchIdToken(identity, user.username, user.password);
        const replies = await Promise.all(
          Array.from({ length: LIMIT * 2 }, (_, at) =>
            callApi(at % 2 ? first : second, 'GET', API_PATHS.chrome, { token }),
          ),
        );
        expect(replies.filter((reply) => reply.status === 429)).toHaveLength(LIMIT);
        const audited = await first.database.db.$count(
          auditLog,
          and(eq(auditLog.resource, 'rate-limit'), like(auditLog.actor, user.username)),
        );
        expect(audited).toBe(1);
      } finally {
        await first.close();
        await second.close();
      }
    });
});
