import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_PATHS } from '../../contract/paths';
import type { FakeRequest } from '../support/fakeApiRules';
import { buildAttentionItem, buildCallDueItem, fakeAttentionApi } from '../support/fakeAttentionApi';
import { billingSeed, fakeBillingHandler } from '../support/fakeBillingApi';
import { fakeChanges } from '../support/fakeChanges';
import { fakeHomeHandler, homeAs } from '../support/fakeHomeApi';
import { fakeReportsHandler } from '../support/fakeReportsApi';
import { HandlersHarness } from '../support/HandlersHarness';
import { requestCount } from './support/requests';

const overdue = buildAttentionItem();
const callDue = buildCallDueItem();

/** The home of a technologist (priya) with these attention items, following `changes`. */
function renderHome(items = [overdue, callDue]) {
  const { user, chrome, seed } = homeAs('technologist');
  const attention = fakeAttentionApi(items);
  const changes = fakeChanges();
  const onRequest = vi.fn<(request: FakeRequest) => void>();
  const handlers = [
    fakeHomeHandler(seed),
    fakeReportsHandler(),
    fakeBillingHandler(billingSeed),
    attention.handler,
  ];
  render(
    <HandlersHarness
      path="/"
      user={user}
      chrome={chrome}
      handlers={handlers}
      changes={changes.connect}
      onRequest={onRequest}
    />,
  );
  return { attention, changes, onRequest };
}

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('the attention badge', () => {
  it('counts the open items and lists each case with what is due and a link to it', async () => {
    const user = userEvent.setup();
    renderHome();
    await user.click(await screen.findByRole('button', { name: '2 items need attention' }));
    const overdueItem = await screen.findByRole('listitem', { name: 'BMH-2026-0101: Check overdue' });
    expect(within(overdueItem).getByRole('link', { name: 'BMH-2026-0101' })).toHaveAttribute(
      'href',
      expect.stringContaining('/monitoring/101/details'),
    );
    const callItem = screen.getByRole('listitem', { name: 'BMH-2026-0102: Notification due' });
    expect(within(callItem).getByRole('timer')).toHaveTextContent(/^in (19|20):\d\d$/);
  });

  it('drops an item once acknowledged, telling the server', async () => {
    const user = userEvent.setup();
    const { onRequest } = renderHome();
    await user.click(await screen.findByRole('button', { name: '2 items need attention' }));
    const item = await screen.findByRole('listitem', { name: 'BMH-2026-0101: Check overdue' });
    await user.click(within(item).getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(item).not.toBeInTheDocument());
    // The list stays open over the app bar.
    expect(
      await screen.findByRole('button', { name: '1 item needs attention', hidden: true }),
    ).toBeInTheDocument();
    expect(onRequest).toHaveBeenCalledWith(
      expect.objectContaining({
        method: 'POST',
        path: API_PATHS.attentionAcknowledgements,
        body: { key: overdue.key },
      }),
    );
  });

  it('drops an item acknowledged on another device when the stream says so', async () => {
    const { attention, changes, onRequest } = renderHome();
    await screen.findByRole('button', { name: '2 items need attention' });
    await waitFor(() => expect(changes.isConnected()).toBe(true));
    attention.items.splice(0, 1);
    act(() => {
      changes.open();
      changes.send({ kind: 'attention', caseId: overdue.caseId, username: 'priya' });
    });
    expect(await screen.findByRole('button', { name: '1 item needs attention' })).toBeInTheDocument();
    expect(requestCount(onRequest, 'GET', API_PATHS.attention)).toBe(2);
  });

  it('reads the items again when one’s time comes with no write', async () => {
    const { attention, changes } = renderHome([]);
    await screen.findByRole('button', { name: '0 items need attention' });
    await waitFor(() => expect(changes.isConnected()).toBe(true));
    attention.items.push(overdue);
    act(() => {
      changes.open();
      changes.attentionCame();
    });
    expect(await screen.findByRole('button', { name: '1 item needs attention' })).toBeInTheDocument();
  });

  it('tells of a new item by a browser notification naming the case and what is due, as the user chose', async () => {
    const shown: { title: string; body?: string }[] = [];
    vi.stubGlobal(
      'Notification',
      class {
        static permission = 'granted';
        constructor(title: string, options?: NotificationOptions) {
          shown.push({ title, body: options?.body });
        }
      },
    );
    localStorage.setItem('vigil.attention.priya', JSON.stringify({ notify: true, sound: false }));
    const { attention, changes } = renderHome([overdue]);
    await screen.findByRole('button', { name: '1 item needs attention' });
    await waitFor(() => expect(changes.isConnected()).toBe(true));
    // Items open when the page loads are counted, not announced.
    expect(shown).toEqual([]);
    attention.items.push(callDue);
    act(() => {
      changes.open();
      changes.send({ kind: 'cases', caseId: 102, clientId: 1 });
    });
    await waitFor(() => expect(shown).toEqual([{ title: 'Vigil', body: 'BMH-2026-0102: Notification due' }]));
  });

  it('stays silent for a new item when the user left notifications off', async () => {
    const constructed = vi.fn();
    vi.stubGlobal(
      'Notification',
      class {
        static permission = 'granted';
        constructor() {
          constructed();
        }
      },
    );
    const { attention, changes } = renderHome([overdue]);
    await screen.findByRole('button', { name: '1 item needs attention' });
    await waitFor(() => expect(changes.isConnected()).toBe(true));
    attention.items.push(callDue);
    act(() => {
      changes.open();
      changes.send({ kind: 'cases', caseId: 102, clientId: 1 });
    });
    expect(await screen.findByRole('button', { name: '2 items need attention' })).toBeInTheDocument();
    expect(constructed).not.toHaveBeenCalled();
  });
});
