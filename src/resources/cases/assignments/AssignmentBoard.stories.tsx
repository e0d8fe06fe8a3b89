import type { Meta, StoryObj } from '@storybook/react-vite';
import { AppHarness } from '@test-support/AppHarness';
import { serviceAs } from '@test-support/caseFixtures';
import { API_PATHS } from '../../../../contract/paths';

/** The assignments board over the fake API: Priya Raman holds 4 continuous cases, the limit. */
const meta = {
  title: 'Cases/Assignments board',
  component: AppHarness,
  parameters: { layout: 'fullscreen' },
  args: serviceAs('technologist', API_PATHS.caseAssignments),
} satisfies Meta<typeof AppHarness>;
export default meta;

type Story = StoryObj<typeof meta>;

/** A technologist reassigns cases from each card's menu. */
export const Board: Story = {};

/** A reader sees the board without the reassign controls. */
export const ReadOnly: Story = { args: serviceAs('reader', API_PATHS.caseAssignments) };
