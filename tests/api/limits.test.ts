import net from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_PATHS } from '../../contract/paths';
import { auditLog } from '../../server/db/schema';
import { callApi, demoTokens } from './support/apiClient';
import { describeEachDatabase, startTestServer, type TestServer } from './support/testServer';

/** Sends the start of a request and never the rest; resolves with how long the server kept the socket open. */
function halfSentRequest(server: TestServer, giveUpAfterMs: number) {
  const { hostname, port } = new URL(server.baseUrl);
  return new Promise<{ closedBy: 'server' | 'test'; afterMs: number }>((resolve) => {
    const started = Date.now();
    const socket = net.connect(Number(port), hostname, () => {
      socket.write(
        `GET ${new URL(server.api).pathname}${API_PATHS.home} HTTP/1.1\r\nHost: ${hostname}\r\nX-Slow: `,
      );
    });
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ closedBy: 'test', afterMs: Date.now() - started });
    }, giveUpAfterMs);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ closedBy: 'server', afterMs: Date.now() - started });
    });
    socket.on('error', () => undefined);
    // Read what the server answers (a 408), so that its closing the connection is seen.
    socket.resume();
  });
}

describeEachDatabase('Limits', (kind) => {
  let server: TestServer;
  let tokens: Awaited<ReturnType<typeof demoTokens>>;

  beforeAll(async () => {
    server = await startTestServer(kind, {
      RATE_LIMIT_MAX: '20',
      RATE_LIMIT_WINDOW_SECONDS: '60',
      HEADERS_TIMEOUT_SECONDS: '1',
    });
    tokens = await demoTokens();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('tells browsers and proxies to keep no API answer: data, errors and refusals alike', async () => {
    for (const [path, token] of [
      [API_PATHS.home, tokens.tech1],
      [API_PATHS.clients, tokens.tech1],
      [API_PATHS.users, tokens.tech1],
      [API_PATHS.home, undefined],
      ['/no-such-route', tokens.tech1],
    ] as const) {
      const reply = await fetch(`${server.api}${path}`, { headers: token ? { authorization: token } : {} });
      expect(reply.headers.get('cache-control'), `${path} → ${reply.status}`).toBe('no-store');
    }
  });

  it('answers 429 in the envelope past the limit, per user and per address, and audits it once a window', async () => {
    const calls = await Promise.all(
      Array.from({ length: 30 }, () => callApi(server, 'GET', API_PATHS.home, { token: tokens.reader1 })),
    );
    const limited = calls.filter((reply) => reply.status === 429);
    expect(limited).toHaveLength(10);
    expect(limited[0].body).toEqual({
      success: false,
      error: expect.stringMatching(/^Too many requests: try again in \d+ seconds\.$/),
    });
    // Another user has their own allowance.
    expect((await callApi(server, 'GET', API_PATHS.home, { token: tokens.tech1 })).status).toBe(200);
    const audited = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.resource, 'rate-limit'));
    expect(audited.filter((entry) => entry.actor === 'reader1')).toHaveLength(1);

    // Calls without a (valid) token count against their address.
    const anonymous = await Promise.all(
      Array.from({ length: 25 }, (_, at) =>
        callApi(server, 'GET', API_PATHS.home, { token: at % 2 ? 'forged' : undefined }),
      ),
    );
    expect(anonymous.filter((reply) => reply.status === 429).length).toBeGreaterThanOrEqual(5);
  });

  it('closes a connection whose request headers never finish', async () => {
    const outcome = await halfSentRequest(server, 8_000);
    expect(outcome.closedBy).toBe('server');
  });
});
