import sse from '@fastify/sse';
import { inArray } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { type ChangeEvent, HEARTBEAT_MS, STREAM_EVENTS } from '../../../contract/changeEvents';
import { API_PATHS } from '../../../contract/paths';
import type { AccountCache } from '../../auth/accountCache';
import type { VerifiedUser } from '../../auth/tokenVerifier';
import { attentionCases } from '../../db/attention';
import type { Database, Db } from '../../db/database';
import { userAccounts } from '../../db/schema';
import { nextAttentionMoment } from '../../domain/attention';
import { mayHearOf } from '../../domain/changeVisibility';
import { type ChangeFeed, startChangeFeed } from '../../services/changeFeed';
import type { SharedReads } from '../../services/sharedReads';
import { inSomeGroup } from '../reply';

/** A burst of changes (a transition writes several tables, a bulk edit many cases) drops shared answers once. */
const BURST_MS = 200;

type OpenStream = { username: string; issuedAt: Date; close(): void; attentionCame(): void };

/** Case writes move due moments: they are read again at most this often (an item comes at most this late). */
const RECKON_EVERY_MS = 2_000;

/** The longest the attention clock waits before reckoning again (due times move only with writes, heard anyway). */
const ATTENTION_RECHECK_MS = 5 * 60_000;

/**
 * Tells this instance's open streams when an attention item's time comes with no write (a case turns
 * overdue, a call turns late): a timer for the next such moment of all active cases, reckoned again after
 * each burst of case changes. Each instance keeps its own and tells only its own streams: they read the
 * same database, so all come to the same moment, with no write, no leader and nothing to hand over when
 * an instance stops.
 */
function attentionClock(
  db: Db,
  open: ReadonlySet<OpenStream>,
  log: { warn(details: object, message: string): void },
) {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const arm = (moment: number | undefined) => {
    clearTimeout(timer);
    if (stopped || open.size === 0) return;
    // A little after the moment, so the database's clock has passed it too.
    const dueMs = moment === undefined ? Number.POSITIVE_INFINITY : moment - Date.now() + 250;
    const comes = dueMs <= ATTENTION_RECHECK_MS;
    timer = setTimeout(
      () => {
        if (comes) for (const stream of open) stream.attentionCame();
        reckon();
      },
      comes ? Math.max(dueMs, 0) : ATTENTION_RECHECK_MS,
    );
  };
  let reckonedAt = 0;
  let deferred: NodeJS.Timeout | undefined;
  /** Reads the cases again, at most once per `RECKON_EVERY_MS` under a stream of writes. */
  const reckon = () => {
    if (stopped || open.size === 0 || deferred) return;
    const waitMs = reckonedAt + RECKON_EVERY_MS - Date.now();
    if (waitMs > 0) {
      deferred = setTimeout(() => {
        deferred = undefined;
        reckon();
      }, waitMs);
      return;
    }
    reckonedAt = Date.now();
    attentionCases(db)
      .then((cases) => arm(nextAttentionMoment(cases, Date.now())))
      .catch((error: unknown) => {
        log.warn({ err: error }, 'The next attention moment could not be reckoned');
        arm(undefined);
      });
  };
  return {
    reckon,
    stop() {
      stopped = true;
      clearTimeout(timer);
      clearTimeout(deferred);
    },
  };
}

/**
 * `GET /events`: Server-Sent Events of the committed changes the caller may read, from every instance
 * (issue 36). The caller sends its id token as on every call (the browser streams with fetch, which can
 * send it; EventSource cannot). A stream ends when the token expires (the browser reconnects with its
 * refreshed token, checked again) and when the user's sessions end or the account is disabled.
 */
