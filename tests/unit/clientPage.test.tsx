import { composeStories } from '@storybook/react-vite';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import preview from '../../.storybook/preview';
import { toHttpError } from '../../src/dataProvider/httpClient';
import * as pageStories from '../../src/resources/clients/ClientShow.stories';
import { enterText } from './support/enterText';
import { submitWith } from './support/renderStory';

const stories = composeStories(pageStories, preview);

const CLIENT = '/continuous-monitoring/clients/1';

describe('tabs', () => {
  it('opens /clients/{id} on the details tab', async () => {
    render(<stories.Details />);
    expect(await screen.findByRole('tab', { name: 'Details', selected: true })).toBeInTheDocument();
    expect(await screen.findByDisplayValue('Northside General Hospital')).toBeInTheDocument();
  });

  it('selects the tab named in the URL and links every tab to its own URL', async () => {
    render(<stories.Contacts />);
    expect(await screen.findByRole('tab', { name: 'Contacts', selected: true })).toBeInTheDocument();
    expect(await screen.findByText('Sam Ortiz')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Useful links' })).toHaveAttribute(
      'href',
      `${CLIENT}/useful-links`,
    );
    expect(screen.getByRole('tab', { name: 'Transfer protocol' })).toHaveAttribute(
      'href',
      `${CLIENT}/transfer-protocol`,
    );
  });

  it('switches tabs by URL', async () => {
    const user = userEvent.setup();
    render(<stories.Contacts />);
    await user.click(await screen.findByRole('tab', { name: 'Cases' }));
    expect(await screen.findByRole('tab', { name: 'Cases', selected: true })).toBeInTheDocument();
    expect(await screen.findByText('NSG-2026-0002')).toBeInTheDocument();
  });

  it('shows Page Not Found for an unknown tab', async () => {
    render(<stories.Details path={`${CLIENT}/billing-notes`} />);
    expect(await screen.findByRole('heading', { name: 'Page Not Found', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(`${CLIENT}/billing-notes`)).toBeInTheDocument();
  });

  it("lists the client's cases, newest first, each linking to its case page", async () => {
    render(<stories.Cases />);
    const closed = await screen.findByRole('link', { name: 'NSG-2026-0002' });
    expect(closed).toHaveAttribute('href', '/continuous-monitoring/cases/closed/2/details');
    const row = closed.closest('tr') as HTMLElement;
    expect(within(row).getByText('Closed')).toBeInTheDocument();
    expect(within(row).getByText('Berg, Ingrid')).toBeInTheDocument();
    const numbers = [...document.querySelectorAll('tbody td.column-caseNumber a')].map(
      (link) => link.textContent,
    );
    expect(numbers).toEqual([
      'NSG-2026-0013',
      'NSG-2026-0009',
      'NSG-2026-0008',
      'NSG-2026-0007',
      'NSG-2026-0005',
      'NSG-2026-0002',
      'NSG-2026-0001',
    ]);
    expect(screen.getByRole('link', { name: 'NSG-2026-0013' })).toHaveAttribute(
      'href',
      '/continuous-monitoring/cases/intake/13/details',
    );
  });

  it('says when a client has no cases yet', async () => {
    render(<stories.CasesEmpty />);
    expect(await screen.findByText('No cases for this client yet')).toBeInTheDocument();
  });
});

describe('details', () => {
  it('keeps the input and notifies when someone else saved the client first (409)', async () => {
    const user = userEvent.setup();
    const message = 'This client was changed by someone else; reload and try again.';
    render(<stories.Details failures={{ [`PUT ${CLIENT}`]: toHttpError(409, { error: message }) }} />);
    const name = await screen.findByDisplayValue('Northside General Hospital');
    await user.clear(name);
    await enterText(user, name, 'Northside General');
    await submitWith(user, 'Save');
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Northside General');
  });

  it("shows the server's field errors under the fields (400)", async () => {
    const user = userEvent.setup();
    const fields = [{ field: 'code', message: 'Code NSG is already used by another client' }];
    render(
      <stories.Details
        failures={{ [`PUT ${CLIENT}`]: toHttpError(400, { error: 'Invalid code', fields }) }}
      />,
    );
    await user.type(await screen.findByLabelText(/^Phone/), '1');
    await submitWith(user, 'Save');
    expect(await screen.findByText('Code NSG is already used by another client')).toBeInTheDocument();
  });

  it('validates as the user types, with the contract messages, and uppercases the code', async () => {
    const user = userEvent.setup();
    render(<stories.Details />);
    const code = await screen.findByDisplayValue('NSG');
    await user.clear(code);
    await user.type(code, 'ns g');
    expect(code).toHaveValue('NS G');
    expect(
      await screen.findByText('Code may contain only letters, digits and dashes (A–Z, 0–9, -)'),
    ).toBeInTheDocument();
    // Only a–z are upper-cased: 'ß' would become 'SS', so it stays and is refused.
    await user.clear(code);
    await user.type(code, 'straße');
    expect(code).toHaveValue('STRAßE');
    expect(
      await screen.findByText('Code may contain only letters, digits and dashes (A–Z, 0–9, -)'),
    ).toBeInTheDocument();
  });

  it('saves with the version it loaded', async () => {
    const user = userEvent.setup();
    const onRequest = vi.fn();
    render(<stories.Details onRequest={onRequest} />);
    await user.type(await screen.findByLabelText(/^Phone/), '9');
    await submitWith(user, 'Save');
    expect(await screen.findByText(/updated/i)).toBeInTheDocument();
    expect(onRequest).toHaveBeenCalledWith(
      expect.objectContaining({
        method: 'PUT',
        path: CLIENT,
        body: expect.objectContaining({ phone: '+1 617 555 01009', version: 1 }),
      }),
    );
  });
});

describe('for those who may only read clients', () => {
  it('shows the details without inputs, Save or Delete', async () => {
    render(<stories.DetailsReadOnly />);
    expect(await screen.findByText('America/New_York')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('lists contacts without Add contact or an edit dialog', async () => {
    const user = userEvent.setup();
    render(<stories.ContactsReadOnly />);
    await user.click(await screen.findByText('Sam Ortiz'));
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add contact' })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the protocol without the editor', async () => {
    render(<stories.ProtocolReadOnly />);
    expect(await screen.findByText(/Revision 3, saved by ada/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit protocol' })).toBeNull();
  });

  it('sends them from the create page to /unauthorized', async () => {
    render(<stories.DetailsReadOnly path="/continuous-monitoring/clients/create" />);
    expect(await screen.findByText(/Your account has no access to this page/)).toBeInTheDocument();
  });
});

describe('for an admin', () => {
  it('offers Save and Delete (with confirmation) on the details tab', async () => {
    const user = userEvent.setup();
    render(<stories.Details />);
    expect(await screen.findByRole('button', { name: 'Save' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Delete Northside General Hospital?')).toBeInTheDocument();
  });

  it('edits a contact in a dialog', async () => {
    const user = userEvent.setup();
    render(<stories.Contacts />);
    await user.click(await screen.findByText('Sam Ortiz'));
    const dialog = await screen.findByRole('dialog', { name: 'Edit contact' });
    const role = await within(dialog).findByDisplayValue('Charge nurse, Neuro ICU');
    await user.clear(role);
    await enterText(user, role, 'Night charge nurse');
    await submitWith(user, 'Save', dialog);
    expect(await screen.findByText('Night charge nurse')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
