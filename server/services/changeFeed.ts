import type pg from 'pg';
import { type ChangeEvent, changeEventSchema, REPLAY_WINDOW_MS } from '../../contract/changeEvents';
import type { Database } from '../db/database';
import { listenOnChannel } from './pgListener';

/** The channel the `publish_change` triggers NOTIFY (migration 0014). */
const CHANNEL = 'vigil_changes';
/** Ids of events already passed on: a replay after a reconnection overlaps what arrived live. */
const REMEMBERED_IDS = 20_000;
/** How far before the loss of the connection a replay starts: commits near it may have been missed. */
const REPLAY_MARGIN_MS = 2_000;

export type ChangeFeed = {
  /** Calls `onEvent` with every committed change, from any instance; returns the unsubscribe. */
  subscribe(onEvent: (event: ChangeEvent) => void): () => void;
  /** The changes after `lastId` within the replay window; undefined when `lastId` is older than that. */
  since(lastId: number): Promise<ChangeEvent[] | undefined>;
  close(): Promise<void>;
};

type EventRow = { id: string; at: Date; kind: string; case_id: number | null; client_id: number | null };

const fromRow = (row: EventRow): ChangeEvent =>
  changeEventSchema.parse({
    id: Number(row.id),
    kind: row.kind,
    caseId: row.case_id ?? undefined,
    clientId: row.client_id ?? undefined,
    at: row.at.toISOString(),
  });

const EVENT_COLUMNS = 'id, at, kind, case_id, client_id';

/**
 * Every instance's view of the committed changes (issue 36): the triggers NOTIFY in the writing transaction,
 * this LISTENs and fans them out. On PostgreSQL it listens on a connection of its own, opened again when it
 * is lost, then replays from `change_events` what was committed meanwhile. The embedded database has a
 * single backend, whose notifications come back on the pool's connection; it cannot lose them.
 */
export function startChangeFeed(
  database: Database,
  log: { warn(details: object, message: string): void },
): ChangeFeed {
  const subscribers = new Set<(event: ChangeEvent) => void>();
  const passedOn = new Set<number>();
  /**
   * The last moment the listening connection was known to be up: from the start, so what is committed
   * while the first connection opens is replayed too.
   */
  let upUntil = Date.now();

  const deliver = (event: ChangeEvent) => {
    if (passedOn.has(event.id)) return;
    if (passedOn.size >= REMEMBERED_IDS) passedOn.clear();
    passedOn.add(event.id);
    for (const subscriber of subscribers) subscriber(event);
  };
  const onNotification = (message: pg.Notification) => {
    if (!message.payload) return;
    const parsed = changeEventSchema.safeParse(JSON.parse(message.payload));
    if (parsed.success) deliver(parsed.data);
  };
  // Simple queries only (no parameters): on the embedded database a parameterised query of a second
  // connection would clobber the pool's unnamed prepared statement.
  const query = async (text: string) => (await database.pool.query<EventRow>(text)).rows;
  const prune = () =>
    query(`DELETE FROM change_events WHERE at < now() - interval '${2 * REPLAY_WINDOW_MS} milliseconds'`);

  const listener = listenOnChannel(
    database,
    CHANNEL,
    'changes',
    {
      onNotification,
      // Replays what was committed while no connection listened.
      async onListening(client) {
        const from = new Date(upUntil - REPLAY_MARGIN_MS).toISOString();
        const missed = await client.query<EventRow>(
          `SELECT ${EVENT_COLUMNS} FROM change_events WHERE at >= '${from}' ORDER BY id`,
        );
        for (const row of missed.rows) deliver(fromRow(row));
      },
      onAlive() {
        upUntil = Date.now();
      },
    },
    log,
  );
  const pruning = setInterval(() => {
    prune().catch((error: unknown) => log.warn({ err: error }, 'Old change events could not be pruned'));
  }, 60_000);

  return {
    subscribe(onEvent) {
      subscribers.add(onEvent);
      return () => subscribers.delete(onEvent);
    },
    async since(lastId) {
      const rows = await query(
        `SELECT ${EVENT_COLUMNS}, at >= now() - interval '${REPLAY_WINDOW_MS} milliseconds' AS recent
         FROM change_events WHERE id >= ${Math.trunc(lastId)} ORDER BY id`,
      );
      const [first] = rows as (EventRow & { recent: boolean })[];
      if (!first || Number(first.id) !== lastId || !first.recent) return undefined;
      return rows.slice(1).map(fromRow);
    },
    async close() {
      clearInterval(pruning);
      await listener.close();
      subscribers.clear();
    },
  };
}
