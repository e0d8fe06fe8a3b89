import pg from 'pg';
import { isConnectionLost } from './transaction';

/** A statement that only reads: run again on a fresh connection, it cannot make a change twice. */
const READ_ONLY = /^\s*select\b/i;

const textOf = (query: unknown) =>
  typeof query === 'string' ? query : ((query as { text?: unknown } | null)?.text ?? '');

type ConnectCallback = (
  error: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

/**
 * A client checked out with `await pool.connect()` that loses its connection (an administrator's
 * pg_terminate_backend, a restart) goes back to the pool as broken, even when its holder never releases it.
 * drizzle's `transaction` checks a client out and only releases it after `begin` succeeded: when the
 * connection dies on `begin`, the client stays checked out for ever and `pool.end()` never returns. A
 * second release is then a no-op instead of pg-pool's "Release called on client which has already been
 * released".
 */
export class Pool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | undefined {
    // pool.query checks out with a callback and always releases: it needs no guard.
    if (callback) {
      super.connect(callback);
      return undefined;
    }
    return super.connect().then(releasedWhenLost);
  }

  /**
   * A read outside a transaction whose connection is lost is read once more on a fresh one: a write's handler
   * reads its result after the commit, and that write, made, must not be answered 503 "try again".
   */
  // biome-ignore lint/suspicious/noExplicitAny: pg.Pool.query's overloads, passed through as they are.
  override query(...args: any[]): any {
    const [query] = args;
    const callback = typeof args[args.length - 1] === 'function';
    // biome-ignore lint/suspicious/noExplicitAny: as above.
    const run = () => (super.query as (...a: any[]) => any).apply(this, args);
    if (callback || !READ_ONLY.test(String(textOf(query)))) return run();
    return run().catch((error: unknown) => {
      if (!isConnectionLost(error)) throw error;
      return run();
    });
  }
}

function releasedWhenLost(client: pg.PoolClient): pg.PoolClient {
  const release = client.release.bind(client);
  let released = false;
  const onEnd = () => client.release(new Error('The database connection ended while checked out.'));
  client.release = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    client.removeListener('end', onEnd);
    release(error);
  };
  client.once('end', onEnd);
  return client;
}
