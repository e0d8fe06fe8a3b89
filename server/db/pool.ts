import pg from 'pg';

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
