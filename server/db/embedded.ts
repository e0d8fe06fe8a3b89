import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import type { WorkerMessage, WorkerRequest } from './pgliteWorker';

export type EmbeddedServer = {
  port: number;
  /** Whether this start copied `templateDir`: the database is the template's, its planner statistics too. */
  fromTemplate: boolean;
  /** Dumps the database to `file` as pg_dump writes it (DESIGN §6), inside the worker that owns PGlite. */
  dump(file: string): Promise<void>;
  stop(): Promise<void>;
};

const workerUrl = new URL('./pgliteWorker.ts', import.meta.url).href;

/** What a lock file says about its owner; `startTime` tells the owner from a later process given its pid. */
type LockOwner = { pid: number; startTime?: string };

/**
 * When process `pid` started, as an opaque string only compared for equality; undefined when it does not
 * run or the platform cannot say (Windows).
 */
export function processStartTime(pid: number): string | undefined {
  if (process.platform === 'linux') {
    try {
      // Field 22, starttime (ticks after boot), counted past the command name (which may hold spaces).
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    } catch {
      return undefined;
    }
  }
  const ps = spawnSync('ps', ['-o', 'lstart=', '-p', String(pid)], { encoding: 'utf8' });
  return (ps.status === 0 && ps.stdout.trim()) || undefined;
}

/** The owner named by a lock file: JSON, or a bare pid as written before start times were recorded. */
function readLockOwner(lockFile: string): LockOwner | undefined {
  try {
    const owner: unknown = JSON.parse(fs.readFileSync(lockFile, 'utf8'));
    if (typeof owner === 'number') return { pid: owner };
    if (typeof owner === 'object' && owner !== null && 'pid' in owner && typeof owner.pid === 'number') {
      const startTime =
        'startTime' in owner && typeof owner.startTime === 'string' ? owner.startTime : undefined;
      return { pid: owner.pid, startTime };
    }
  } catch {
    // unreadable or half-written: nobody can be shown to own it
  }
  return undefined;
}

/**
 * A lock is live while its pid runs and started when the lock says. A pid alone (old lock, or a platform
 * without start times) is trusted unless it is this process's own: after a crash, the pid may belong to
 * anything, this process included.
 */
function isLive(owner: LockOwner): boolean {
  if (!Number.isInteger(owner.pid) || owner.pid <= 0 || !isRunning(owner.pid)) return false;
  if (owner.startTime === undefined) return owner.pid !== process.pid;
  const startTime = processStartTime(owner.pid);
  return startTime === undefined || startTime === owner.startTime;
}

/**
 * Two processes opening one PGlite directory corrupt it silently, so the directory is guarded by a lock
 * file naming the owner's pid and start time; a lock whose process no longer runs is taken over.
 */
export function acquireLock(lockFile: string): () => void {
  const self: LockOwner = { pid: process.pid, startTime: processStartTime(process.pid) };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, JSON.stringify(self), { flag: 'wx' });
      return () => fs.rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readLockOwner(lockFile);
      if (owner && isLive(owner)) {
        throw new Error(`The database in ${path.dirname(lockFile)} is in use by process ${owner.pid}`);
      }
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Could not lock ${lockFile}`);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Where an embedded installation keeps its database, and the lock file of the process that has it open. */
export function embeddedPaths(dataDir: string) {
  return { dbDir: path.join(dataDir, 'pglite'), lockFile: path.join(dataDir, 'pglite.lock') };
}

/**
 * PGlite's engine (its 9 MB WebAssembly module), compiled once per process and given to every embedded
 * database the process starts. Each instance compiling its own made each new thread compile and tier up the
 * same code again and free it when the thread ended; with many instances started and stopped in one process
 * (a restore, the API tests), V8 on Node 22 and 24 could abort the process while freeing it ("Check failed:
 * jit_page_->allocations_.erase(addr) == 1", nodejs/node#64500). A shared module's code lives as long as the process.
 */
let engine: Promise<WebAssembly.Module> | undefined;
function compiledEngine(): Promise<WebAssembly.Module> {
  engine ??= (async () => {
    const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    return WebAssembly.compile(await fs.promises.readFile(path.join(path.dirname(entry), 'pglite.wasm')));
  })().catch((error: unknown) => {
    engine = undefined;
    throw error;
  });
  return engine;
}

/** Starts PGlite in a worker thread behind a Postgres socket on 127.0.0.1 (OS-assigned port). */
export async function startEmbeddedServer(options: {
  dataDir: string;
  maxConnections: number;
  /** A migrated database directory to copy when `dataDir` is new (tests: ~1.5 s instead of ~6 s). */
  templateDir?: string;
}): Promise<EmbeddedServer> {
  const { dbDir, lockFile } = embeddedPaths(options.dataDir);
  fs.mkdirSync(options.dataDir, { recursive: true });
  const releaseLock = acquireLock(lockFile);
  try {
    const fromTemplate = options.templateDir !== undefined && !fs.existsSync(dbDir);
    if (fromTemplate && options.templateDir) fs.cpSync(options.templateDir, dbDir, { recursive: true });
    // An eval'd bootstrap registers tsx inside the worker, so the worker itself can stay TypeScript.
    const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(workerUrl)}); })`;
    const worker = new Worker(bootstrap, {
      eval: true,
      workerData: {
        dataDir: dbDir,
        maxConnections: options.maxConnections,
        engine: await compiledEngine(),
      },
    });
    const port = await new Promise<number>((resolve, reject) => {
      worker.once('error', reject);
      worker.once('message', (message: WorkerMessage) => {
        if (typeof message === 'object' && 'ready' in message) resolve(message.port);
        else
          reject(
            new Error(
              typeof message === 'object' && 'error' in message ? message.error : 'PGlite did not start',
            ),
          );
      });
    });
    /** Sends a request; resolves with the worker's first message that `isAnswer` takes for its answer. */
    const ask = (request: WorkerRequest, isAnswer: (message: WorkerMessage) => boolean) =>
      new Promise<WorkerMessage>((resolve, reject) => {
        const onMessage = (message: WorkerMessage) => {
          if (!isAnswer(message)) return;
          worker.off('message', onMessage).off('exit', onExit);
          resolve(message);
        };
        const onExit = () => {
          worker.off('message', onMessage);
          reject(new Error('The embedded database stopped'));
        };
        worker.on('message', onMessage).once('exit', onExit);
        worker.postMessage(request);
      });
    return {
      port,
      fromTemplate,
      async dump(file) {
        const answer = await ask(
          { dump: { file } },
          (message) =>
            typeof message === 'object' &&
            (('dumped' in message && message.dumped === file) ||
              ('dumpFailed' in message && message.dumpFailed === file)),
        );
        if (typeof answer === 'object' && 'dumpFailed' in answer) throw new Error(answer.error);
      },
      async stop() {
        const stopped = ask('stop', (message) => message === 'stopped');
        await Promise.race([stopped, delay(10_000, undefined, { ref: false })]).catch(() => {});
        await worker.terminate();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}
