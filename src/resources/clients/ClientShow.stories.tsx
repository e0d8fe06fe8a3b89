import type { Meta, StoryObj } from '@storybook/react-vite';
import { AppHarness } from '@test-support/AppHarness';
import { noCases, serviceCases } from '@test-support/caseFixtures';
import { bareClient, clientWithRecords, userWithRole } from '@test-support/clientFixtures';
import { menuForRole } from '@test-support/fakeApi';
import { expectPageLoading, expectReadFailed } from '@test-support/storyStates';
import { expect, fn } from 'storybook/test';
import { API_PATHS } from '../../../contract/paths';
import { toHttpError } from '../../dataProvider/httpClient';

/** A client's page, one story per tab (`/continuous-monitoring/clients/1/{tab}`), over the fake API. */
const meta = {
  title: 'Clients/Client page',
  component: AppHarness,
  parameters: { layout: 'fullscreen' },
  args: {
    chrome: menuForRole('admin'),
    clientsData: clientWithRecords,
    casesData: serviceCases,
    path: '/continuous-monitoring/clients/1',
  },
} satisfies Meta<typeof AppHarness>;
export default meta;

type Story = StoryObj<typeof meta>;

const tab = (name: string) => `/continuous-monitoring/clients/1/${name}`;
const reader = { chrome: menuForRole('reader'), user: userWithRole('reader') };

const READ_CLIENT = `GET ${API_PATHS.client(1)}`;

/** The client while it is read: react-admin's page spinner, no header or tabs yet. */
export const Loading: Story = {
  args: { path: tab('details'), pending: [READ_CLIENT], onRequest: fn() },
  parameters: { stillLoading: true },
  play: async ({ args, canvas }) => {
    await expectPageLoading(canvas, args.onRequest, API_PATHS.client(1));
    await expect(canvas.queryByRole('tablist')).toBeNull();
  },
};

/** The client could not be read: the server's reason and a way to ask again, on the page. */
export const Failed: Story = {
  args: {
    path: tab('details'),
    failures: { [READ_CLIENT]: toHttpError(503, { error: 'The database is not reachable' }) },
  },
  play: ({ canvas }) =>
    expectReadFailed(canvas, 'The client could not be read: The database is not reachable'),
};

/** `/clients/1` alone opens the details tab: the client form with Save and Delete. */
export const Details: Story = {};

/** Someone who may only read clients sees the details without inputs or buttons. */
export const DetailsReadOnly: Story = { args: { ...reader, path: tab('details') } };

export const Protocol: Story = { args: { path: tab('protocol') } };

export const ProtocolReadOnly: Story = { args: { ...reader, path: tab('protocol') } };

/** A client without a protocol: the admin writes the first revision. */
export const ProtocolFirstRevision: Story = { args: { clientsData: bareClient, path: tab('protocol') } };

export const TransferProtocol: Story = { args: { path: tab('transfer-protocol') } };

export const Contacts: Story = { args: { path: tab('contacts') } };

export const ContactsReadOnly: Story = { args: { ...reader, path: tab('contacts') } };

export const ContactCreate: Story = { args: { path: tab('contacts/create') } };

/** A reader at the contact form's URL: never the form, straight on to /unauthorized. */
export const ContactCreateForReader: Story = { args: { ...reader, path: tab('contacts/create') } };

/** The server refuses the new contact with a field error, shown under the field. */
export const ContactCreateServerError: Story = {
  args: {
    path: tab('contacts/create'),
    failures: {
      [`POST ${API_PATHS.clientRecords(1, 'contacts')}`]: toHttpError(400, {
        error: 'Invalid email',
        fields: [{ field: 'email', message: 'This address bounced last week; use another one' }],
      }),
    },
  },
};

export const UsefulLinks: Story = { args: { path: tab('useful-links') } };

export const UsefulLinkCreate: Story = { args: { path: tab('useful-links/create') } };

/** The client's cases in every stage, newest first, each linking to its case page. */
export const Cases: Story = { args: { path: tab('cases') } };

export const CasesEmpty: Story = {
  args: { clientsData: bareClient, casesData: noCases, path: tab('cases') },
};

/** /continuous-monitoring/clients/create */
export const NewClient: Story = {
  args: { clientsData: bareClient, path: '/continuous-monitoring/clients/create' },
};
