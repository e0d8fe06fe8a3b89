import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import {
  AdminContext,
  type AuthProvider,
  type DataProvider,
  defaultI18nProvider,
  memoryStore,
  Notification,
  TestMemoryRouter,
} from 'react-admin';
import type { CurrentUser } from '../../../contract/chrome';
import { createQueryClient } from '../../../src/dataProvider/queryClient';
import { lightTheme } from '../../../src/theme';
import { type FakeApi, fakeDataProvider } from '../../support/fakeApi';
import { fakeAuthProvider } from '../../support/fakeAuthProvider';

/** `ui` in a router at `path`; `pathname()` is where the router is now (a page opened from `ui` changes it). */
export function renderInRouter(ui: ReactNode, path: string) {
  let pathname = path;
  render(
    <TestMemoryRouter
      initialEntries={[path]}
      locationCallback={(location) => {
        pathname = location.pathname;
      }}
    >
      {ui}
    </TestMemoryRouter>,
  );
  return { pathname: () => pathname };
}

export interface PartProviders {
  dataProvider: DataProvider;
  authProvider: AuthProvider;
  /** Where the router starts. */
  path?: string;
}

/**
 * One part of a page, `ui`, with only what it needs of the app: react-admin's context over `dataProvider` with
 * the app's query defaults (its retries, and its reads again after a write), words, theme and a store of its own, a
 * router at `path`, and the notices. No menu, app bar or lazy page to load first, which in jsdom cost seconds
 * per test.
 */
export function renderWithProviders(
  ui: ReactNode,
  { dataProvider, authProvider, path = '/' }: PartProviders,
) {
  return renderInRouter(
    <AdminContext
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={defaultI18nProvider}
      queryClient={createQueryClient({ retryDelay: 0 })}
      store={memoryStore()}
      theme={lightTheme}
    >
      {ui}
      <Notification />
    </AdminContext>,
    path,
  );
}

export interface PartOptions extends Partial<FakeApi> {
  user: CurrentUser;
  /** Where the router starts. */
  path?: string;
}

/** `ui` as `renderWithProviders` renders it, over the fake API signed in as `user`. */
export function renderPart(ui: ReactNode, { path, chrome = [], ...api }: PartOptions) {
  return renderWithProviders(ui, {
    dataProvider: fakeDataProvider({ chrome, ...api }),
    authProvider: fakeAuthProvider(api.user),
    path,
  });
}
