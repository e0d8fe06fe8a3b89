import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { type ChangeEvent, STREAM_EVENTS } from '../../../contract/changeEvents';
import { API_PATHS } from '../../../contract/paths';
import type { TestServer } from './testServer';

/** A `GET /events` stream read as the browser reads it: the id token sent, messages parsed as they come. */
export async function openEventStream(server: TestServer, token: string, lastEventId?: string) {
  const aborted = new AbortController();
  const response = await fetch(`${server.api}${API_PATHS.events}`, {
    headers: {
      authorization: token,
      accept: 'text/event-stream',
      ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
    },
    signal: aborted.signal,
  });
  const messages: EventSourceMessage[] = [];
  const waiters = new Set<() => void>();
  const parser = createParser({
    onEvent(message) {
      messages.push(message);
      for (const waiter of waiters) waiter();
    },
  });
  const ended = (async () => {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body ?? []) parser.feed(decoder.decode(chunk, { stream: true }));
    } catch {
      // aborted by `close()`
    }
  })();
  const changes = () =>
    messages
      .filter((message) => message.event === STREAM_EVENTS.change)
      .map((message) => JSON.parse(message.data) as ChangeEvent);
  return {
    status: response.status,
    messages,
    changes,
    /** Resolves when the server ends the stream. */
    ended,
    /** The first message `matches` takes, waiting for it as long as the test may run. */
    next(matches: (message: EventSourceMessage) => boolean): Promise<EventSourceMessage> {
      return new Promise((resolve) => {
        const look = () => {
          const found = messages.find(matches);
          if (!found) return;
          waiters.delete(look);
          resolve(found);
        };
        waiters.add(look);
        look();
      });
    },
    /** The first change `matches` takes, waiting for it. */
    async nextChange(matches: (event: ChangeEvent) => boolean): Promise<ChangeEvent> {
      const message = await this.next(
        (candidate) => candidate.event === STREAM_EVENTS.change && matches(JSON.parse(candidate.data)),
      );
      return JSON.parse(message.data) as ChangeEvent;
    },
    close() {
      aborted.abort();
    },
  };
}
