import type { Meta, StoryObj } from '@storybook/react-vite';
import { AppHarness } from '@test-support/AppHarness';
import { manyClients, userWithRole } from '@test-support/clientFixtures';
import { menuForRole } from '@test-support/fakeApi';

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
