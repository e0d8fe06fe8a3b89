import { composeStories } from '@storybook/react-vite';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import preview from '../../.storybook/preview';
import { API_PATHS } from '../../contract/paths';
import * as headerStories from '../../src/resources/cases/page/CaseHeader.stories';
import { chooseOption } from './support/chooseOption';
import { enterText } from './support/enterText';
import { submitWith } from './support/renderStory';
import { requestCount, sentRequest } from './support/requests';

const stories = composeStories(headerStories, preview);

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Add order' }));
  return screen.findByRole('dialog', { name: 'Order of case NSG-2026-0002' });
}

describe('the order dialog of the case header', () => {
  it("sends the order typed in the client's zone with the version loaded, and asks for its priority", async () => {
    const user = userEvent.setup();
    const onRequest = vi.fn();
    render(<stories.AddOrder onRequest={onRequest} />);
    const dialog = await openDialog(user);
    fireEvent.change(within(dialog).getByLabelText(/^Ordered at/), { target: { value: '2026-03-10T06:30' } });
    await enterText(user, within(dialog).getByLabelText('Ordered by (physician)'), 'Dr. Ana Reyes');
    await enterText(user, within(dialog).getByLabelText('Placer order number'), 'PO-77812');
    await submitWith(user, 'Save order', dialog);
    expect(await within(dialog).findByText('Choose a priority: stat, urgent or routine')).toBeInTheDocument();
    expect(requestCount(onRequest, 'PATCH', API_PATHS.case(2))).toBe(0);

    await chooseOption(user, within(dialog).getByRole('combobox', { name: 'Priority' }), 'Urgent');
    await submitWith(user, 'Save order', dialog);
    expect(await screen.findByText('Order saved')).toBeInTheDocument();
    expect(onRequest).toHaveBeenCalledWith(
      sentRequest('PATCH', API_PATHS.case(2), {
        version: 1,
        order: {
          // 06:30 EDT in New York, Northside's zone.
          orderedAt: '2026-03-10T10:30:00.000Z',
          priority: 'urgent',
          orderingPhysician: { name: 'Dr. Ana Reyes', phone: '' },
          indication: '',
          placerOrderNumber: 'PO-77812',
        },
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The case now has an order: the button edits it, and the dialog opens with it.
    await user.click(await screen.findByRole('button', { name: 'Edit order' }));
    const again = await screen.findByRole('dialog', { name: 'Order of case NSG-2026-0002' });
    expect(within(again).getByLabelText('Placer order number')).toHaveValue('PO-77812');
    expect(within(again).getByLabelText('Ordered by (physician)')).toHaveValue('Dr. Ana Reyes');
  });

  it("shows the server's refusal (409) in the dialog and reads the case again", async () => {
    const user = userEvent.setup();
    const onRequest = vi.fn();
    render(<stories.OrderChangedMeanwhile onRequest={onRequest} />);
    const dialog = await openDialog(user);
    fireEvent.change(within(dialog).getByLabelText(/^Ordered at/), { target: { value: '2026-03-10T06:30' } });
    await chooseOption(user, within(dialog).getByRole('combobox', { name: 'Priority' }), 'STAT');
    await submitWith(user, 'Save order', dialog);
    expect(
      await within(dialog).findByText(
        'Case NSG-2026-0002 was changed by someone else meanwhile; reload and try again.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(requestCount(onRequest, 'GET', API_PATHS.caseDetails(2))).toBe(2));
    expect(screen.getByRole('dialog', { name: 'Order of case NSG-2026-0002' })).toBeInTheDocument();
  });

  it('is offered to those who may edit cases, not to billing', async () => {
    const { unmount } = render(<stories.BillingCloses />);
    expect(await screen.findByRole('link', { name: 'Print report' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /order$/ })).toBeNull();
    unmount();
    render(<stories.AddOrder />);
    expect(await screen.findByRole('button', { name: 'Add order' })).toBeInTheDocument();
  });
});
