import type pg from 'pg';
import { type ChangeEvent, changeEventSchema, REPLAY_WINDOW_MS } from '../../contract/changeEvents';
import type { Database } from '../db/database';
import { listenOnChannel } from './pgListener';

/** The channel the `publish_change` triggers NOTIFY (migration 0014). */
const CHANNEL = 'vigil_changes';
/** Ids of events already passed on: a replay after a reconnection overlaps what arrived live. */
const REMEMBERED_IDS = 20_000;
/**
 * How far back a replay reaches before the moment it resumes from: an event's id and time are taken when
 * its transaction writes it, not when it commits, so a transaction still open then (up to this long) may
 * commit an earlier id after later ones were delivered. What is replayed twice is dropped by its id.
 */
const COMMIT_MARGIN_MS = 60_000;

export type ChangeFeed = {
  /** Calls `onEvent` with every committed change, from any instance; returns the unsubscribe. */
  subscribe(onEvent: (event: ChangeEvent) => void): () => void;
  /**
   * The changes a client that last received `lastId` may have missed: those after it, and those written
   * shortly before it (within the commit margin) whose transaction may have committed after it; the client
   * drops the ones it has. Undefined when `lastId` is older than the replay window.
   */
  since(lastId: number): Promise<ChangeEvent[] | undefined>;
  close(): Promise<void>;
};

type EventRow = {
  id: string;
  at: Date;
  kind: string;
  case_id: number | null;
  client_id: number | null;
  username: string | null;
};

const fromRow = (row: EventRow): ChangeEvent =>
  changeEventSchema.parse({
    id: Number(row.id),
    kind: row.kind,
    caseId: row.case_id ?? undefined,
    clientId: row.client_id ?? undefined,
    username: row.username ?? undefined,
    at: row.at.toISOString(),
  });

const EVENT_COLUMNS = 'id, at, kind, case_id, client_id, username';

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
        const from = new Date(upUntil - COMMIT_MARGIN_MS).toISOString();
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
      const id = Math.trunc(lastId);
      const [last] = (await query(
        `SELECT at >= now() - interval '${REPLAY_WINDOW_MS} milliseconds' AS recent FROM change_events WHERE id = ${id}`,
      )) as unknown as { recent: boolean }[];
      if (!last?.recent) return undefined;
      const rows = await query(
        `SELECT ${EVENT_COLUMNS} FROM change_events
         WHERE id > ${id} OR (id < ${id} AND at >= (SELECT at FROM change_events WHERE id = ${id}) - interval '${COMMIT_MARGIN_MS} milliseconds')
         ORDER BY id`,
      );
      return rows.map(fromRow);
    },
    async close() {
      clearInterval(pruning);
      await listener.close();
      subscribers.clear();
    },
  };
}
