import { HttpError } from 'react-admin';
import type { Breadcrumb, CurrentUser, NavigationItem } from '../../contract/chrome';
import { type Action, canAccess, type Resource, type Role } from '../../contract/roles';
import { createDataProvider, type HttpClient } from '../dataProvider';
import type { RequestOptions } from '../dataProvider/httpClient';
import type { FakeRequest } from './fakeApiRules';
import { type ClientsSeed, fakeClientsApi } from './fakeClientsApi';

type MenuEntry = NavigationItem & { requires?: [Resource, Action] };

/** A full menu as the server could send it; each role sees what the role table grants (stories, tests). */
const FULL_MENU: readonly MenuEntry[] = [
  { title: 'Home', url: '/' },
  { title: 'Clients', url: '/continuous-monitoring/clients', requires: ['clients', 'list'] },
  { title: 'Intake', url: '/continuous-monitoring/cases/intake', requires: ['cases', 'list'] },
  { title: 'Monitoring', url: '/continuous-monitoring/cases/monitoring', requires: ['cases', 'list'] },
  { title: 'Billing', url: '/billing', requires: ['billing', 'list'] },
  { title: 'Reporting', url: '/reporting', requires: ['reporting', 'list'] },
  { title: 'Users', url: '/users', requires: ['users', 'list'] },
  { title: 'Backups', url: '/backups', requires: ['backups', 'list'] },
  { title: 'Bugs', url: '/bugs', requires: ['bugs', 'list'] },
];

export const menuForRole = (role: Role): NavigationItem[] =>
  FULL_MENU.filter(({ requires }) => !requires || canAccess([role], ...requires)).map(({ title, url }) => ({
    title,
    url,
  }));

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
  /** Errors to answer instead, by `METHOD /path`, e.g. `'POST /continuous-monitoring/clients/1/contacts'`. */
  failures?: Record<string, Error>;
  /** Sees every request, for tests that check what was sent. */
  onRequest?: (request: FakeRequest) => void;
}

/** An in-memory API behind the real data provider, for stories and component tests. */
export function fakeHttpClient({
  chrome,
  user = buildUser(),
  clientsData = {},
  failures = {},
  onRequest,
}: FakeApi): HttpClient {
  const clientsApi = fakeClientsApi(clientsData, user.username);
  return async <T>(path: string, { method = 'GET', query, body }: RequestOptions = {}) => {
    onRequest?.({ method, path, query, body });
    const failure = failures[`${method} ${path}`];
    if (failure) throw failure;
    if (path === '/chrome') {
      if (chrome instanceof Error) throw chrome;
      return { data: chrome as T };
    }
    if (path === '/chrome/breadcrumbs') return { data: breadcrumbsOf(String(query?.queryPath)) as T };
    if (path === `/users/${user.username}`) return { data: user as T };
    const answer = clientsApi({ method, path, query, body });
    if (answer) return answer as { data: T; total?: number };
    throw new HttpError('Not Found', 404);
  };
}

export const fakeDataProvider = (api: FakeApi) =>
  createDataProvider({ apiUrl: '/api', httpClient: fakeHttpClient(api) });

export const accessDenied = () =>
  new HttpError('Access denied', 403, { success: false, error: 'Access denied' });
