import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { WorkerMessage } from './pgliteWorker';

export type EmbeddedServer = { port: number; stop(): Promise<void> };

const workerUrl = new URL('./pgliteWorker.ts', import.meta.url).href;

/**
 * Two processes opening one PGlite directory corrupt it silently, so the directory is guarded by a lock
 * file holding the owner's pid; a lock left by a process that no longer runs is taken over.
 */
function acquireLock(lockFile: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(fs.readFileSync(lockFile, 'utf8'));
      if (owner && owner !== process.pid && isRunning(owner)) {
        throw new Error(`The database in ${path.dirname(lockFile)} is in use by process ${owner}`);
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

/** Starts PGlite in a worker thread behind a Postgres socket on 127.0.0.1 (OS-assigned port). */
export async function startEmbeddedServer(options: {
  dataDir: string;
  maxConnections: number;
  /** A migrated database directory to copy when `dataDir` is new (tests: ~1.5 s instead of ~6 s). */
  templateDir?: string;
}): Promise<EmbeddedServer> {
  const dbDir = path.join(options.dataDir, 'pglite');
  fs.mkdirSync(options.dataDir, { recursive: true });
  const releaseLock = acquireLock(path.join(options.dataDir, 'pglite.lock'));
  try {
    if (options.templateDir && !fs.existsSync(dbDir)) {
      fs.cpSync(options.templateDir, dbDir, { recursive: true });
    }
    // An eval'd bootstrap registers tsx inside the worker, so the worker itself can stay TypeScript.
    const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(workerUrl)}); })`;
    const worker = new Worker(bootstrap, {
      eval: true,
      workerData: { dataDir: dbDir, maxConnections: options.maxConnections },
    });
    const port = await new Promise<number>((resolve, reject) => {
      worker.once('error', reject);
      worker.once('message', (message: WorkerMessage) =>
        'ready' in message ? resolve(message.port) : reject(new Error(message.error)),
      );
    });
    return {
      port,
      async stop() {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 10_000);
          worker.once('message', () => {
            clearTimeout(timer);
            resolve();
          });
          worker.postMessage('stop');
        });
        await worker.terminate();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}
