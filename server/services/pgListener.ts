import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import type { Database } from '../db/database';

/** The listening connection proves itself alive this often. */
const CHECK_MS = 20_000;

export type ChannelListener = {
  /** Resolves once the first LISTEN is in place (on PostgreSQL, once the first try ended). */
  ready: Promise<void>;
  close(): Promise<void>;
};

/**
 * LISTENs on `channel` until closed. On PostgreSQL it listens on a connection of its own, opened again
 * (with backoff) when it is lost; `onListening` runs on each new connection once it listens (to catch up on
 * what was missed meanwhile), `onAlive` after each check that it still answers. The embedded database has
 * a single backend whose notifications come back on the pool's connection: it cannot lose them.
 */
export function listenOnChannel(
  database: Database,
  channel: string,
  /** Names its connection in pg_stat_activity: `<application name> <name>`. */
  name: string,
  handlers: {
    onNotification: (message: pg.Notification) => void;
    onListening?: (client: pg.Client) => Promise<void>;
    onAlive?: () => void;
  },
  log: { warn(details: object, message: string): void },
): ChannelListener {
  let closed = false;
  let stopListening = () => {};
  const closing = new Promise<void>((resolve) => {
    stopListening = resolve;
  });
  /** `step`, unless the listener closes first (a connection being opened may never answer `end()`). */
  const untilClosed = <T>(step: Promise<T>) => Promise.race([step, closing]);
  const onNotification = (message: pg.Notification) => {
    if (message.channel === channel) handlers.onNotification(message);
  };

  let firstTry = () => {};
  const ready = new Promise<void>((resolve) => {
    firstTry = resolve;
  });
  const listenOnPostgres = async () => {
    for (let backoffMs = 250; !closed; backoffMs = Math.min(backoffMs * 2, 5_000)) {
      const client = new pg.Client(database.connectionConfig);
      const lost = new Promise<void>((resolve) => {
        client.on('error', () => resolve());
        client.once('end', () => resolve());
      });
      let checks: NodeJS.Timeout | undefined;
      try {
        await untilClosed(client.connect());
        if (closed) break;
        client.on('notification', onNotification);
        // Named apart from the pool's connections.
        await client.query(
          `SELECT set_config('application_name', left(current_setting('application_name') || ' ${name}', 63), false)`,
        );
        await client.query(`LISTEN ${channel}`);
        await handlers.onListening?.(client);
        backoffMs = 250;
        checks = setInterval(() => {
          client
            .query('SELECT 1')
            .then(() => handlers.onAlive?.())
            .catch(() => client.end().catch(() => {}));
        }, CHECK_MS);
        handlers.onAlive?.();
        firstTry();
        await untilClosed(lost);
      } catch (error) {
        if (!closed) log.warn({ err: error }, `The ${channel} listener could not connect`);
      } finally {
        firstTry();
        clearInterval(checks);
        // Not awaited: ending a connection still being opened may never settle.
        client.end().catch(() => {});
      }
      if (!closed) {
        log.warn({}, `The ${channel} listener lost its connection: listening again`);
        await untilClosed(sleep(backoffMs));
      }
    }
  };

  let listening: Promise<void>;
  if (database.kind === 'postgres') listening = listenOnPostgres();
  else {
    database.poolNotifications.on('notification', onNotification);
    listening = database.pool.query(`LISTEN ${channel}`).then(() => firstTry());
  }
  return {
    ready,
    async close() {
      closed = true;
      stopListening();
      database.poolNotifications.off('notification', onNotification);
      await listening.catch(() => {});
    },
  };
}
