import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AdminContext, Notification, TestMemoryRouter } from 'react-admin';
import type { CurrentUser } from '../../../contract/chrome';
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

export interface PartOptions extends Partial<FakeApi> {
  user: CurrentUser;
  /** Where the router starts. */
  path?: string;
}

/**
 * One part of a page, `ui`, with only what it needs of the app: react-admin's context over the fake API, signed
 * in as `user`, a router at `path`, and the notices. No menu, app bar or lazy page to load first, which in
 * jsdom cost seconds per test.
 */
export function renderPart(ui: ReactNode, { path = '/', chrome = [], ...api }: PartOptions) {
  return renderInRouter(
    <AdminContext
      dataProvider={fakeDataProvider({ chrome, ...api })}
      authProvider={fakeAuthProvider(api.user)}
    >
      {ui}
      <Notification />
    </AdminContext>,
    path,
  );
}
