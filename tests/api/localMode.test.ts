/**
 * The local mode is safe to run: the server refuses to serve other machines with the local identity, and
 * names that are Object.prototype's members are no users.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD } from './support/constants';
import { freePort } from './support/freePort';
import { fetchIdToken } from './support/identity';
import { describeEachDatabase, startTestServer, type TestServer } from './support/testServer';

const identity = inject('identity');
const root = fileURLToPath(new URL('../..', import.meta.url));

describeEachDatabase('users by odd names', (kind) => {
  let server: TestServer;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    server = await startTestServer(kind);
    for (const username of ['admin', 'reader1']) {
      tokens[username] = await fetchIdToken(identity, username, DEMO_PASSWORD);
    }
  });
  afterAll(() => server.close());

  const get = async (username: string, token: string) => {
    const response = await fetch(`${server.api}/users/${encodeURIComponent(username)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return { status: response.status, body: await response.json() };
  };

  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])('answers 404 for %s', async (name) => {
    const reply = await get(name, tokens.admin);
    expect(reply.status).toBe(404);
    expect(reply.body).toMatchObject({ success: false, error: `User ${name} not found` });
    expect((await get(name, tokens.reader1)).status).toBe(403);
  });

  it('still finds real users', async () => {
    expect((await get('reader1', tokens.admin)).body.data).toMatchObject({ username: 'reader1' });
  });
});

/** Whether something accepts TCP connections on 127.0.0.1:port. */
const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

describe('starting the server with the local identity', () => {
  it('refuses a HOST other machines can reach, saying why, before starting anything', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-local-mode-'));
    const [port, identityPort] = [await freePort(), await freePort()];
    // How scripts/start.mjs runs the server (tsx), without its front-end build.
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      HOST: '0.0.0.0',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOCAL_IDENTITY_PORT: String(identityPort),
      NODE_ENV: 'development',
    };
    for (const name of Object.keys(env)) if (name.startsWith('COGNITO_')) delete env[name];
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        cwd: root,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk) => {
        stdout += chunk;
      });
      child.stderr.on('data', (chunk) => {
        stderr += chunk;
      });
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      expect(code).toBe(1);
      expect(stderr).toContain(
        'HOST=0.0.0.0 is refused: the local identity signs tokens with a key published in its npm package, so anyone who can reach this server could forge a sign-in.',
      );
      expect(stdout).toBe('');
      expect(fs.readdirSync(dataDir)).toEqual([]);
      expect(await listening(port)).toBe(false);
      expect(await listening(identityPort)).toBe(false);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
