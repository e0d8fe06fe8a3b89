import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_PATHS } from '../../contract/paths';
import { DEMO_PASSWORD } from './support/constants';
import { freePort } from './support/freePort';
import { fetchIdToken } from './support/identity';
import { workerDatabaseUrl } from './support/postgres';
import { describeEachDatabase, startTestServer } from './support/testServer';

/** `npm start`'s server (server/main.ts) as its own process, with its own local identity and data. */
async function startProcess(kind: 'pglite' | 'postgres') {
  if (kind === 'postgres') await (await startTestServer('postgres')).close();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-stop-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      DATA_DIR: dataDir,
      STATIC_DIR: path.join(dataDir, 'none'),
      LOCAL_IDENTITY_PORT: String(await freePort()),
      DATABASE_URL: kind === 'postgres' ? workerDatabaseUrl() : '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const seen = (text: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => output.includes(text) && resolve();
      child.stdout?.on('data', check);
      child.once('exit', () => reject(new Error(`The server exited before "${text}":\n${output}`)));
      check();
    });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await seen('Vigil is ready');
  return { child, port, dataDir, seen, exited };
}

describeEachDatabase('Stopping on SIGTERM', (kind) => {
  let server: Awaited<ReturnType<typeof startProcess>>;
  let child: ChildProcess | undefined;

  beforeAll(async () => {
    server = await startProcess(kind);
    child = server.child;
  }, 120_000);
  afterAll(() => {
    child?.kill('SIGKILL');
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  it('finishes the request under way, then exits 0', async () => {
    const base = `http://127.0.0.1:${server.port}`;
    const config = (await (await fetch(`${base}/config.json`)).json()) as {
      apiBaseUrl: string;
      cognito: { userPoolId: string; userPoolClientId: string; userPoolEndpoint: string };
    };
    const { userPoolId, userPoolClientId, userPoolEndpoint: endpoint } = config.cognito;
    const token = await fetchIdToken(
      { userPoolId, userPoolClientId, endpoint, issuer: '' },
      'admin',
      DEMO_PASSWORD,
    );
    const body = JSON.stringify({ name: 'Stopping Hospital', code: 'STOP', timeZone: 'UTC' });
    const socket = net.connect(server.port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    const closed = new Promise((resolve) => socket.once('close', resolve));
    await new Promise((resolve) => socket.once('connect', resolve));
    // The request's headers and half its body, then the signal, then the rest: it was under way all along.
    // "Expect: 100-continue" makes the server say when it has read the headers (Node answers "100 Continue"
    // as it hands the request to Fastify): a signal sent before that, on a busy machine, could reach the
    // server before the request did, and a request that arrives after the signal is rightly refused (503).
    const continued = new Promise<void>((resolve) => {
      const check = () => answer.includes('100 Continue') && resolve();
      socket.on('data', check);
    });
    socket.write(
      [
        `POST ${config.apiBaseUrl}${API_PATHS.clients} HTTP/1.1`,
        'Host: 127.0.0.1',
        'Content-Type: application/json',
        `Content-Length: ${body.length}`,
        'Expect: 100-continue',
        `Authorization: Bearer ${token}`,
        '',
        body.slice(0, 10),
      ].join('\r\n'),
    );
    await continued;
    server.child.kill('SIGTERM');
    await server.seen('SIGTERM: shutting down');
    socket.write(body.slice(10));
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 201/);
    expect(await server.exited).toBe(0);
    child = undefined;
  });
});
