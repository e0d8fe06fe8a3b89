import type pg from 'pg';

/**
 * The statements sent through the pool's clients while `during` runs (`pool.query` and transactions both
 * send theirs through a client the pool lends); each still goes to the database.
 */
export async function countQueries(pool: pg.Pool, during: () => Promise<unknown>): Promise<string[]> {
  const sent: string[] = [];
  const record = (args: unknown[]) => {
    const [first] = args;
    sent.push(typeof first === 'string' ? first : String((first as { text?: string })?.text ?? first));
  };
  const counted = new WeakSet<pg.PoolClient>();
  const onAcquire = (client: pg.PoolClient) => {
    if (counted.has(client)) return;
    counted.add(client);
    const clientQuery = client.query;
    client.query = ((...args: unknown[]) => {
      if (counting) record(args);
      return (clientQuery as (...a: unknown[]) => unknown).apply(client, args);
    }) as typeof client.query;
  };
  let counting = true;
  pool.on('acquire', onAcquire);
  try {
    await during();
  } finally {
    counting = false;
    pool.removeListener('acquire', onAcquire);
  }
  return sent;
}
