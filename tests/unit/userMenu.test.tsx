import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { API_PATHS } from '../../contract/paths';
import { buildUser, menuForRole } from '../support/fakeApi';
import { type FakeRequest, page } from '../support/fakeApiRules';
import { type FakeHandler, HandlersHarness } from '../support/HandlersHarness';

/** An empty access log to stand on, and the call that ends every session of the caller. */
const handlers: FakeHandler[] = [
  ({ method, path, query = {} }: FakeRequest) =>
    method === 'GET' && path === API_PATHS.accessLog ? page([], query, 'at') : undefined,
  ({ method, path }: FakeRequest) =>
    method === 'POST' && path === API_PATHS.signOutEverywhere ? { data: {} } : undefined,
];

const signOuts = (onRequest: ReturnType<typeof vi.fn>) =>
  onRequest.mock.calls.filter(
    ([request]) => request.method === 'POST' && request.path === API_PATHS.signOutEverywhere,
  );

async function openMenu() {
  const onRequest = vi.fn();
  render(
    <HandlersHarness
      path={API_PATHS.accessLog}
      chrome={menuForRole('admin')}
      user={buildUser({ name: 'Ada Lovelace' })}
      handlers={handlers}
      onRequest={onRequest}
    />,
  );
  const user = userEvent.setup();
  // jsdom has no wide screen: the menu's button is react-admin's narrow one, named "Profile".
  await user.click(await screen.findByRole('button', { name: 'Profile' }));
  return { user, onRequest, menu: await screen.findByRole('menu') };
}

describe('the user menu', () => {
  it('lists Logout before "Sign out everywhere"', async () => {
    const { menu } = await openMenu();
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Logout', 'Sign out everywhere']);
  });

  it('asks before signing out everywhere, and does nothing when cancelled', async () => {
    const { user, onRequest, menu } = await openMenu();
    await user.click(within(menu).getByRole('menuitem', { name: 'Sign out everywhere' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere?' });
    expect(dialog).toHaveTextContent('every device');
    expect(signOuts(onRequest)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(signOuts(onRequest)).toHaveLength(0);
  });

  it('signs out everywhere once confirmed', async () => {
    const { user, onRequest, menu } = await openMenu();
    await user.click(within(menu).getByRole('menuitem', { name: 'Sign out everywhere' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(signOuts(onRequest)).toHaveLength(1));
  });
});
