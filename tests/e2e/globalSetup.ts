import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  E2E_IDENTITY_PORT,
  E2E_MLLP_PORT,
  E2E_PORT,
  E2E_TOKEN_SECONDS,
  FIXED_CODE,
} from './support/constants';

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

/** Starts the product exactly as `npm start` does, on its own port, data folder and local identity. */
export default async function globalSetup() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-e2e-'));
  let output = '';
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: {
      ...process.env,
      PORT: String(E2E_PORT),
      DATA_DIR: dataDir,
      LOCAL_IDENTITY_PORT: String(E2E_IDENTITY_PORT),
      LOCAL_IDENTITY_CODE: FIXED_CODE,
      LOCAL_IDENTITY_TOKEN_SECONDS: String(E2E_TOKEN_SECONDS),
      HL7_MLLP_PORT: String(E2E_MLLP_PORT),
      // A signed report reaches the hospital peer within a second or so.
      INTERFACE_SEND_INTERVAL_MS: '200',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  await waitForServer(`http://127.0.0.1:${E2E_PORT}/config.json`, child, () => output);
  return async () => {
    child.kill('SIGINT');
    await new Promise((resolve) => child.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