export const eventRoutes: FastifyPluginAsync<{
  database: Database;
  shared: SharedReads;
  accounts: AccountCache;
}> = async (app, { database, shared, accounts }) => {
  await app.register(sse);
  const open = new Set<OpenStream>();

  let burst: NodeJS.Timeout | undefined;
  /** Whether the burst changed a case (whatever its first change was about). */
  let casesChanged = false;
  /** The accounts of open streams are read again when any account changed (a revocation, a disabling). */
  let accountCheck: NodeJS.Timeout | undefined;
  const checkAccounts = async () => {
    const usernames = [...new Set([...open].map((stream) => stream.username))];
    if (usernames.length === 0) return;
    const rows = await database.db
      .select()
      .from(userAccounts)
      .where(inArray(userAccounts.username, usernames));
    const byName = new Map(rows.map((account) => [account.username, account]));
    for (const stream of open) {
      const account = byName.get(stream.username);
      const ended = account?.tokensValidAfter && stream.issuedAt < account.tokensValidAfter;
      if (!account?.isEnabled || ended) stream.close();
    }
  };
  const attention = attentionClock(database.db, open, app.log);
  const onAnyChange = (event: ChangeEvent) => {
    if (event.kind === 'cases' || event.kind === 'clients') casesChanged = true;
    burst ??= setTimeout(() => {
      burst = undefined;
      shared.changed();
      // A protocol's targets move the clocks' due times as a case write does.
      if (casesChanged) attention.reckon();
      casesChanged = false;
    }, BURST_MS);
    if (event.kind !== 'users') return;
    accounts.clear();
    accountCheck ??= setTimeout(() => {
      accountCheck = undefined;
      checkAccounts().catch((error: unknown) =>
        app.log.warn({ err: error }, 'Open streams’ accounts could not be checked'),
      );
    }, BURST_MS);
  };
  /** Listens from the first stream on: an instance nobody follows has no one to tell. */
  let feed: ChangeFeed | undefined;
  const changes = () => {
    if (!feed) {
      feed = startChangeFeed(database, app.log);
      feed.subscribe(onAnyChange);
    }
    return feed;
  };
  app.addHook('preClose', async () => {
    clearTimeout(burst);
    attention.stop();
    clearTimeout(accountCheck);
    for (const stream of open) stream.close();
  });
  app.addHook('onClose', async () => feed?.close());

  app.get(
    API_PATHS.events,
    {
      sse: { kind: 'only', heartbeat: false },
      preHandler: inSomeGroup,
      schema: {
        tags: ['events'],
        summary: 'Changes as they are committed (Server-Sent Events)',
        description:
          'Events `change` (`{id, kind, caseId?, clientId?, at}`, never patient data), `clock` (`{now}`, first and every 25 s) and `resync` (missed changes are older than 5 minutes). `Last-Event-ID` resumes.',
      },
    },
    async (request, reply: FastifyReply) => {
      // The auth plugin keeps the verified token's user on the request.
      const { username, roles, issuedAt, expiresAt } = request.user as VerifiedUser;
      const stream = reply.sse;
      stream.keepAlive();
      let sending = Promise.resolve();
      /** Sends in order; a stream closed meanwhile drops what is left. */
      const send = (message: { id?: string; event: string; data: unknown }) => {
        sending = sending.then(() => (stream.isConnected ? stream.send(message) : undefined)).catch(() => {});
      };
      const sendChange = (event: ChangeEvent) => {
        if (mayHearOf(roles, event, username))
          send({ id: String(event.id), event: STREAM_EVENTS.change, data: event });
      };
      const sendClock = () => send({ event: STREAM_EVENTS.clock, data: { now: new Date().toISOString() } });

      // Live events wait while missed ones are replayed, then follow them (without repeating any).
      const waiting: ChangeEvent[] = [];
      let replayed: Set<number> | undefined;
      const feed = changes();
      const unsubscribe = feed.subscribe((event) => {
        if (replayed === undefined) waiting.push(event);
        else if (!replayed.has(event.id)) sendChange(event);
      });
      const heartbeat = setInterval(sendClock, HEARTBEAT_MS);
      const expiry = setTimeout(() => stream.close(), expiresAt.getTime() - Date.now());
      const entry: OpenStream = {
        username,
        issuedAt,
        close: () => stream.close(),
        attentionCame() {
          if (mayHearOf(roles, { kind: 'attention' })) send({ event: STREAM_EVENTS.attention, data: {} });
        },
      };
      open.add(entry);
      if (open.size === 1) attention.reckon();
      stream.onClose(() => {
        unsubscribe();
        clearInterval(heartbeat);
        clearTimeout(expiry);
        open.delete(entry);
      });

      sendClock();
      const lastId = Number(stream.lastEventId);
      const missed = stream.lastEventId && Number.isSafeInteger(lastId) ? await feed.since(lastId) : [];
      if (missed === undefined) send({ event: STREAM_EVENTS.resync, data: {} });
      for (const event of missed ?? []) sendChange(event);
      replayed = new Set((missed ?? []).map((event) => event.id));
      for (const event of waiting.splice(0)) if (!replayed.has(event.id)) sendChange(event);
      await sending;
    },
  );
};
