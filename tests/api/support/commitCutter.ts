import net from 'node:net';

/** The simple-protocol message drizzle sends to commit: 'Q', its length (4 + 7), "commit" and a NUL. */
const COMMIT_MESSAGE = Buffer.from('Q\u0000\u0000\u0000\u000bcommit\u0000', 'latin1');

/**
 * Where the next COMMIT's connection is cut: `after-commit` lets PostgreSQL receive and make it, then cuts
 * the app's side before the answer reaches it; `before-commit` cuts both sides before PostgreSQL sees it.
 */
type CommitCut = 'after-commit' | 'before-commit';

export type CommitCutter = {
  /** A PostgreSQL URL like `databaseUrl` whose connections go through the cutter. */
  url: string;
  /**
   * Cuts the connection of the next COMMIT, as `cut` says, or with `of` the next COMMIT of a transaction
   * that sent that text (a value it writes); resolves once it did.
   */
  cutNextCommit(cut: CommitCut, of?: string): Promise<void>;
  /** How many times the app has sent `text` to PostgreSQL through the cutter (in its statements). */
  timesSent(text: string): number;
  close(): Promise<void>;
};

/**
 * A TCP relay in front of PostgreSQL that can cut one connection exactly at a COMMIT, as a failover or an
 * administrator's pg_terminate_backend does at the worst moment.
 */
export async function startCommitCutter(databaseUrl: string): Promise<CommitCutter> {
  const target = new URL(databaseUrl);
  let armed: { cut: CommitCut; of?: Buffer; done: () => void } | undefined;
  const sockets = new Set<net.Socket>();
  const sent: Buffer[] = [];
  const relay = net.createServer((app) => {
    const database = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(app).add(database);
    const cutAll = () => {
      app.destroy();
      database.destroy();
    };
    app.on('error', cutAll).on('close', cutAll);
    database.on('error', cutAll).on('close', cutAll);
    let cutting = false;
    let sentMarker = false;
    app.on('data', (chunk: Buffer) => {
      if (cutting) return;
      sent.push(chunk);
      const order = armed;
      if (order?.of && chunk.includes(order.of)) sentMarker = true;
      if (!order || !chunk.includes(COMMIT_MESSAGE) || (order.of && !sentMarker)) {
        database.write(chunk);
        return;
      }
      armed = undefined;
      cutting = true;
      if (order.cut === 'before-commit') {
        cutAll();
        order.done();
        return;
      }
      // PostgreSQL gets the COMMIT and makes it; its answer never reaches the app.
      database.once('data', () => {
        cutAll();
        order.done();
      });
      database.write(chunk);
    });
    database.on('data', (chunk: Buffer) => {
      if (!cutting) app.write(chunk);
    });
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String((relay.address() as net.AddressInfo).port);
  return {
    url: url.toString(),
    cutNextCommit: (cut, of) =>
      new Promise<void>((resolve) => {
        armed = { cut, of: of === undefined ? undefined : Buffer.from(of), done: resolve };
      }),
    timesSent(text) {
      const wanted = Buffer.from(text);
      let times = 0;
      for (const chunk of sent)
        for (let at = chunk.indexOf(wanted); at >= 0; at = chunk.indexOf(wanted, at + wanted.length))
          times += 1;
      return times;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => relay.close(resolve));
    },
  };
}
