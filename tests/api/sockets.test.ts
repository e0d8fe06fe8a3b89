import net from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_PATHS } from '../../contract/paths';
import { demoTokens } from './support/apiClient';
import { describeEachDatabase, startTestServer, type TestServer } from './support/testServer';

type Outcome = { answer: string; closedBy: 'server' | 'test' };

/**
 * Opens a connection, writes `text`, and resolves with what the server answered and who closed the
 * connection: the server, or the test after `giveUpAfterMs` (the limit under test was not applied).
 */
function rawExchange(server: TestServer, text: string, giveUpAfterMs: number) {
  const { hostname, port } = new URL(server.baseUrl);
  return new Promise<Outcome>((resolve) => {
    let answer = '';
    const socket = net.connect(Number(port), hostname, () => socket.write(text));
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ answer, closedBy: 'test' });
    }, giveUpAfterMs);
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ answer, closedBy: 'server' });
    });
    socket.on('error', () => undefined);
  });
}

/** A POST whose headers promise a body of which only the start is ever sent. */
const slowBody = (server: TestServer, token?: string) =>
  [
    `POST ${new URL(server.api).pathname}${API_PATHS.clients} HTTP/1.1`,
    `Host: ${new URL(server.baseUrl).host}`,
    'Content-Type: application/json',
    'Content-Length: 100000',
    ...(token ? [`Authorization: Bearer ${token}`] : []),
    '',
    '{"name": "Slo',
  ].join('\r\n');

const keptAliveRead = (server: TestServer) =>
  `GET /config.json HTTP/1.1\r\nHost: ${new URL(server.baseUrl).host}\r\nConnection: keep-alive\r\n\r\n`;

/** Sockets (spec: slow or unauthenticated bodies cut within 10 s, idle kept-alive ones after 5 s, a cap per address). */
describeEachDatabase('Sockets', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers an unauthenticated slow body 401 and closes its connection without waiting for the rest', async () => {
    const outcome = await rawExchange(server, slowBody(server), 8_000);
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 401/);
    expect(outcome.answer).toMatch(/connection: close/i);
    expect(outcome.closedBy).toBe('server');
  });

  it('closes a signed-in request whose body does not arrive within 10 s', async () => {
    const token = (await demoTokens()).admin;
    const outcome = await rawExchange(server, slowBody(server, token), 14_000);
    expect(outcome.closedBy).toBe('server');
  });

  it('closes an idle kept-alive connection after 5 s', async () => {
    const outcome = await rawExchange(server, keptAliveRead(server), 9_000);
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 200/);
    expect(outcome.closedBy).toBe('server');
  });

  it('caps the connections one address holds open', async () => {
    const capped = await startTestServer(kind, { CONNECTIONS_PER_ADDRESS: '5' });
    const { hostname, port } = new URL(capped.baseUrl);
    const sockets = await Promise.all(
      Array.from(
        { length: 8 },
        () =>
          new Promise<net.Socket>((resolve) => {
            const socket = net.connect(Number(port), hostname, () => resolve(socket));
            socket.on('error', () => undefined);
          }),
      ),
    );
    // Each connection asks for the config; those over the cap were closed before answering.
    const outcomes = await Promise.all(
      sockets.map(
        (socket) =>
          new Promise<'answered' | 'closed'>((resolve) => {
            socket.once('data', () => resolve('answered'));
            socket.once('close', () => resolve('closed'));
            if (!socket.destroyed) socket.write(keptAliveRead(capped));
          }),
      ),
    );
    for (const socket of sockets) socket.destroy();
    expect(outcomes.filter((outcome) => outcome === 'answered')).toHaveLength(5);
    expect(outcomes.filter((outcome) => outcome === 'closed')).toHaveLength(3);
    await capped.close();
  });

  it('behind a trusted proxy, caps the requests under way per forwarded address, not the proxy', async () => {
    const capped = await startTestServer(kind, { CONNECTIONS_PER_ADDRESS: '2', TRUST_PROXY: '1' });
    const token = (await demoTokens()).admin;
    const from = (address: string, text: string) =>
      text.replace('\r\n', `\r\nX-Forwarded-For: ${address}\r\n`);
    const health = (address: string) =>
      rawExchange(
        capped,
        from(address, `GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`),
        8_000,
      );
    // Two slow writes from one caller are under way (over the proxy's connections, all from one address).
    const held = [1, 2].map(() => rawExchange(capped, from('198.51.100.7', slowBody(capped, token)), 14_000));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const third = await health('198.51.100.7');
    const other = await health('198.51.100.8');
    expect(third.answer).toMatch(/^HTTP\/1\.1 503/);
    expect(other.answer).toMatch(/^HTTP\/1\.1 200/);
    await Promise.all(held);
    // Once those ended, the caller is served again.
    expect((await health('198.51.100.7')).answer).toMatch(/^HTTP\/1\.1 200/);
    await capped.close();
  });
});
