// @vitest-environment node
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireLock, processStartTime } from '../../server/db/embedded';

let dir: string;
let lockFile: string;
const children: ChildProcess[] = [];

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-lock-'));
  lockFile = path.join(dir, 'pglite.lock');
});

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A live process that is not this one, with its pid and start time. */
async function liveProcess(): Promise<{ pid: number; startTime: string }> {
  const child = spawn('sleep', ['30'], { stdio: 'ignore' });
  children.push(child);
  await new Promise((resolve, reject) => child.once('spawn', resolve).once('error', reject));
  const pid = child.pid as number;
  const startTime = processStartTime(pid);
  if (!startTime) throw new Error(`no start time for process ${pid}`);
  return { pid, startTime };
}

/** The pid of a process that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid as number;
}

const ownLock = () => ({ pid: process.pid, startTime: processStartTime(process.pid) });
const lockContent = () => JSON.parse(fs.readFileSync(lockFile, 'utf8'));

describe('the embedded database lock', () => {
  it('names this process and its start time, and is gone once released', () => {
    const release = acquireLock(lockFile);
    expect(ownLock().startTime).toMatch(/\S/);
    expect(lockContent()).toEqual(ownLock());
    release();
    expect(fs.existsSync(lockFile)).toBe(false);
  });

  it('refuses a lock whose process runs and started when the lock says, naming the pid', async () => {
    const owner = await liveProcess();
    fs.writeFileSync(lockFile, JSON.stringify(owner));
    expect(() => acquireLock(lockFile)).toThrow(`The database in ${dir} is in use by process ${owner.pid}`);
    expect(lockContent()).toEqual(owner);
  });

  it('takes over a lock whose pid now belongs to another process (pid reuse after a crash)', async () => {
    const { pid } = await liveProcess();
    fs.writeFileSync(lockFile, JSON.stringify({ pid, startTime: '1' }));
    acquireLock(lockFile)();

    fs.writeFileSync(lockFile, JSON.stringify({ pid: process.pid, startTime: '1' }));
    acquireLock(lockFile);
    expect(lockContent()).toEqual(ownLock());
  });

  it('takes over the lock of a process that no longer runs, and a lock naming nobody', async () => {
    const pid = await deadPid();
    fs.writeFileSync(lockFile, JSON.stringify({ pid, startTime: '1' }));
    acquireLock(lockFile)();
    for (const content of ['', '{"pid":', '{}', '0', '-1']) {
      fs.writeFileSync(lockFile, content);
      acquireLock(lockFile)();
    }
  });

  it('still reads a lock holding a bare pid', async () => {
    const { pid } = await liveProcess();
    fs.writeFileSync(lockFile, String(pid));
    expect(() => acquireLock(lockFile)).toThrow(`is in use by process ${pid}`);

    fs.writeFileSync(lockFile, String(await deadPid()));
    acquireLock(lockFile)();
    fs.writeFileSync(lockFile, String(process.pid));
    acquireLock(lockFile)();
  });

  it('refuses a second open from this very process', () => {
    acquireLock(lockFile);
    expect(() => acquireLock(lockFile)).toThrow(`is in use by process ${process.pid}`);
  });
});
