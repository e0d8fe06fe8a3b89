import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, memoryStore, Notification } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SNACKBAR_NEVER, useAppNotify } from '../../src/layout/useAppNotify';

/**
 * The clock moves on `ms` at once (fake timers), twice: a snackbar that hides when the first move ends its delay
 * renders its exit transition then, whose own timer the second move ends.
 */
function later(ms: number) {
  act(() => vi.advanceTimersByTime(ms));
  act(() => vi.advanceTimersByTime(ms));
}

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
  return userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a snackbar timeout of −1 (spec §9: never)', () => {
  it('keeps the message, past clicks elsewhere, until it is dismissed', async () => {
    const user = renderNotifier(SNACKBAR_NEVER);
    await user.click(screen.getByRole('button', { name: 'Notify' }));
    expect(await screen.findByText('Kept message')).toBeInTheDocument();
    // An hour on: far past react-admin's default delay (4 s) and any delay a −1 could be taken for.
    later(3_600_000);
    await user.click(screen.getByText('Elsewhere on the page'));
    later(3_600_000);
    expect(screen.getByText('Kept message')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    later(60_000);
    expect(screen.queryByText('Kept message')).toBeNull();
  });

  it('leaves other timeouts as they are: the message goes by itself', async () => {
    const user = renderNotifier(100);
    await user.click(screen.getByRole('button', { name: 'Notify' }));
    expect(await screen.findByText('Kept message')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Dismiss' })).toBeNull();
    later(3_600_000);
    expect(screen.queryByText('Kept message')).toBeNull();
  });
});
