import type { SSEReplyInterface } from '@fastify/sse';
import type { FastifyBaseLogger } from 'fastify';
import { type ChangeEvent, HEARTBEAT_MS, STREAM_EVENTS } from '../../contract/changeEvents';
import type { AccountCache } from '../auth/accountCache';
import type { VerifiedUser } from '../auth/tokenVerifier';
import type { Database } from '../db/database';
import { accountsNamed } from '../db/userAccounts';
import { mayHearOf } from '../domain/changeVisibility';
import { attentionClock } from './attentionClock';
import { type ChangeFeed, startChangeFeed } from './changeFeed';
import type { SharedReads } from './sharedReads';

/**
 * This instance's open event streams (issue 36): each follows the committed changes its caller may read,
 * from every instance, and ends when the caller's token expires or their sessions end or their account is
 * disabled; a burst of changes drops the shared answers once and reckons the attention clock again.
 */

/** A burst of changes (a transition writes several tables, a bulk edit many cases) drops shared answers once. */
const BURST_MS = 200;

type OpenStream = { username: string; issuedAt: Date; close(): void; attentionCame(): void };

export interface EventStreamOptions {
  database: Database;
  shared: SharedReads;
  accounts: AccountCache;
  log: FastifyBaseLogger;
}

export function createEventStreams({ database, shared, accounts, log }: EventStreamOptions) {
  const open = new Set<OpenStream>();

  let burst: NodeJS.Timeout | undefined;
  /** Whether the burst changed a case (whatever its first change was about). */
  let casesChanged = false;
  /** The accounts of open streams are read again when any account changed (a revocation, a disabling). */
  let accountCheck: NodeJS.Timeout | undefined;
  const checkAccounts = async () => {
    const usernames = [...new Set([...open].map((stream) => stream.username))];
    if (usernames.length === 0) return;
    const rows = await accountsNamed(database.db, usernames);
    const byName = new Map(rows.map((account) => [account.username, account]));
    for (const stream of open) {
      const account = byName.get(stream.username);
      const ended = account?.tokensValidAfter && stream.issuedAt < account.tokensValidAfter;
      if (!account?.isEnabled || ended) stream.close();
    }
  };
  const attention = attentionClock(database.db, open, log);
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
        log.warn({ err: error }, 'Open streams’ accounts could not be checked'),
      );
    }, BURST_MS);
  };
  /** Listens from the first stream on: an instance nobody follows has no one to tell. */
  let feed: ChangeFeed | undefined;
  const changes = () => {
    if (!feed) {
      feed = startChangeFeed(database, log);
      feed.subscribe(onAnyChange);
    }
    return feed;
  };

  /** Streams the changes `user` may read to `stream`: missed ones first (`Last-Event-ID`), then live ones. */
  async function follow({ username, roles, issuedAt, expiresAt }: VerifiedUser, stream: SSEReplyInterface) {
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
    const resumed = Boolean(stream.lastEventId) && Number.isSafeInteger(lastId);
    const missed = resumed ? await feed.since(lastId) : [];
    if (missed === undefined) send({ event: STREAM_EVENTS.resync, data: {} });
    for (const event of missed ?? []) sendChange(event);
    // The change named in Last-Event-ID is one the client has: this instance may hear of it only now.
    replayed = new Set([...(resumed ? [lastId] : []), ...(missed ?? []).map((event) => event.id)]);
    for (const event of waiting.splice(0)) if (!replayed.has(event.id)) sendChange(event);
    await sending;
  }

  return {
    follow,
    /** Ends the streams and the timers, before the server closes. */
    stop() {
      clearTimeout(burst);
      attention.stop();
      clearTimeout(accountCheck);
      for (const stream of open) stream.close();
    },
    /** Stops listening, once the server closed. */
    close: async () => feed?.close(),
  };
}
