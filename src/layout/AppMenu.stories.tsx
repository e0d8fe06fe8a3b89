import type { Meta, StoryObj } from '@storybook/react-vite';
import { AppHarness } from '@test-support/AppHarness';
import { buildUser, menuForRole } from '@test-support/fakeApi';

/** The sidebar each role gets from GET /chrome (DESIGN §3). */
const meta = {
  title: 'Layout/Menu by role',
  component: AppHarness,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof AppHarness>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Admin: Story = { args: { chrome: menuForRole('admin') } };

export const Technologist: Story = {
  args: {
    chrome: menuForRole('technologist'),
    user: buildUser({ name: 'Tess Tech', roles: ['technologist'] }),
  },
};

export const Reader: Story = {
  args: { chrome: menuForRole('reader'), user: buildUser({ name: 'Rita Reader', roles: ['reader'] }) },
};

export const Billing: Story = {
  args: { chrome: menuForRole('billing'), user: buildUser({ name: 'Bill Billing', roles: ['billing'] }) },
};

/** A menu with an 'Unauthorized' item: the app navigates to that item's url. */
export const WithUnauthorizedItem: Story = {
  args: {
    chrome: [
      { title: 'Home', url: '/' },
      { title: 'Unauthorized', url: '/unauthorized' },
    ],
    user: buildUser({ name: 'Nora Norole', roles: [] }),
  },
};
