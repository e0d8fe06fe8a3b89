import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { FIXED_CODE } from './constants';

/** Waits until `url` answers, failing with the server's output if it exits or takes three minutes. */
async function waitForServer(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited early:\n${output()}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not answer at ${url}:\n${output()}`);
}

/** The product started as `npm start` does, on `port`, with `env`; `stop()` ends it and removes its folder. */
export async function startInstance(port: number, env: NodeJS.ProcessEnv) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-e2e-'));
  let output = '';
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOCAL_IDENTITY_CODE: FIXED_CODE, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  await waitForServer(`http://127.0.0.1:${port}/config.json`, child, () => output);
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGINT');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Fails with a clear message when the PostgreSQL database at `url` cannot be reached. */
/**
 * A fresh database named `name` beside the one at `url` (the test database), dropped first if a run left it:
 * the instances of a story migrate and seed it from nothing. Returns its URL.
 */
export async function freshPostgres(url: string, name: string) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}`);
  } catch (error) {
    throw new Error(
      `PostgreSQL is not reachable at ${url.replace(/\/\/[^@/]*@/, '//')} (${String(error)}): this story runs two instances on one PostgreSQL database; set E2E_POSTGRES_URL`,
    );
  } finally {
    await client.end().catch(() => {});
  }
  const fresh = new URL(url);
  fresh.pathname = `/${name}`;
  return fresh.toString();
}
