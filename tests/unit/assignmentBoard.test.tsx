import { composeStories } from '@storybook/react-vite';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import preview from '../../.storybook/preview';
import { API_PATHS } from '../../contract/paths';
import { toHttpError } from '../../src/dataProvider/httpClient';
import * as boardStories from '../../src/resources/cases/assignments/AssignmentBoard.stories';
import type { FakeRequest } from '../support/fakeApiRules';

const { Board, Failed, ReadOnly } = composeStories(boardStories, preview);

const column = async (name: string) => within(await screen.findByRole('region', { name }));
type Column = Awaited<ReturnType<typeof column>>;
const cardsIn = async (name: string) =>
  (await column(name)).queryAllByRole('article').map((card) => card.getAttribute('aria-label'));

/** The board for a technologist, recording what it sends. */
function renderBoard() {
  const onRequest = vi.fn();
  const user = userEvent.setup();
  render(<Board onRequest={onRequest} />);
  return { onRequest, user };
}

/** Opens a card's reassign menu (in `where`, a column, when the case is in several) and picks `item`. */
async function reassign(
  user: UserEvent,
  caseNumber: string,
  item: string,
  where: typeof screen | Column = screen,
) {
  await user.click(await where.findByRole('button', { name: `Reassign ${caseNumber}` }));
  await user.click(await screen.findByRole('menuitem', { name: item }));
}

/** How many times the board asked for its active cases (not a technologist's own set). */
const boardReads = (onRequest: ReturnType<typeof vi.fn>) =>
  onRequest.mock.calls.filter(
    ([{ method, path, query }]) =>
      method === 'GET' && path === API_PATHS.caseAssignments && !query.technologist,
  ).length;

const puts = (onRequest: ReturnType<typeof vi.fn>) =>
  onRequest.mock.calls
    .map(([request]) => request as FakeRequest)
    .filter(({ method }) => method === 'PUT')
    .map(({ path, body }) => ({ path, body }));

