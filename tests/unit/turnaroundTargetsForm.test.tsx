import { composeStories } from '@storybook/react-vite';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import preview from '../../.storybook/preview';
import * as pageStories from '../../src/resources/clients/ClientShow.stories';
import { submitWith } from './support/renderStory';

const { Protocol } = composeStories(pageStories, preview);

const posts = (onRequest: ReturnType<typeof vi.fn>) =>
  onRequest.mock.calls.map(([request]) => request).filter((request) => request.method === 'POST');

async function replace(user: ReturnType<typeof userEvent.setup>, label: string, value: string) {
  const input = screen.getByLabelText(label);
  await user.clear(input);
  if (value) await user.type(input, value);
  return input;
}

/** The protocol's turnaround targets (DESIGN §4 turn 4): minutes per priority, and the preliminary's hours. */
describe('the turnaround targets of the protocol form', () => {
  it('sends the minutes per priority and the preliminary report hours with the new revision', async () => {
    const user = userEvent.setup();
    const onRequest = vi.fn();
    render(<Protocol onRequest={onRequest} />);
    await user.click(await screen.findByRole('button', { name: 'Edit protocol' }));
    await replace(user, 'STAT: order to hookup (minutes) *', '45');
    await replace(user, 'STAT: hookup to first review (minutes) *', '30');
    await replace(user, 'Urgent: order to hookup (minutes) *', '120');
    await replace(user, 'Urgent: hookup to first review (minutes) *', '90');
    await replace(user, 'Routine: order to hookup (minutes) *', '1440');
    await replace(user, 'Routine: hookup to first review (minutes) *', '600');
    await replace(user, 'Report turnaround (hours) *', '6');
    await submitWith(user, 'Save new revision');
    expect(await screen.findByText(/Revision 4, saved by ada/)).toBeInTheDocument();
    expect(posts(onRequest)[0]?.body).toMatchObject({
      reportTurnaroundHours: 6,
      turnaroundTargets: {
        stat: { orderToHookupMinutes: 45, hookupToFirstReviewMinutes: 30 },
        urgent: { orderToHookupMinutes: 120, hookupToFirstReviewMinutes: 90 },
        routine: { orderToHookupMinutes: 1440, hookupToFirstReviewMinutes: 600 },
      },
    });
  });

  it('says what is wrong with each target and sends nothing', async () => {
    const user = userEvent.setup();
    const onRequest = vi.fn();
    render(<Protocol onRequest={onRequest} />);
    await user.click(await screen.findByRole('button', { name: 'Edit protocol' }));
    await replace(user, 'STAT: order to hookup (minutes) *', '0');
    expect(
      await screen.findByText('Order to hookup must be between 1 and 10080 minutes'),
    ).toBeInTheDocument();
    await replace(user, 'Routine: hookup to first review (minutes) *', '20000');
    expect(
      await screen.findByText('Hookup to first review must be between 1 and 10080 minutes'),
    ).toBeInTheDocument();
    await replace(user, 'Report turnaround (hours) *', '200');
    expect(await screen.findByText('Report turnaround must be between 1 and 168 hours')).toBeInTheDocument();
    await submitWith(user, 'Save new revision');
    expect(screen.getByLabelText('STAT: order to hookup (minutes) *')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(posts(onRequest)).toEqual([]);
  });
});
