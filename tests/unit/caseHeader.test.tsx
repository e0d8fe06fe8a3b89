import { composeStories } from '@storybook/react-vite';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import preview from '../../.storybook/preview';
import { API_PATHS } from '../../contract/paths';
import * as headerStories from '../../src/resources/cases/page/CaseHeader.stories';
import { NextReportFlag } from '../../src/resources/cases/page/NextReportFlag';
import { enterText } from './support/enterText';
import { requestCount, sentRequest } from './support/requests';

const stories = composeStories(headerStories, preview);

const moves = async () => screen.findByRole('region', { name: 'Stage changes' });
describe('the stage changes in the case header', () => {
  it('disables a move whose guards are unmet and says, next to it, what is missing', async () => {
    render(<stories.MoveBlocked />);
    const move = within(await moves()).getByRole('button', { name: 'Move to monitoring' });
    expect(move).toBeDisabled();
    expect(move).toHaveAccessibleDescription(/Set the recording start time/);
    expect(screen.getByText('Assign at least one technologist')).toBeVisible();
    // Each points at the tab that puts it right.
    const patient = screen.getByRole('link', {
      name: 'Patient details are incomplete: MRN, first name, last name, date of birth, sex',
    });
    expect(patient.getAttribute('href')).toMatch(/\/continuous-monitoring\/cases\/intake\/\d+\/patient$/);
    expect(
      screen.getByRole('link', { name: 'Assign at least one technologist' }).getAttribute('href'),
    ).toMatch(/\/details$/);
  });

  it('posts the move with the version it loaded and follows the case to its new stage', async () => {
    const user = userEvent.setup();
    const onRequest = vi.fn();
    render(<stories.MoveAllowed onRequest={onRequest} />);
    const move = within(await moves()).getByRole('button', { name: 'Move to monitoring' });
    expect(move).toBeEnabled();
    await user.click(move);
    expect(await screen.findByText('Case NSG-2026-0002 moved to monitoring')).toBeInTheDocument();
    expect(onRequest).toHaveBeenCalledWith(
      sentRequest('POST', API_PATHS.caseTransitions(2), { to: 'monitoring', reason: '', version: 1 }),
    );
    // The URL now names the case's new stage, with the same tab.
    expect(await screen.findByRole('link', { name: 'monitoring' })).toHaveAttribute(
      'href',
      API_PATHS.caseStage('monitoring'),
    );
    expect(screen.getByRole('tab', { name: 'Activity', selected: true })).toBeInTheDocument();
    expect(await within(await moves()).findByRole('button', { name: 'Move to preview' })).toBeDisabled();
  });

  it('asks for a reason before cancelling, and refuses an empty one', async () => {
    const user = userEvent.setup();
    const onRequest = vi.fn();
    render(<stories.CancelAsksForReason onRequest={onRequest} />);
    await user.click(within(await moves()).getByRole('button', { name: 'Cancel case' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel case: NSG-2026-0002' });
    const reason = within(dialog).getByRole('textbox', { name: /Reason/ });
    expect(reason).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel case' }));
    expect(within(dialog).getByText('A reason is required')).toBeInTheDocument();
    await user.type(reason, '   ');
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(within(dialog).getByText('A reason is required')).toBeInTheDocument();
    expect(onRequest).not.toHaveBeenCalledWith(expect.objectContaining({ method: 'POST' }));

    // Enter alone starts a new line; only Ctrl+Enter sends.
    await enterText(user, reason, 'Ordered twice;');
    await user.keyboard('{Enter}');
    await user.paste('duplicate of NSG-2026-0003');
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(await screen.findByText('Case NSG-2026-0002 cancelled')).toBeInTheDocument();
    expect(onRequest).toHaveBeenCalledWith(
      sentRequest('POST', API_PATHS.caseTransitions(2), {
        to: 'closed',
        reason: 'Ordered twice;\nduplicate of NSG-2026-0003',
        version: 1,
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText(/Cancelled: Intake → Closed/)).toBeInTheDocument();
  });

  it('leaves the case as it is when the reason dialog is closed with Back or Escape', async () => {
    const user = userEvent.setup();
    const onRequest = vi.fn();
    render(<stories.ReopenClosedCase onRequest={onRequest} />);
    const reopen = within(await moves()).getByRole('button', { name: 'Reopen to reviewed' });
    await user.click(reopen);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(reopen);
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onRequest).not.toHaveBeenCalledWith(expect.objectContaining({ method: 'POST' }));
  });

  it("shows the server's refusal (409) and reads the case again", async () => {
    const user = userEvent.setup();
    const onRequest = vi.fn();
    render(<stories.ChangedMeanwhile onRequest={onRequest} />);
    await user.click(within(await moves()).getByRole('button', { name: 'Move to monitoring' }));
    expect(
      await screen.findByText(
        'Case NSG-2026-0002 was changed by someone else meanwhile; reload and try again.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(requestCount(onRequest, 'GET', API_PATHS.caseDetails(2))).toBe(2));
    expect(screen.getByRole('tab', { name: 'Activity', selected: true })).toHaveAttribute(
      'href',
      '/continuous-monitoring/cases/intake/2/activity',
    );
  });

  it('offers billing the close of a reviewed case, and nothing on a monitoring case', async () => {
    const { unmount } = render(<stories.BillingCloses />);
    expect(within(await moves()).getByRole('button', { name: 'Move to closed' })).toBeEnabled();
    unmount();
    render(<stories.NoMoves />);
    expect(await screen.findByRole('heading', { name: 'Case NSG-2026-0001', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Stage changes' })).toBeNull();
  });

  it('asks billing to confirm before closing: Cancel sends nothing, Close case closes it', async () => {
    const user = userEvent.setup();
    const onRequest = vi.fn();
    render(<stories.BillingCloses onRequest={onRequest} />);
    const close = within(await moves()).getByRole('button', { name: 'Move to closed' });
    await user.click(close);
    const dialog = await screen.findByRole('dialog', { name: /^Close case NSG-2026-\d{4}\?$/ });
    expect(dialog).toHaveTextContent('read-only');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const path = (request: { path: string }) => request.path.endsWith('/transitions');
    expect(onRequest.mock.calls.filter(([request]) => path(request))).toHaveLength(0);

    await user.click(close);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onRequest.mock.calls.filter(([request]) => path(request))).toHaveLength(0);

    await user.click(close);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close case' }));
    await waitFor(() =>
      expect(onRequest).toHaveBeenCalledWith(
        expect.objectContaining({ method: 'POST', body: expect.objectContaining({ to: 'closed' }) }),
      ),
    );
  });
});

describe('the next report due in the case header', () => {
  const client = { id: 1, name: 'Bayside Memorial Hospital', code: 'BMH', timeZone: 'America/New_York' };
  const daily = {
    kind: 'daily' as const,
    periodStart: '2026-11-23T05:00:00.000Z',
    periodEnd: '2026-11-24T05:00:00.000Z',
    dueBy: '2026-11-24T14:00:00.000Z',
    overdue: false,
    unbilled: true,
  };

  it("names the kind and the due time in the client's zone, and says overdue once past, in a neutral colour", () => {
    vi.useFakeTimers({
      toFake: ['setInterval', 'clearInterval', 'Date'],
      now: Date.parse('2026-11-24T13:59:00Z'),
    });
    try {
      render(<NextReportFlag details={{ client, nextReport: daily }} />);
      const flag = screen.getByText('Next report: daily, due Nov 24, 2026, 09:00 EST');
      expect(flag.closest('.MuiChip-colorError')).toBeNull();
      act(() => vi.advanceTimersByTime(90_000));
      const overdue = screen.getByText('Next report: daily, due Nov 24, 2026, 09:00 EST — overdue');
      // The reader's to catch up on, not an alarm: red is for a technologist's overdue check.
      expect(overdue.closest('.MuiChip-colorError')).toBeNull();
      expect(overdue.closest('.MuiChip-colorDefault')).not.toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows nothing when no report is owed', () => {
    const { container } = render(<NextReportFlag details={{ client, nextReport: null }} />);
    expect(container).toBeEmptyDOMElement();
  });
});
