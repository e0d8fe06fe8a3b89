import { MutationCache, QueryClient } from '@tanstack/react-query';
import { HttpError } from 'react-admin';

/** Tries of one API read before its error shows: the first and two more. */
export const READ_TRIES = 3;

/**
 * How long a read answer is fresh: pages mounted together or in quick succession share one request. Any
 * write made through the data provider ends that at once (`staleAfterWrites`).
 */
export const READ_STALE_MS = 5_000;

/**
 * Whether react-query asks again after a failed read: only for a server error (5xx), which may pass. A
 * refusal (4xx: unknown record, no access, conflict; a failed connection is 400 'Bad Request', spec §8)
 * will not change by asking again, and an error without a status (the time-log correction loop's own
 * 'Infinite recursion detected', which already tried 3 times) is final.
 */
export const retryServerErrors = (failureCount: number, error: unknown) =>
  failureCount < READ_TRIES - 1 && error instanceof HttpError && error.status >= 500;

/** The resource a react-admin write was made to: its data hooks mutate with `{resource, …params}`. */
const writtenResource = (variables: unknown) =>
  typeof variables === 'object' &&
  variables !== null &&
  'resource' in variables &&
  typeof variables.resource === 'string'
    ? variables.resource
    : undefined;

/** Whether a query reads a resource or one nested under it (`…/events` and `…/events/3/revisions`). */
const readsResource = (resource: string, [key]: readonly unknown[]) =>
  key === resource || (typeof key === 'string' && key.startsWith(`${resource}/`));

/**
 * The query defaults of the whole app, set once on `<Admin queryClient>`: no page sets its own `retry`.
 * Writes are never repeated by react-query (a write may have been applied before its answer was lost).
 * After a write through react-admin's data hooks (`useCreate`, `useUpdate`) every read of its
 * resource and of the resources nested under it is read again: a pessimistic update alone only puts the
 * written record into the lists, while a revision also changes the item's history and may change its
 * neighbours (a time log's linked notes).
 */
export const createQueryClient = () => {
  const queryClient: QueryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: retryServerErrors, staleTime: READ_STALE_MS },
      mutations: { retry: false },
    },
    mutationCache: new MutationCache({
      onSuccess(_data, variables, _context, mutation) {
        // A deleted record is not read again (its page would flash "not found"); react-admin's `useDelete`
        // takes it out of the lists itself.
        const [, kind] = mutation.options.mutationKey ?? [];
        if (kind === 'delete' || kind === 'deleteMany') return;
        const resource = writtenResource(variables);
        if (resource)
          void queryClient.invalidateQueries({
            predicate: ({ queryKey }) => readsResource(resource, queryKey),
          });
      },
    }),
  });
  return queryClient;
};

/**
 * The data provider, where every write (any method but a `get…` read) marks every cached read stale once it
 * succeeds, without refetching what is on screen: whatever is shown next is read again, as it would be
 * without `staleTime`, whichever page made the write and whatever it changed.
 */
export function staleAfterWrites<T extends object>(dataProvider: T, queryClient: QueryClient): T {
  return new Proxy(dataProvider, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== 'function' || typeof property !== 'string' || property.startsWith('get'))
        return value;
      return async (...args: unknown[]) => {
        const result = await value.apply(target, args);
        await queryClient.invalidateQueries({ refetchType: 'none' });
        return result;
      };
    },
  });
}
