import type { QueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import type { ChangeKind } from '../../contract/changeEvents';
import { showsChangeOf } from './changedQueries';
import type { ConnectChanges, LiveStatus } from './changeStream';

/** Changes arriving this close together (a transition writes several tables) are read again once. */
const BURST_MS = 250;
/** How often the homes and the board read again while the stream is down (or off, in stories). */
const POLL_MS = 30_000;

/** `off`: no stream (stories, tests of other things): pages poll as before. */
const LiveStatusContext = createContext<LiveStatus | 'off'>('off');
/** How far the server's clock is ahead of this device's, in ms (0 until the stream tells). */
const ClockSkewContext = createContext(0);

/**
 * Follows the committed changes (GET /events) and reads again the queries that show what changed
 * (react-query's invalidation: the shown ones refetch, the others when next shown); no full reload.
 */
export function LiveUpdates({
  connect,
  queryClient,
  children,
}: {
  connect?: ConnectChanges;
  queryClient: QueryClient;
  children: ReactNode;
}) {
  const [status, setStatus] = useState<LiveStatus | 'off'>(connect ? 'reconnecting' : 'off');
  const [skewMs, setSkewMs] = useState(0);
  useEffect(() => {
    if (!connect) return undefined;
    const changed = new Set<ChangeKind>();
    let burst: ReturnType<typeof setTimeout> | undefined;
    const refetch = () => {
      burst = undefined;
      const kinds = new Set(changed);
      changed.clear();
      void queryClient.invalidateQueries({ predicate: (query) => showsChangeOf(kinds, query.queryKey) });
    };
    const close = connect({
      onStatus: setStatus,
      onChange(event) {
        changed.add(event.kind);
        burst ??= setTimeout(refetch, BURST_MS);
      },
      onResync: () => void queryClient.invalidateQueries(),
      onAttention() {
        changed.add('attention');
        burst ??= setTimeout(refetch, BURST_MS);
      },
      // The message's travel time is counted as skew: well under the minute grain of what is due.
      onServerTime: (serverNow) => setSkewMs(serverNow.getTime() - Date.now()),
    });
    return () => {
      clearTimeout(burst);
      close();
    };
  }, [connect, queryClient]);
  return (
    <LiveStatusContext.Provider value={status}>
      <ClockSkewContext.Provider value={skewMs}>{children}</ClockSkewContext.Provider>
    </LiveStatusContext.Provider>
  );
}

/** How far the server's clock is ahead of this device's (ms), as the stream last said. */
export const useClockSkew = () => useContext(ClockSkewContext);

export const useLiveStatus = () => useContext(LiveStatusContext);

/** Query options of a page left open for hours: polling only while the live updates are down. */
export function useLiveRefresh() {
  const status = useLiveStatus();
  return { refetchInterval: status === 'live' ? false : POLL_MS, refetchOnWindowFocus: true } as const;
}
