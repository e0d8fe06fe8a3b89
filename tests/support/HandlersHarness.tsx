import { useMemo } from 'react';
import { TestMemoryRouter } from 'react-admin';
import { AppAdmin } from '../../src/AppAdmin';
import { createDataProvider, type HttpClient } from '../../src/dataProvider';
import type { RequestOptions } from '../../src/dataProvider/httpClient';
import type { ConnectChanges } from '../../src/live';
import { buildUser, type FakeApi, fakeHttpClient } from './fakeApi';
import { answered, type FakeRequest } from './fakeApiRules';
import { fakeAuthProvider } from './fakeAuthProvider';
import { useHarnessAdmin } from './harnessAdmin';

/** Answers the calls it knows (`{data, total?}`), or `undefined` to leave the request to the others. */
export type FakeHandler = (request: FakeRequest) => { data: unknown; total?: number } | undefined;

const DEFAULT_USER = buildUser();
const NO_HANDLERS: readonly FakeHandler[] = [];

/** The fake API plus `handlers`, tried first, in order (each area's calls: billing, reports, home). */
export function withHandlers(api: FakeApi, handlers: readonly FakeHandler[]): HttpClient {
  const others = fakeHttpClient(api);
  return async <T,>(path: string, { method = 'GET', query, body }: RequestOptions = {}) => {
    const request = { method, path, query, body };
    for (const handle of handlers) {
      const key = `${method} ${path}`;
      // A failure or a call left pending is the other fakes' to give.
      const answer = api.failures?.[key] || api.pending?.includes(key) ? undefined : handle(request);
      if (answer) {
        api.onRequest?.(request);
        return answered<T>(request, answer);
      }
    }
    return others<T>(path, { method, query, body });
  };
}

export interface HandlersHarnessProps extends Partial<FakeApi> {
  /** The route to open. */
  path: string;
  handlers?: readonly FakeHandler[];
  /** A stream of changes the pages follow (`fakeChanges`); without it they poll. */
  changes?: ConnectChanges;
}

/** The whole app, signed in, over the fake API and the given handlers (stories double as test fixtures). */
export const HandlersHarness = ({
  path,
  chrome,
  user = DEFAULT_USER,
  clientsData,
  casesData,
  failures,
  pending,
  onRequest,
  handlers = NO_HANDLERS,
  changes,
}: HandlersHarnessProps) => {
  const harness = useHarnessAdmin();
  const providers = useMemo(() => {
    const api = { chrome: chrome ?? [], user, clientsData, casesData, failures, pending, onRequest };
    return {
      dataProvider: createDataProvider({ httpClient: withHandlers(api, handlers) }),
      authProvider: fakeAuthProvider(user),
    };
  }, [chrome, user, clientsData, casesData, failures, pending, onRequest, handlers]);
  return (
    <TestMemoryRouter initialEntries={[path]}>
      <AppAdmin {...providers} {...harness} changes={changes} />
    </TestMemoryRouter>
  );
};
