import { HttpError } from 'react-admin';
import type { Breadcrumb, CurrentUser, NavigationItem } from '../../contract/chrome';
import { API_PATHS } from '../../contract/paths';
import type { Role } from '../../contract/roles';
import { MENU, menuFor } from '../../server/domain/navigation';
import { createDataProvider, type HttpClient } from '../../src/dataProvider';
import type { RequestOptions } from '../../src/dataProvider/httpClient';
import { answered, type FakeRequest } from './fakeApiRules';
import { fakeCaseDetailsApi } from './fakeCaseDetailsApi';
import { type CasesSeed, fakeCasesApi, fakeCasesState } from './fakeCasesApi';
import { type ClientsSeed, fakeClientsApi } from './fakeClientsApi';

/** The menu GET /chrome gives a user with one role: the server's own. */
export const menuForRole = (role: Role): NavigationItem[] => menuFor([role], MENU) ?? [];

export const buildUser = (overrides: Partial<CurrentUser> = {}): CurrentUser => ({
  username: 'ada',
  email: 'ada@example.org',
  name: 'Ada Lovelace',
  isEnabled: true,
  roles: ['admin'],
  ...overrides,
});

function breadcrumbsOf(queryPath: string): Breadcrumb[] {
  const segments = queryPath.split('/').filter(Boolean);
  return [
    { title: 'Home', url: '/' },
    ...segments.map((segment, index) => ({
      title: segment,
      url: `/${segments.slice(0, index + 1).join('/')}`,
    })),
  ];
}

export interface FakeApi {
  /** The answer of GET /chrome, or the error it fails with. */
  chrome: NavigationItem[] | Error;
  user?: CurrentUser;
  /** The records the Clients API starts with. */
  clientsData?: ClientsSeed;
  /** The records the Cases API starts with (a client's cases tab lists these too). */
  casesData?: CasesSeed;
  /** Errors to answer instead, by `METHOD /path`, e.g. `'POST /continuous-monitoring/clients/1/contacts'`. */
  failures?: Record<string, Error>;
  /** Calls, by `METHOD /path`, that never answer: a page's loading state. */
  pending?: readonly string[];
  /** Sees every request, for tests that check what was sent. */
  onRequest?: (request: FakeRequest) => void;
}

/** An in-memory API behind the real data provider, for stories and component tests. */
export function fakeHttpClient({
  chrome,
  user = buildUser(),
  clientsData = {},
  casesData = {},
  failures = {},
  pending = [],
  onRequest,
}: FakeApi): HttpClient {
  const casesState = fakeCasesState(casesData);
  const clientsApi = fakeClientsApi(clientsData, user.username, (clientId) =>
    casesState.cases.filter((found) => found.clientId === clientId),
  );
  const casesApi = fakeCasesApi(casesState, { username: user.username, clientOf: clientsApi.clientOf });
  const caseDetailsApi = fakeCaseDetailsApi(casesState, { user, clientsApi: clientsApi.handle });
  return async <T>(path: string, { method = 'GET', query, body }: RequestOptions = {}) => {
    const request = { method, path, query, body };
    onRequest?.(request);
    const failure = failures[`${method} ${path}`];
    if (failure) throw failure;
    if (pending.includes(`${method} ${path}`)) return new Promise<never>(() => undefined);
    if (path === API_PATHS.chrome) {
      if (chrome instanceof Error) throw chrome;
      return answered<T>(request, { data: chrome });
    }
    // Nothing needs attention unless a test's handler says so.
    if (path === API_PATHS.attention) return answered<T>(request, { data: { items: [] } });
    if (path === API_PATHS.breadcrumbs)
      return answered<T>(request, { data: breadcrumbsOf(String(query?.queryPath)) });
    if (path === API_PATHS.user(encodeURIComponent(user.username)))
      return answered<T>(request, { data: user });
    const answer = clientsApi.handle(request) ?? casesApi(request) ?? caseDetailsApi(request);
    if (answer) return answered<T>(request, answer);
    throw new HttpError('Not Found', 404);
  };
}

export const fakeDataProvider = (api: FakeApi) => createDataProvider({ httpClient: fakeHttpClient(api) });

export const accessDenied = () =>
  new HttpError('Access denied', 403, { success: false, error: 'Access denied' });
