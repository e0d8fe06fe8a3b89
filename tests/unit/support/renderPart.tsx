import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AdminContext, Notification, TestMemoryRouter } from 'react-admin';
import type { CurrentUser } from '../../../contract/chrome';
import { type FakeApi, fakeDataProvider } from '../../support/fakeApi';
import { fakeAuthProvider } from '../../support/fakeAuthProvider';

export interface PartOptions extends Partial<FakeApi> {
  user: CurrentUser;
  /** Where the router starts. */
  path?: string;
}

/**
 * One part of a page, `ui`, with only what it needs of the app: react-admin's context over the fake API, signed
 * in as `user`, a router at `path`, and the notices. No menu, app bar or lazy page to load first, which in
 * jsdom cost seconds per test. `pathname()` is where the router is now: a part that opens a page changes it.
 */
export function renderPart(ui: ReactNode, { path = '/', chrome = [], ...api }: PartOptions) {
  let pathname = path;
  render(
    <TestMemoryRouter
      initialEntries={[path]}
      locationCallback={(location) => {
        pathname = location.pathname;
      }}
    >
      <AdminContext
        dataProvider={fakeDataProvider({ chrome, ...api })}
        authProvider={fakeAuthProvider(api.user)}
      >
        {ui}
        <Notification />
      </AdminContext>
    </TestMemoryRouter>,
  );
  return { pathname: () => pathname };
}
