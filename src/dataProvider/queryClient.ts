import { MutationCache, QueryClient } from '@tanstack/react-query';
import { HttpError, type Identifier } from 'react-admin';
import { isUnreached } from './httpClient';
import { refreshAfterWrite, type Write } from './writeLinks';

/** Tries of one API read before its error shows: the first and two more. */
export const READ_TRIES = 3;

/**
 * How long a read answer is fresh: pages mounted together or in quick succession share one request. A write
 * reads again what it changed (writeLinks.ts), a live change what it changed (live/changedQueries.ts).
 */
export const READ_STALE_MS = 5_000;

/**
 * Whether react-query asks again after a failed read: after a server error (5xx) or a call that never
 * reached the server (spec §8's 'Bad Request' with no response: a network drop, a restart), which may pass.
 * A refusal (4xx: unknown record, no access, conflict) will not change by asking again, and an error
 * without a status (the time-log correction loop's own 'Infinite recursion detected', which already tried 3
 * times) is final.
 */
export const retryServerErrors = (failureCount: number, error: unknown) =>
  failureCount < READ_TRIES - 1 &&
  ((error instanceof HttpError && error.status >= 500) || isUnreached(error));

/** The write a mutation made: its `meta.write` (a custom method's), or react-admin's `{resource, id, …}`. */
function writeOf(
  variables: unknown,
  meta: Record<string, unknown> | undefined,
  method: unknown,
): Write | undefined {
  if (meta?.write) return meta.write as Write;
  if (typeof variables !== 'object' || variables === null || !('resource' in variables)) return undefined;
  const { resource, id } = variables as { resource: unknown; id?: Identifier };
  return typeof resource === 'string'
    ? { resource, id, method: typeof method === 'string' ? method : undefined }
    : undefined;
}

export interface QueryClientOptions {
  /**
   * How long a failed read waits before it is asked again, in ms. The app keeps react-query's own (1 s, then
   * 2 s: a server that is restarting gets time). The stories and the component tests ask again at once: they
   * show and check the same tries and the same error, without 3 s of waiting for each failure they show.
   */
  retryDelay?: number;
}

/**
 * The query defaults of the whole app, set once on `<Admin queryClient>`: no page sets its own `retry`.
 * Writes are never repeated by react-query (a write may have been applied before its answer was lost).
 * After a write through react-admin's data hooks (`useCreate`, `useUpdate`, `useDelete`) or a `useMutation`
 * naming its write (`meta: writeTo(…)`), what it changed is read again (writeLinks.ts): every read of its
 * resource and of the resources nested under it (a pessimistic update alone only puts the written record
 * into the lists, while a revision also changes the item's history and may change its neighbours, a time
 * log's linked notes), and the other resources the write changes (a time log, the case's next check).
 */
export const createQueryClient = ({ retryDelay }: QueryClientOptions = {}) => {
  const queryClient: QueryClient = new QueryClient({
    defaultOptions: {
      queries: {
        retry: retryServerErrors,
        staleTime: READ_STALE_MS,
        ...(retryDelay === undefined ? {} : { retryDelay }),
      },
      mutations: { retry: false },
    },
    mutationCache: new MutationCache({
      onSuccess(_data, variables, _context, mutation) {
        // A deleted record is not read again (its page would flash "not found"); react-admin's `useDelete`
        // takes it out of the lists itself.
        const [, method] = mutation.options.mutationKey ?? [];
        const write = writeOf(variables, mutation.options.meta, method);
        if (write) void refreshAfterWrite(queryClient, write);
      },
    }),
  });
  return queryClient;
};
