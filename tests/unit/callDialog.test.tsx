import { composeStories } from '@storybook/react-vite';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import preview from '../../.storybook/preview';
import { API_PATHS } from '../../contract/paths';
import { BoardCallNext } from '../../src/dashboard/BoardCallNext';
import * as recordStories from '../../src/resources/cases/records/CaseRecordTabs.stories';
import { enterText } from './support/enterText';
import { submitWith } from './support/renderStory';
import { sentRequest } from './support/requests';

const stories = composeStories(recordStories, preview);

/** The table row that shows this text. */
async function rowWith(text: string) {
  const row = (await screen.findByText(text)).closest('tr');
  if (!row) throw new Error(`"${text}" is not in a table row`);
  return row;
}

/** Event 4 (a seizure two minutes ago, its call still to make) with "Log call" opened. */
async function openCall(user: ReturnType<typeof userEvent.setup>) {
  // The button shows once the caller's right to call is known.
  await user.click(await within(await rowWith('Event 4')).findByRole('button', { name: 'Log call' }));
  return screen.findByRole('dialog', { name: 'Log a call' });
}

const attemptOn4 = (body: Record<string, unknown>) =>
  sentRequest('POST', API_PATHS.callAttempts(1, 23), expect.objectContaining(body));

describe('the call dialog (DESIGN §4 "Orders and critical calls")', () => {
  it('calls the first contact, logs voicemail, then shows whom to call next with the time left, on the row and the header', async () => {
    const user = userEvent.setup();
    const onRequest = vi.fn();
    render(<stories.PendingNotification onRequest={onRequest} />);
    const dialog = await openCall(user);
    expect(dialog).toHaveTextContent('Call now: Dr. Maya Chen');
    expect(within(dialog).getByRole('link', { name: '+1 617 555 0111' })).toHaveAttribute(
      'href',
      'tel:+1 617 555 0111',
    );
    // Read-back only matters when someone was reached.
    expect(within(dialog).queryByRole('checkbox', { name: 'Read back confirmed' })).toBeNull();
    await user.click(within(dialog).getByRole('radio', { name: 'Voicemail' }));
    expect(within(dialog).queryByRole('checkbox', { name: 'Read back confirmed' })).toBeNull();
    await submitWith(user, 'Log call', dialog);
    await waitFor(() =>
      expect(onRequest).toHaveBeenCalledWith(
        attemptOn4({ contactId: 1, outcome: 'voicemail', readBack: false, reachedOther: false }),
      ),
    );
    const row = await rowWith('Event 4');
    await waitFor(() => expect(row).toHaveTextContent('Call next: Sam Ortiz'));
    expect(row).toHaveTextContent('1 attempt');
    expect(within(row).getByRole('timer', { name: 'Time left to call' })).toHaveTextContent(/^in [45]:\d\d$/);
    const header = screen.getByRole('heading', { level: 1 }).parentElement as HTMLElement;
    expect(await within(header).findByText(/Call next:/)).toHaveTextContent('Call next: Sam Ortiz');
  });

  it('closes the call with a reached attempt read back; one without read-back leaves it open', async () => {
    const user = userEvent.setup();
    const onRequest = vi.fn();
    render(<stories.PendingNotification onRequest={onRequest} />);
    let dialog = await openCall(user);
    await user.click(within(dialog).getByRole('radio', { name: 'Reached' }));
    await submitWith(user, 'Log call', dialog);
    await waitFor(() =>
      expect(onRequest).toHaveBeenCalledWith(attemptOn4({ outcome: 'reached', readBack: false })),
    );
    const row = await rowWith('Event 4');
    await waitFor(() => expect(row).toHaveTextContent('1 attempt'));
    expect(within(row).getByText('Notification pending')).toBeInTheDocument();
    // The second call: the next contact, reached by someone else who reads it back.
    dialog = await openCall(user);
    expect(dialog).toHaveTextContent('Call now: Sam Ortiz');
    expect(within(dialog).getByRole('list', { name: 'Attempts so far' })).toHaveTextContent(
      'Dr. Maya Chen (+1 617 555 0111), reached, no read-back · priya',
    );
    await user.click(within(dialog).getByRole('radio', { name: 'Reached' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Read back confirmed' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Someone else answered' }));
    await enterText(
      user,
      within(dialog).getByRole('textbox', { name: /Name of the person reached/ }),
      'Resident Lee',
    );
    await submitWith(user, 'Log call', dialog);
    await waitFor(() =>
      expect(onRequest).toHaveBeenCalledWith(
        attemptOn4({ contactId: 2, outcome: 'reached', readBack: true, reachedName: 'Resident Lee' }),
      ),
    );
    await waitFor(() => expect(within(row).getByText('Notified on time')).toBeInTheDocument());
    expect(row).toHaveTextContent('2 attempts');
    expect(within(row).queryByRole('button', { name: 'Log call' })).toBeNull();
    expect(within(row).queryByText(/Call next/)).toBeNull();
  });
});

describe('the board’s call next', () => {
  const next = (escalateBy: string) => ({
    callNext: { id: 2, name: 'Dr. Bo Park', role: 'Fellow', phone: '555-0102', escalateBy },
  });

  it('names whom to call with a tap-to-call number and the minutes and seconds left, or how long overdue', () => {
    const { unmount } = render(
      <BoardCallNext row={next(new Date(Date.now() + 4 * 60_000 + 30_000).toISOString())} />,
    );
    expect(screen.getByText(/Call next:/)).toHaveTextContent('Call next: Dr. Bo Park, 555-0102');
    expect(screen.getByRole('link', { name: '555-0102' })).toHaveAttribute('href', 'tel:555-0102');
    expect(screen.getByRole('timer', { name: 'Time left to call' })).toHaveTextContent(/^in 4:(29|30)$/);
    unmount();
    render(<BoardCallNext row={next(new Date(Date.now() - 75_000).toISOString())} />);
    expect(screen.getByRole('timer')).toHaveTextContent(/^overdue 1:1[56]$/);
  });

  it('shows nothing without a call to escalate', () => {
    const { container } = render(<BoardCallNext row={{ callNext: null }} />);
    expect(container).toBeEmptyDOMElement();
  });
});
