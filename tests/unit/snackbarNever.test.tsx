import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, memoryStore, Notification } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { SNACKBAR_NEVER, useAppNotify } from '../../src/layout/useAppNotify';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const Notifier = ({ autoHideDuration }: { autoHideDuration: number }) => {
  const notify = useAppNotify();
  return (
    <button type="button" onClick={() => notify('Kept message', { type: 'success', autoHideDuration })}>
      Notify
    </button>
  );
};

function renderNotifier(autoHideDuration: number) {
  render(
    <AdminContext store={memoryStore()}>
      <Notifier autoHideDuration={autoHideDuration} />
      <p>Elsewhere on the page</p>
      <Notification />
    </AdminContext>,
  );
  return userEvent.setup();
}

describe('a snackbar timeout of −1 (spec §9: never)', () => {
  it('keeps the message, past clicks elsewhere, until it is dismissed', async () => {
    const user = renderNotifier(SNACKBAR_NEVER);
    await user.click(screen.getByRole('button', { name: 'Notify' }));
    expect(await screen.findByText('Kept message')).toBeInTheDocument();
    await pause(400);
    await user.click(screen.getByText('Elsewhere on the page'));
    await pause(400);
    expect(screen.getByText('Kept message')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByText('Kept message')).toBeNull());
  });

  it('leaves other timeouts as they are: the message goes by itself', async () => {
    const user = renderNotifier(100);
    await user.click(screen.getByRole('button', { name: 'Notify' }));
    expect(await screen.findByText('Kept message')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Dismiss' })).toBeNull();
    await waitFor(() => expect(screen.queryByText('Kept message')).toBeNull());
  });
});
