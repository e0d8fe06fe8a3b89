import type { ChangeEvent } from '../../contract/changeEvents';
import type { ChangeHandlers, ConnectChanges } from '../../src/live/changeStream';

/** A stream of changes the test drives: open it, drop it, send a change. */
export function fakeChanges() {
  let handlers: ChangeHandlers | undefined;
  let nextId = 1;
  const connect: ConnectChanges = (given) => {
    handlers = given;
    return () => {
      handlers = undefined;
    };
  };
  const connected = () => {
    if (!handlers) throw new Error('The app has not opened the stream of changes');
    return handlers;
  };
  return {
    connect,
    isConnected: () => handlers !== undefined,
    open: () => connected().onStatus('live'),
    drop: () => connected().onStatus('reconnecting'),
    tellServerTime: (serverNow: Date) => connected().onServerTime(serverNow),
    /** An attention item's time has come, with no write. */
    attentionCame: () => connected().onAttention(),
    send: (change: Omit<ChangeEvent, 'id' | 'at'>) =>
      connected().onChange({ id: nextId++, at: new Date().toISOString(), ...change }),
  };
}
