import { composeStories } from '@storybook/react-vite';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import preview from '../../.storybook/preview';
import * as pageStories from '../../src/resources/clients/ClientShow.stories';
import { enterText } from './support/enterText';
import { submitWith } from './support/renderStory';
import { tableShowing } from './support/tables';

const {
  ContactCreate,
  ContactCreateForReader,
  ContactCreateServerError,
  Contacts,
  UsefulLinks,
  UsefulLinkCreate,
} = composeStories(pageStories, preview);

describe('adding a contact', () => {
  it('validates the email as the user types', async () => {
    const user = userEvent.setup();
    render(<ContactCreate />);
    await user.type(await screen.findByLabelText(/^Email/), 'maya@');
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    await enterText(user, screen.getByLabelText(/^Email/), 'northside.example');
    await waitFor(() => expect(screen.queryByText('Enter a valid email address')).toBeNull());
  });

  it("shows the server's field error under the field and stays on the page", async () => {
    const user = userEvent.setup();
    render(<ContactCreateServerError />);
    await user.type(await screen.findByLabelText(/^Name/), 'Pat Lee');
    await enterText(user, screen.getByLabelText(/^Email/), 'pat@northside.example');
    await submitWith(user, 'Save');
    expect(await screen.findByText('This address bounced last week; use another one')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Pat Lee');
  });

  it('saves and goes back to the contacts tab, where the contact is listed', async () => {
    const user = userEvent.setup();
    const onRequest = vi.fn();
    render(<ContactCreate onRequest={onRequest} />);
    await user.type(await screen.findByLabelText(/^Name/), 'Pat Lee');
    const order = screen.getByLabelText(/^Escalation order/);
    await user.clear(order);
    await user.type(order, '4');
    await submitWith(user, 'Save');
    expect(await screen.findByRole('tab', { name: 'Contacts', selected: true })).toBeInTheDocument();
    expect(await screen.findByText('Pat Lee')).toBeInTheDocument();
    expect(onRequest).toHaveBeenCalledWith(
      expect.objectContaining({
        method: 'POST',
        path: '/continuous-monitoring/clients/1/contacts',
        body: expect.objectContaining({ name: 'Pat Lee', escalationOrder: 4 }),
      }),
    );
  });

  it('never shows its form to a role that may not add contacts, not even while access is checked', async () => {
    let formShown = false;
    const watcher = new MutationObserver(() => {
      if (screen.queryByRole('heading', { name: 'Add contact' })) formShown = true;
    });
    watcher.observe(document.body, { childList: true, subtree: true });
    try {
      render(<ContactCreateForReader />);
      expect(await screen.findByRole('heading', { level: 1, name: 'Unauthorized' })).toBeInTheDocument();
    } finally {
      watcher.disconnect();
    }
    expect(formShown).toBe(false);
  });

  it('is reached from the contacts tab', async () => {
    render(<Contacts />);
    expect(await screen.findByRole('link', { name: 'Add contact' })).toHaveAttribute(
      'href',
      '/continuous-monitoring/clients/1/contacts/create',
    );
  });
});

describe('useful links', () => {
  it('open in a new tab without handing the app to the other site', async () => {
    render(<UsefulLinks />);
    const link = await screen.findByRole('link', { name: 'EEG order set' });
    expect(link).toHaveAttribute('href', 'https://intranet.northside.example/eeg-orders');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('accept only http and https URLs', async () => {
    const user = userEvent.setup();
    render(<UsefulLinkCreate />);
    await enterText(user, await screen.findByLabelText(/^URL/), 'ftp://files.example');
    expect(await screen.findByText('URL must start with http:// or https://')).toBeInTheDocument();
  });

  it('are listed after they are added', async () => {
    const user = userEvent.setup();
    render(<UsefulLinkCreate />);
    await enterText(user, await screen.findByLabelText(/^Label/), 'Night rota');
    await enterText(user, screen.getByLabelText(/^URL/), 'https://rota.northside.example');
    await submitWith(user, 'Save');
    const table = within(await tableShowing('Night rota'));
    expect(table.getByRole('link', { name: 'Night rota' })).toBeInTheDocument();
  });
});
