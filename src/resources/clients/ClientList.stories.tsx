import type { Meta, StoryObj } from '@storybook/react-vite';
import { AppHarness } from '@test-support/AppHarness';
import { manyClients, userWithRole } from '@test-support/clientFixtures';
import { menuForRole } from '@test-support/fakeApi';
import { expectListLoading, LIST_LOADING } from '@test-support/storyStates';
import { expect } from 'storybook/test';
import { API_PATHS } from '../../../contract/paths';
import { toHttpError } from '../../dataProvider/httpClient';

/** /continuous-monitoring/clients over the fake API: 30 clients, 25 a page. */
const meta = {
  title: 'Clients/List',
  component: AppHarness,
  parameters: { layout: 'fullscreen' },
  args: { chrome: menuForRole('admin'), path: '/continuous-monitoring/clients', clientsData: manyClients },
} satisfies Meta<typeof AppHarness>;
export default meta;

type Story = StoryObj<typeof meta>;

/** An admin: create and export. */
export const Admin: Story = {};

/** A technologist reads the list; no create button. */
export const Technologist: Story = {
  args: { chrome: menuForRole('technologist'), user: userWithRole('technologist') },
};

/** No clients yet: the empty state. */
export const Empty: Story = { args: { clientsData: {} } };

/** The list while the clients are read: the table's place held, nothing to act on yet. */
export const Loading: Story = {
  args: { pending: [`GET ${API_PATHS.clients}`] },
  parameters: LIST_LOADING,
  play: ({ canvas }) => expectListLoading(canvas, 'Clients'),
};

/** The clients could not be read: the server's reason and a way to ask again. */
export const Failed: Story = {
  args: {
    failures: { [`GET ${API_PATHS.clients}`]: toHttpError(503, { error: 'The database is not reachable' }) },
  },
  play: async ({ canvas }) => {
    // In the notification, as it slides in.
    await expect(await canvas.findByText(/The database is not reachable/)).toBeInTheDocument();
  },
};
