import type { Meta, StoryObj } from '@storybook/react-vite';
import { AppHarness } from '@test-support/AppHarness';
import { noCases, serviceAs } from '@test-support/caseFixtures';
import { expectReadFailed, expectStillReading } from '@test-support/storyStates';
import { expect, fn } from 'storybook/test';
import { API_PATHS } from '../../../../contract/paths';
import { toHttpError } from '../../../dataProvider/httpClient';

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

/** No active case: every column says so, and the row of columns still scrolls from the keyboard. */
export const Empty: Story = {
  args: { casesData: noCases },
  play: async ({ canvas }) => {
    const unassigned = await canvas.findByRole('region', { name: 'Unassigned' });
    await expect(unassigned).toHaveTextContent('No active case');
    await expect(canvas.getByRole('region', { name: "Technologists' columns, scrollable" })).toHaveAttribute(
      'tabindex',
      '0',
    );
  },
};

/** The active cases while they are read: the heading, and a progress bar where the columns will be. */
export const Loading: Story = {
  args: { pending: [READ_BOARD], onRequest: fn() },
  parameters: { stillLoading: true },
  play: async ({ args, canvas }) => {
    await expectStillReading(canvas, args.onRequest, API_PATHS.caseAssignments, 'Assignments');
    await expect(await canvas.findByRole('progressbar', { name: 'Reading the active cases' })).toBeVisible();
  },
};

/** The active cases could not be read: the server's reason and Try again, never empty columns. */
export const Failed: Story = {
  args: { failures: { [READ_BOARD]: toHttpError(503, { error: 'The database is not reachable' }) } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Assignments' })).toBeInTheDocument();
    await expectReadFailed(canvas, 'The active cases could not be read: The database is not reachable');
    await expect(canvas.queryByText('No active case')).toBeNull();
  },
};
