/**
 * Runs PGlite in its own thread behind a Postgres wire-protocol socket (DESIGN §2), so a slow query never
 * stalls the API's event loop and the server uses the same `pg` driver as with PostgreSQL.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

type WorkerInput = { dataDir: string; maxConnections: number };
export type WorkerMessage = { ready: true; port: number } | { error: string };

const { dataDir, maxConnections } = workerData as WorkerInput;
const port = parentPort;
if (!port) throw new Error('pgliteWorker must run as a worker thread');

async function main() {
  const db = await PGlite.create(dataDir);
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections });
  await server.start();
  const address = server.getServerConn();
  const listening = Number(address.slice(address.lastIndexOf(':') + 1));
  port?.on('message', async (message: unknown) => {
    if (message === 'stop') {
      await server.stop();
      await db.close();
      port?.postMessage('stopped');
    }
  });
  port?.postMessage({ ready: true, port: listening } satisfies WorkerMessage);
}

main().catch((error: unknown) => {
  port.postMessage({ error: error instanceof Error ? error.message : String(error) } satisfies WorkerMessage);
});
