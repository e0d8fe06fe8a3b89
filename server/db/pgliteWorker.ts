/**
 * Runs PGlite in its own thread behind a Postgres wire-protocol socket (DESIGN §2), so a slow query never
 * stalls the API's event loop and the server uses the same `pg` driver as with PostgreSQL. It also dumps
 * the database for a backup (DESIGN §6): pglite-tools' pg_dump needs the PGlite instance, which lives here.
 */
import fs from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, protocol } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';
import { DUMP_ARGS } from './dump';

/** `engine`: PGlite's WebAssembly module, compiled once by the process (`compiledEngine` in embedded.ts). */
type WorkerInput = { dataDir: string; maxConnections: number; engine: WebAssembly.Module };
/** What the server asks: stop, or dump the database to a file (as pg_dump writes it). */
export type WorkerRequest = 'stop' | { dump: { file: string } };
export type WorkerMessage =
  | { ready: true; port: number }
  | { error: string }
  | 'stopped'
  | { dumped: string }
  | { dumpFailed: string; error: string };

const { dataDir, maxConnections, engine } = workerData as WorkerInput;
const port = parentPort;
if (!port) throw new Error('pgliteWorker must run as a worker thread');

/**
 * PGlite's `query` and `exec` wait for the lock the dump already holds; pgDump (pinned 0.4.8) calls those
 * two and `execProtocolRawStream` on the instance it is given, so it is given these, which run on the
 * session directly.
 */
function heldSession(db: PGlite) {
  // execProtocolStream, not execProtocol: it routes the answer to this caller, not to the socket client
  // whose raw stream ran last.
  const run = (sql: string) => db.execProtocolStream(protocol.serialize.query(sql));
  return {
    exec: run,
    async query(sql: string) {
      const messages = await run(sql);
      const columns = messages.flatMap((message) =>
        message.name === 'rowDescription'
          ? (message as InstanceType<typeof protocol.messages.RowDescriptionMessage>).fields.map(
              (field) => field.name,
            )
          : [],
      );
      const rows = messages.flatMap((message) =>
        message.name === 'dataRow'
          ? [
              Object.fromEntries(
                columns.map((column, index) => [
                  column,
                  (message as InstanceType<typeof protocol.messages.DataRowMessage>).fields[index],
                ]),
              ),
            ]
          : [],
      );
      return { rows };
    },
    execProtocolRawStream: db.execProtocolRawStream.bind(db),
  };
}

/**
 * Dumps the database to `file`. The dump holds PGlite's lock throughout, so the socket's queries wait
 * rather than run inside the dump's snapshot transaction or with its settings (pg_dump empties
 * `search_path`); it starts only between the app's transactions, and leaves the session as it found it:
 * pg_dump leaves its read-only transaction open and its settings set.
 */
async function dump(db: PGlite, file: string) {
  const giveUpAt = Date.now() + 60_000;
  for (;;) {
    const dumped = await db.runExclusive(async () => {
      if (db.isInTransaction()) return false;
      const session = heldSession(db);
      try {
        const output = await pgDump({ pg: session as unknown as PGlite, args: [...DUMP_ARGS] });
        await fs.writeFile(file, output.stream());
      } finally {
        await session.exec('ROLLBACK; RESET ALL; DEALLOCATE ALL;');
      }
      return true;
    });
    if (dumped) return;
    if (Date.now() > giveUpAt)
      throw new Error('A transaction stayed open for a minute: the dump could not start');
    await sleep(5); // an app transaction is open: let its next statements through
  }
}

async function main() {
  const db = await PGlite.create(dataDir, { pgliteWasmModule: engine });
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections });
  await server.start();
  const address = server.getServerConn();
  const listening = Number(address.slice(address.lastIndexOf(':') + 1));
  port?.on('message', async (message: WorkerRequest) => {
    if (message === 'stop') {
      await server.stop();
      await db.close();
      port?.postMessage('stopped' satisfies WorkerMessage);
    } else if ('dump' in message) {
      const { file } = message.dump;
      try {
        await dump(db, file);
        port?.postMessage({ dumped: file } satisfies WorkerMessage);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        port?.postMessage({ dumpFailed: file, error: reason } satisfies WorkerMessage);
      }
    }
  });
  port?.postMessage({ ready: true, port: listening } satisfies WorkerMessage);
}

main().catch((error: unknown) => {
  port.postMessage({ error: error instanceof Error ? error.message : String(error) } satisfies WorkerMessage);
});
