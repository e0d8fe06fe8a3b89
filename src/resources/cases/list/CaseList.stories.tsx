import type { Meta, StoryObj } from '@storybook/react-vite';
import { AppHarness } from '@test-support/AppHarness';
import { noCases, serviceAs } from '@test-support/caseFixtures';
import { expectListLoading, LIST_LOADING } from '@test-support/storyStates';
import { expect } from 'storybook/test';
import { API_PATHS } from '../../../../contract/paths';
import { toHttpError } from '../../../dataProvider/httpClient';

const stage = (name: string, filter?: object) =>
  `${API_PATHS.caseStage(name)}${filter ? `?filter=${encodeURIComponent(JSON.stringify(filter))}` : ''}`;

/** The stage lists over the fake API: 3 intake, 6 monitoring, 1 preview, 1 reviewed, 2 closed cases. */
const meta = {
  title: 'Cases/Stage list',
  component: AppHarness,
  parameters: { layout: 'fullscreen' },
  args: serviceAs('admin', stage('monitoring')),
} satisfies Meta<typeof AppHarness>;
export default meta;

type Story = StoryObj<typeof meta>;

/** The cases being monitored, one of them overdue for its check. */
export const Monitoring: Story = {};

/** A technologist on intake: "New case". */
export const Intake: Story = { args: serviceAs('technologist', stage('intake')) };

/** A reader reads and exports the lists, but takes no case in. */
export const IntakeForReader: Story = { args: serviceAs('reader', stage('intake')) };

/** Bayside Memorial's cases only: the tab counts follow the filter. */
export const FilteredByClient: Story = { args: { path: stage('monitoring', { clientId: 2 }) } };

/** No case anywhere yet: intake's empty state offers "New case". */
export const Empty: Story = { args: { casesData: noCases, path: stage('intake') } };

/** Filters that match nothing on this stage. */
export const NoMatch: Story = { args: { path: stage('preview', { q: 'no such patient' }) } };

/** The monitoring list while its cases are read. */
export const Loading: Story = {
  args: { pending: [`GET ${API_PATHS.caseStage('monitoring')}`] },
  parameters: LIST_LOADING,
  play: ({ canvas }) => expectListLoading(canvas, 'Monitoring cases'),
};

/** The cases could not be read: the server's reason and a way to ask again. */
export const Failed: Story = {
  args: {
    failures: {
      [`GET ${API_PATHS.caseStage('monitoring')}`]: toHttpError(503, {
        error: 'The database is not reachable',
      }),
    },
  },
  play: async ({ canvas }) => {
    // In the notification, as it slides in.
    await expect(await canvas.findByText(/The database is not reachable/)).toBeInTheDocument();
  },
};
