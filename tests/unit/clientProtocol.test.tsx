import { composeStories } from '@storybook/react-vite';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import preview from '../../.storybook/preview';
import { toHttpError } from '../../src/dataProvider/httpClient';
import * as pageStories from '../../src/resources/clients/ClientShow.stories';
import * as historyStories from '../../src/resources/clients/protocol/RevisionHistory.stories';
import { enterText } from './support/enterText';
import { submitWith } from './support/renderStory';

const { Protocol, ProtocolFirstRevision, TransferProtocol } = composeStories(pageStories, preview);
const { History, OlderRevisionOpened } = composeStories(historyStories, preview);

const REVISIONS = '/continuous-monitoring/clients/1/protocol/revisions';

describe('the protocol tab', () => {
  it('shows the current revision with its rules, contacts by name, and settings', async () => {
    render(<Protocol />);
    expect(await screen.findByText(/Revision 3, saved by ada/)).toBeInTheDocument();
    const rules = within(await screen.findByRole('table', { name: 'Notification rules' }));
    expect(await rules.findByText('Dr. Maya Chen, Sam Ortiz')).toBeInTheDocument();
    expect(rules.getByText('EEG lab desk')).toBeInTheDocument();
    const setting = (label: string) => screen.getByText(label).nextElementSibling;
    expect(setting('Check interval')).toHaveTextContent('30 minutes');
    expect(setting('Impedance limit')).toHaveTextContent('10 kΩ');
    expect(setting('Report turnaround')).toHaveTextContent('24 hours');
  });

  it('saves an edit as a new revision based on the one it was opened on', async () => {
    const user = userEvent.setup();
    const onRequest = vi.fn();
    render(<Protocol onRequest={onRequest} />);
    await user.click(await screen.findByRole('button', { name: 'Edit protocol' }));
    expect(screen.getByText('Editing revision 3; saving adds revision 4.')).toBeInTheDocument();
    const body = screen.getByLabelText(/^Protocol text/);
    await user.clear(body);
    await enterText(user, body, 'Check every 20 minutes.');
    await submitWith(user, 'Save new revision');

    expect(await screen.findByText(/Revision 4, saved by ada/)).toBeInTheDocument();
    expect(screen.getByText('Check every 20 minutes.')).toBeInTheDocument();
    const post = onRequest.mock.calls
      .map(([request]) => request)
      .find((request) => request.method === 'POST');
    expect(post).toMatchObject({
      path: REVISIONS,
      body: {
        kind: 'protocol',
        baseRevision: 3,
        body: 'Check every 20 minutes.',
        checkIntervalMinutes: 30,
        notificationRules: [
          { trigger: 'seizure', notify: [1, 2], withinMinutes: 10 },
          { trigger: 'electrode off', notify: [3], withinMinutes: 30 },
        ],
      },
    });
  });

  it('writes the first revision on base revision 0', async () => {
    const user = userEvent.setup();
    const onRequest = vi.fn();
    render(<ProtocolFirstRevision onRequest={onRequest} />);
    await user.click(await screen.findByRole('button', { name: 'Write the protocol' }));
    await enterText(user, screen.getByLabelText(/^Protocol text/), 'Hourly checks.');
    await user.type(screen.getByLabelText(/^Check interval/), '60');
    await user.type(screen.getByLabelText(/^Report turnaround/), '48');
    await submitWith(user, 'Save new revision');
    expect(await screen.findByText(/Revision 1, saved by ada/)).toBeInTheDocument();
    expect(onRequest).toHaveBeenCalledWith(
      expect.objectContaining({
        method: 'POST',
        body: expect.objectContaining({ baseRevision: 0, impedanceLimitKOhm: 10 }),
      }),
    );
  });

  it('keeps the text and says so when someone saved a revision meanwhile (409)', async () => {
    const user = userEvent.setup();
    const message =
      'The protocol was changed by someone else; reload it, reapply your changes and try again.';
    render(<Protocol failures={{ [`POST ${REVISIONS}`]: toHttpError(409, { error: message }) }} />);
    await user.click(await screen.findByRole('button', { name: 'Edit protocol' }));
    await enterText(user, screen.getByLabelText(/^Protocol text/), ' Also call the unit.');
    await submitWith(user, 'Save new revision');
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect((screen.getByLabelText(/^Protocol text/) as HTMLTextAreaElement).value).toMatch(
      /Also call the unit\.$/,
    );
  });

  it('validates the settings with the contract rules', async () => {
    const user = userEvent.setup();
    render(<Protocol />);
    await user.click(await screen.findByRole('button', { name: 'Edit protocol' }));
    const interval = screen.getByLabelText(/^Check interval/);
    await user.clear(interval);
    await user.type(interval, '240');
    expect(await screen.findByText('Check interval must be between 1 and 120 minutes')).toBeInTheDocument();
  });

  it('hides the editor from the transfer protocol settings: text only', async () => {
    const user = userEvent.setup();
    render(<TransferProtocol />);
    expect(await screen.findByText(/Hand over at 07:00/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit transfer protocol' }));
    expect(screen.getByLabelText(/^Transfer protocol text/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Check interval/)).toBeNull();
  });
});

describe('the protocol history', () => {
  it('lists revisions newest first, 10 a page', async () => {
    render(<History />);
    const history = within(await screen.findByRole('region', { name: 'History' }));
    const links = await history.findAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(
      Array.from({ length: 10 }, (_, index) => `Revision ${14 - index}`),
    );
  });

  it('opens an older revision read-only', async () => {
    const user = userEvent.setup();
    render(<History />);
    const history = within(await screen.findByRole('region', { name: 'History' }));
    await user.click(await history.findByRole('link', { name: 'Revision 12' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Protocol, revision 12 (read-only)' }));
    expect(await dialog.findByText(/Check every 41 minutes/)).toBeInTheDocument();
    expect(dialog.getByText('Check interval').nextElementSibling).toHaveTextContent('41 minutes');
    expect(dialog.queryByRole('textbox')).toBeNull();
  });

  it('opens the revision named in the URL', async () => {
    render(<OlderRevisionOpened />);
    const dialog = within(await screen.findByRole('dialog', { name: 'Protocol, revision 2 (read-only)' }));
    expect(await dialog.findByText(/Check every 31 minutes/)).toBeInTheDocument();
  });
});
