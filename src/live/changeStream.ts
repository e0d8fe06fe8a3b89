import { fetchEventSource } from '@microsoft/fetch-event-source';
import { type ChangeEvent, changeEventSchema, STREAM_EVENTS } from '../../contract/changeEvents';
import { API_PATHS } from '../../contract/paths';

/** `live`: the stream is open; `reconnecting`: it is not (pages poll meanwhile). */
export type LiveStatus = 'live' | 'reconnecting';

export type ChangeHandlers = {
  onStatus(status: LiveStatus): void;
  onChange(event: ChangeEvent): void;
  /** Changes were missed beyond the server's replay window: everything shown is read again. */
  onResync(): void;
  /** An attention item's time has come (no write changed): the attention items are read again. */
  onAttention(): void;
  /** The server's time as it sent it (first and with every heartbeat). */
  onServerTime(serverNow: Date): void;
};

/** Opens the stream of changes; returns what closes it. */
export type ConnectChanges = (handlers: ChangeHandlers) => () => void;

/** Ids of changes received, so one replayed again after a reconnection is passed on once. */
const REMEMBERED_IDS = 5_000;

/** Waits before opening the stream again, longer after each failure in a row. */
const RETRY_MS = [1_000, 2_000, 5_000, 10_000];

/**
 * `GET /events` read with fetch, which sends the id token as every API call does (EventSource cannot send
 * headers, and a token in the URL would end up in logs). Each connection asks for the current token, so a
 * stream the server ends at the token's expiry or a lost connection opens again with the refreshed one,
 * resuming after the last change received.
 */
export function fetchChanges(apiUrl: string, getIdToken: () => Promise<string | undefined>): ConnectChanges {
  return (handlers) => {
    const stopped = new AbortController();
    /** The highest id received: a resume replays after it, and what was written shortly before it. */
    let lastEventId: number | undefined;
    const received = new Set<number>();
    /** Whether a change is new here (a resume replays a margin before the last id, which may repeat some). */
    const isNew = (id: number) => {
      if (received.has(id)) return false;
      if (received.size >= REMEMBERED_IDS) received.clear();
      received.add(id);
      lastEventId = Math.max(lastEventId ?? id, id);
      return true;
    };
    let failures = 0;
    const open = async (token: string) => {
      await fetchEventSource(`${apiUrl}${API_PATHS.events}`, {
        headers: {
          Authorization: `Bearer ${token}`,
          ...(lastEventId ? { 'Last-Event-ID': String(lastEventId) } : {}),
        },
        signal: stopped.signal,
        // The board is often left on a second screen or in a background tab: it keeps listening there.
        openWhenHidden: true,
        async onopen(response) {
          if (!response.ok) throw new Error(`The live updates answered ${response.status}`);
          failures = 0;
          handlers.onStatus('live');
        },
        onmessage(message) {
          if (message.event === STREAM_EVENTS.resync) handlers.onResync();
          if (message.event === STREAM_EVENTS.attention) handlers.onAttention();
          if (message.event === STREAM_EVENTS.clock) {
            const { now } = JSON.parse(message.data) as { now: string };
            handlers.onServerTime(new Date(now));
          }
          if (message.event !== STREAM_EVENTS.change) return;
          const parsed = changeEventSchema.safeParse(JSON.parse(message.data));
          if (parsed.success && isNew(parsed.data.id)) handlers.onChange(parsed.data);
        },
        onclose() {
          throw new Error('The live updates ended');
        },
        onerror(error) {
          // No retry with the same token: the loop below opens it again with a fresh one.
          throw error;
        },
      });
    };
    const run = async () => {
      for (; !stopped.signal.aborted; failures++) {
        const token = await getIdToken().catch(() => undefined);
        if (token) await open(token).catch(() => {});
        if (stopped.signal.aborted) return;
        handlers.onStatus('reconnecting');
        await new Promise((resolve) => {
          const timer = setTimeout(resolve, RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]);
          stopped.signal.addEventListener('abort', () => {
            clearTimeout(timer);
            resolve(undefined);
          });
        });
      }
    };
    void run();
    return () => stopped.abort();
  };
}
