import { act, render, screen, within } from '@testing-library/react';
import { Hub } from 'aws-amplify/utils';
import { memoryStore, TestMemoryRouter } from 'react-admin';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../contract/chrome';
import { API_PATHS } from '../../contract/paths';
import { rolesFromGroups } from '../../contract/roles';
import { AppAdmin } from '../../src/AppAdmin';
import { createDataProvider } from '../../src/dataProvider';
import { buildUser, fakeHttpClient, menuForRole } from '../support/fakeApi';
import { fakeAuthProvider } from '../support/fakeAuthProvider';

/**
 * A session whose token may change under the app: `signedIn` is what the identity provider answers now
 * (name and groups), and GET /chrome builds its menu from it, as the server builds it from the token.
 * `reads()` counts the reads of the user: identity, permissions and menu.
 */
function renderSession(first: CurrentUser) {
  let signedIn = first;
  // How often the user (name, roles, menu) has been read so far.
  let reads = 0;
  const api = fakeHttpClient({ chrome: [], user: first });
  const dataProvider = createDataProvider({
    httpClient: async (path, options) => {
      if (path !== API_PATHS.chrome) return api(path, options);
      reads += 1;
      return { data: menuForRole(rolesFromGroups(signedIn.roles)[0] ?? 'reader') as never };
    },
  });
  const authProvider = {
    ...fakeAuthProvider(first),
    getIdentity: async () => {
      reads += 1;
      return { id: signedIn.username, fullName: signedIn.name };
    },
    getPermissions: async () => {
      reads += 1;
      return fakeAuthProvider(signedIn).getPermissions?.({});
    },
    canAccess: (params: Parameters<NonNullable<ReturnType<typeof fakeAuthProvider>['canAccess']>>[0]) =>
      fakeAuthProvider(signedIn).canAccess?.(params) ?? Promise.resolve(false),
  };
  render(
    <TestMemoryRouter initialEntries={['/']}>
      <AppAdmin dataProvider={dataProvider} authProvider={authProvider} store={memoryStore()} />
    </TestMemoryRouter>,
  );
  return {
    changeTo: (next: CurrentUser) => {
      signedIn = next;
    },
    reads: () => reads,
  };
}

const sidebar = async () =>
  within((await screen.findByRole('menuitem', { name: 'Home' })).closest('ul') as HTMLElement);

describe('a token refresh', () => {
  it('reloads the user: the name the app greets and the menu of the new groups', async () => {
    const tess = buildUser({ username: 'tess', name: 'Tess Tech', roles: ['technologist'] });
    const session = renderSession(tess);
    expect(await screen.findByText('Welcome, Tess Tech.')).toBeInTheDocument();
    expect(await (await sidebar()).findByRole('menuitem', { name: 'Assignments' })).toBeInTheDocument();
    expect((await sidebar()).queryByRole('menuitem', { name: 'Billing' })).toBeNull();

    // An administrator moved Tess to billing and she renamed herself; her next token says so.
    session.changeTo({ ...tess, name: 'Tess Biller', roles: ['billing'] });
    const before = session.reads();
    act(() => Hub.dispatch('auth', { event: 'tokenRefresh' }));
    // The reads start at once: the event's listener has them refetched as it runs.
    expect(session.reads()).toBeGreaterThan(before);

    expect(await screen.findByText('Welcome, Tess Biller.')).toBeInTheDocument();
    // Her roles (react-admin's permissions) are read again too: the home offers billing's way in.
    expect(await screen.findByRole('link', { name: 'Go to billing' })).toBeInTheDocument();
    expect(await (await sidebar()).findByRole('menuitem', { name: 'Billing' })).toBeInTheDocument();
    expect((await sidebar()).getByRole('menuitem', { name: 'Reporting' })).toBeInTheDocument();
    expect(screen.queryByText('Welcome, Tess Tech.')).toBeNull();
  });

  it('changes nothing before it happens', async () => {
    const tess = buildUser({ username: 'tess', name: 'Tess Tech', roles: ['technologist'] });
    const session = renderSession(tess);
    expect(await screen.findByText('Welcome, Tess Tech.')).toBeInTheDocument();
    await sidebar();
    session.changeTo({ ...tess, name: 'Tess Biller', roles: ['billing'] });
    const before = session.reads();
    // Another event of the session: a refresh would start reading the user again as it is handled (above).
    act(() => Hub.dispatch('auth', { event: 'signedIn' }));
    await act(async () => undefined);
    expect(session.reads()).toBe(before);
    expect(screen.getByText('Welcome, Tess Tech.')).toBeInTheDocument();
    expect((await sidebar()).queryByRole('menuitem', { name: 'Billing' })).toBeNull();
  });
});
