import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { apiErrors } from '../../src/dataProvider';
import { AppHarness } from '../support/AppHarness';
import { menuForRole } from '../support/fakeApi';

afterEach(() => apiErrors.clear());

const errorsButton = (name: RegExp | string) => screen.findByRole('button', { name });

describe('the recent errors in the app bar (spec §8 shared error list)', () => {
  it('counts the new errors, lists them newest first with time, status and message, and clears them', async () => {
    const user = userEvent.setup();
    render(<AppHarness chrome={menuForRole('admin')} />);
    await errorsButton('Recent errors');
    act(() => {
      apiErrors.push('Invalid client', 400, new Date('2026-03-14T08:00:05'));
      apiErrors.push('Case 12 was changed by someone else meanwhile', 409, new Date('2026-03-14T08:01:10'));
    });
    await user.click(await errorsButton('Recent errors: 2 new'));
    const panel = await screen.findByRole('dialog', { name: 'Recent errors' });
    const items = within(within(panel).getByRole('list')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/8:01:10.*409Case 12 was changed by someone else meanwhile$/),
      expect.stringMatching(/8:00:05.*400Invalid client$/),
    ]);

    await user.keyboard('{Escape}');
    expect(await errorsButton('Recent errors')).toBeInTheDocument();
    act(() => apiErrors.push('Access denied', 403));
    await user.click(await errorsButton('Recent errors: 1 new'));
    const again = await screen.findByRole('dialog', { name: 'Recent errors' });
    expect(within(again).getAllByRole('listitem')).toHaveLength(3);

    await user.click(within(again).getByRole('button', { name: 'Clear' }));
    expect(await within(again).findByText('No errors since you signed in.')).toBeInTheDocument();
    expect(apiErrors.list()).toEqual([]);
  });

  it('keeps the latest 50 only', () => {
    for (let index = 1; index <= 60; index += 1) apiErrors.push(`Error ${index}`, 500);
    const kept = apiErrors.list();
    expect(kept).toHaveLength(50);
    expect([kept[0]?.message, kept.at(-1)?.message]).toEqual(['Error 11', 'Error 60']);
  });

  it('shows none when none came', async () => {
    const user = userEvent.setup();
    render(<AppHarness chrome={menuForRole('admin')} />);
    await user.click(await errorsButton('Recent errors'));
    expect(await screen.findByText('No errors since you signed in.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Clear' })).toBeNull());
  });
});
