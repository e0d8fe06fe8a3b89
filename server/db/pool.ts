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
  constructor(config: pg.PoolConfig = {}) {
    const lent: { pool?: Pool } = {};
    super({ ...config, Client: knowingCommitOutcomes(lent, config.Client ?? pg.Client) });
    lent.pool = this;
  }

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
   * A transaction's COMMIT whose answer is lost is looked up before it is called failed (PostgreSQL; the
   * embedded database has no connection to lose apart from the process itself).
   */
  checksLostCommits = false;

  /**
   * A read outside a transaction whose connection is lost is read again on a fresh one (`readWhileLost`): a
   * write's handler reads its result after the commit, and that write, made, must not be answered 503 "try
   * again"; the outcome of a lost COMMIT is looked up the same way.
   */
  // biome-ignore lint/suspicious/noExplicitAny: pg.Pool.query's overloads, passed through as they are.
  override query(...args: any[]): any {
    const [query] = args;
    const callback = typeof args[args.length - 1] === 'function';
    // biome-ignore lint/suspicious/noExplicitAny: as above.
    const run = () => (super.query as (...a: any[]) => any).apply(this, args);
    if (callback || !READ_ONLY.test(String(textOf(query)))) return run();
    return readWhileLost(run);
  }
}

/**
 * How long a read whose connection is lost is tried again on fresh connections, pausing 10 ms, then twice as
 * long each time up to 200 ms: a burst of ended connections (an administrator ending them one after another,
 * a failover) can end the fresh connection too, and a write made just before must still be answered as made.
 */
const READ_AGAIN_FOR_MS = 2_000;
const READ_AGAIN_PAUSE_MS = { first: 10, longest: 200 };

async function readWhileLost<T>(read: () => Promise<T>): Promise<T> {
  const started = Date.now();
  for (let pause = READ_AGAIN_PAUSE_MS.first; ; pause = Math.min(pause * 2, READ_AGAIN_PAUSE_MS.longest)) {
    try {
      return await read();
    } catch (error) {
      if (!isConnectionLost(error) || Date.now() - started + pause > READ_AGAIN_FOR_MS) throw error;
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}

/** What drizzle sends to end a transaction it commits. */
const COMMIT = /^\s*commit\s*$/i;
/** How long a lost COMMIT is looked up while PostgreSQL still shows its transaction in progress. */
const OUTCOME_TRIES = 40;
const OUTCOME_WAIT_MS = 50;

type ClientClass = NonNullable<pg.PoolConfig['Client']>;

/**
 * The pool's clients: a COMMIT sent on one whose connection is lost before its answer arrives (an
 * administrator's pg_terminate_backend, a failover, a network fault) may have been made: PostgreSQL commits
 * what it received and then finds the connection gone. Answering 503 "try again" for a write that was made
 * would make the caller enter it twice. So, when the pool `checksLostCommits`, the transaction's id is read
 * before COMMIT (none when it wrote nothing), and when the COMMIT's connection is lost its outcome is read
 * on another of the pool's connections: committed, the COMMIT resolves as if answered; aborted or unknown,
 * the loss is thrown as it was.
 */
function knowingCommitOutcomes(lent: { pool?: Pool }, Base: ClientClass): ClientClass {
  const Client = Base as unknown as typeof pg.Client;
  return class extends Client {
    // biome-ignore lint/suspicious/noExplicitAny: pg.Client.query's overloads, passed through as they are.
    override query(...args: any[]): any {
      const { pool } = lent;
      const callback = typeof args[args.length - 1] === 'function';
      // biome-ignore lint/suspicious/noExplicitAny: as above.
      const send = (...sent: any[]) => (super.query as (...a: any[]) => any).apply(this, sent);
      if (!pool?.checksLostCommits || callback || !COMMIT.test(String(textOf(args[0])))) return send(...args);
      return commitOf(this, () => send(...args), pool);
    }
  } as unknown as ClientClass;
}

async function commitOf(
  client: pg.Client,
  commit: () => Promise<pg.QueryResult>,
  pool: Pool,
): Promise<pg.QueryResult> {
  // Sent as any other statement (through whatever else wraps the client, a test's count among them).
  const { rows } = await client.query<{ xid: string | null }>(
    'select pg_current_xact_id_if_assigned()::text as xid',
  );
  const xid = rows[0]?.xid ?? null;
  try {
    return await commit();
  } catch (error) {
    if (!isConnectionLost(error)) throw error;
    // Nothing written: whether the COMMIT was made changes nothing. Not found to be made: as it was lost.
    if (xid !== null && (await outcomeOf(pool, xid).catch(() => undefined)) !== 'committed') throw error;
    return { command: 'COMMIT', rowCount: null, oid: 0, rows: [], fields: [] };
  }
}

/**
 * The transaction's outcome as PostgreSQL records it, waiting while its ended session still finishes it (the
 * pool reads it again on a fresh connection when one is lost).
 */
async function outcomeOf(pool: Pool, xid: string): Promise<string | undefined> {
  for (let tries = 0; tries < OUTCOME_TRIES; tries += 1) {
    const { rows }: pg.QueryResult<{ status: string | null }> = await pool.query(
      'select pg_xact_status($1::xid8) as status',
      [xid],
    );
    const status = rows[0]?.status ?? undefined;
    if (status !== 'in progress') return status;
    await new Promise((resolve) => setTimeout(resolve, OUTCOME_WAIT_MS));
  }
  return undefined;
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
