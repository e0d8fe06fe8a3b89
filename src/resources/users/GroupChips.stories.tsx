import type { Meta, StoryObj } from '@storybook/react-vite';
import { GroupChips } from './GroupChips';

/** A user's access groups as the users list and a user's page show them (plain props, no fetching). */
const meta = {
  title: 'Administration/Users/Group chips',
  component: GroupChips,
  args: { label: 'Groups of marcus', groups: ['reader', 'technologist'] },
} satisfies Meta<typeof GroupChips>;
export default meta;

type Story = StoryObj<typeof meta>;

export const TwoGroups: Story = {};

/** Admin stands out. */
export const Admin: Story = { args: { groups: ['admin', 'billing'] } };

/** A pool group the app does not know is shown as it is named, outlined. */
export const UnknownGroup: Story = { args: { groups: ['technologist', 'night-shift'] } };

export const NoGroup: Story = { args: { groups: [] } };