describe('the assignments board', () => {
  it("shows each technologist's active cases and load against the limits, and the unassigned cases", async () => {
    render(<Board />);
    const priya = await column('Priya Raman');
    // The combined load of DESIGN §4: a continuous case weighs 3, an intermittent one 1, at most 12.
    expect(await priya.findByText('Load 12/12')).toBeInTheDocument();
    expect(priya.getByText('Full')).toBeInTheDocument();
    expect(priya.getByText('Continuous 4 · Intermittent 0 · Unmonitored 0')).toBeInTheDocument();
    expect(await cardsIn('Priya Raman')).toEqual([
      'BMH-2026-0030',
      'NSG-2026-0007',
      'NSG-2026-0008',
      'NSG-2026-0009',
    ]);
    const marcus = await column('Marcus Bell');
    expect(marcus.getByText('Load 5/12')).toBeInTheDocument();
    expect(marcus.getByText('Continuous 1 · Intermittent 2 · Unmonitored 0')).toBeInTheDocument();
    expect(marcus.queryByText('Full')).toBeNull();
    expect(await cardsIn('Unassigned')).toEqual(['BMH-2026-0041', 'NSG-2026-0013']);
    expect((await column('Omar Haddad')).getByText('No active case')).toBeInTheDocument();
    expect(priya.getByRole('link', { name: 'NSG-2026-0007' })).toHaveAttribute(
      'href',
      '/continuous-monitoring/cases/monitoring/5/details',
    );
  });

  it("assigns an unassigned case: that technologist's whole set, plus the case", async () => {
    const { onRequest, user } = renderBoard();
    await reassign(user, 'NSG-2026-0013', 'Assign to Marcus Bell');
    expect(await screen.findByText('NSG-2026-0013 assigned to Marcus Bell')).toBeInTheDocument();
    expect(puts(onRequest)).toEqual([
      { path: '/users/marcus/continuous-monitoring/cases', body: { caseIds: [9, 7, 12, 13] } },
    ]);
    await waitFor(async () => expect(await cardsIn('Marcus Bell')).toContain('NSG-2026-0013'));
    expect(await cardsIn('Unassigned')).toEqual(['BMH-2026-0041']);
    expect((await column('Marcus Bell')).getByText('Load 8/12')).toBeInTheDocument();
  });

  it('shows the 409 of a technologist at the limit, and leaves the board as it was', async () => {
    const { onRequest, user } = renderBoard();
    await reassign(user, 'NSG-2026-0013', 'Assign to Priya Raman');
    expect(
      await screen.findByText(
        'Priya Raman would hold 5 continuous cases, a load of 15; the limit is 12 (a continuous case weighs 3, an intermittent one 1)',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(boardReads(onRequest)).toBe(2)); // refetched after the refusal
    expect(await cardsIn('Unassigned')).toEqual(['BMH-2026-0041', 'NSG-2026-0013']);
    expect((await column('Priya Raman')).getByText('Load 12/12')).toBeInTheDocument();
  });

  it('moves a case from the keyboard: adds it to the new set, then removes it from the old one', async () => {
    const { onRequest, user } = renderBoard();
    const priya = await column('Priya Raman');
    priya.getByRole('button', { name: 'Reassign NSG-2026-0009' }).focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    const items = within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    expect(items).toEqual([
      'Move to Lena Okonkwo',
      'Move to Omar Haddad',
      'Also assign Lena Okonkwo',
      'Also assign Omar Haddad',
      'Remove from Priya Raman',
    ]);
    await waitFor(() =>
      expect(within(menu).getByRole('menuitem', { name: 'Move to Lena Okonkwo' })).toHaveFocus(),
    );
    await user.keyboard('{Enter}');
    expect(
      await screen.findByText('NSG-2026-0009 moved from Priya Raman to Lena Okonkwo'),
    ).toBeInTheDocument();
    expect(puts(onRequest)).toEqual([
      { path: '/users/lena/continuous-monitoring/cases', body: { caseIds: [10, 7] } },
      { path: '/users/priya/continuous-monitoring/cases', body: { caseIds: [8, 5, 6] } },
    ]);
    await waitFor(async () =>
      expect(await cardsIn('Priya Raman')).toEqual(['BMH-2026-0030', 'NSG-2026-0007', 'NSG-2026-0008']),
    );
    expect(await cardsIn('Lena Okonkwo')).toEqual(['NSG-2026-0009', 'SAC-2026-0004']);
    expect((await column('Priya Raman')).getByText('Load 9/12')).toBeInTheDocument();
  });

  it('removes a technologist from a case', async () => {
    const { onRequest, user } = renderBoard();
    await reassign(user, 'NSG-2026-0009', 'Remove from Marcus Bell', await column('Marcus Bell'));
    expect(await screen.findByText('NSG-2026-0009 removed from Marcus Bell')).toBeInTheDocument();
    expect(puts(onRequest)).toEqual([
      { path: '/users/marcus/continuous-monitoring/cases', body: { caseIds: [9, 12] } },
    ]);
  });

  it('shows no reassign control to a reader', async () => {
    render(<ReadOnly />);
    expect(await cardsIn('Priya Raman')).toHaveLength(4);
    expect(screen.queryByRole('button', { name: /^Reassign/ })).toBeNull();
  });

  it('shows a failed read of the active cases with Try again, never columns saying there is no case', async () => {
    const onRequest = vi.fn();
    const user = userEvent.setup();
    render(<Failed onRequest={onRequest} />);
    expect(
      await screen.findByText('The active cases could not be read: The database is not reachable'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Assignments' })).toBeInTheDocument();
    expect(screen.queryByText('No active case')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Unassigned' })).toBeNull();
    expect(boardReads(onRequest)).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(boardReads(onRequest)).toBe(2));
    expect(screen.queryByText('No active case')).toBeNull();
  });

  it('shows a failed read of the technologists instead of a board with only the unassigned cases', async () => {
    const failures = { [`GET ${API_PATHS.technologists}`]: toHttpError(403, { error: 'Not allowed' }) };
    render(<Board failures={failures} />);
    expect(await screen.findByText('The active cases could not be read: Not allowed')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Unassigned' })).toBeNull();
    expect(screen.queryByRole('article')).toBeNull();
  });
});
