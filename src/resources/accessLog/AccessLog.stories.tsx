import type { Meta, StoryObj } from '@storybook/react-vite';
import { serviceAs } from '@test-support/caseFixtures';
import { ACCESS_LOG_ENTRIES, accessLogHandler } from '@test-support/fakeAccessLogApi';
import { HandlersHarness } from '@test-support/HandlersHarness';
import { expectListLoading, expectReadFailed, LIST_LOADING } from '@test-support/storyStates';
import { expect, within } from 'storybook/test';
import { API_PATHS } from '../../../contract/paths';
import { toHttpError } from '../../dataProvider/httpClient';

/** The access log, `/access-log` (DESIGN §6), as Ada (admin) reads it over the fake API. */
const meta = {
  title: 'Administration/Access log',
  component: HandlersHarness,
  parameters: { layout: 'fullscreen' },
  args: { ...serviceAs('admin', API_PATHS.accessLog), handlers: [accessLogHandler(ACCESS_LOG_ENTRIES)] },
} satisfies Meta<typeof HandlersHarness>;
export default meta;

type Story = StoryObj<typeof meta>;

const LIST = `GET ${API_PATHS.accessLog}`;

/** Newest first: grace opened a case and listed intake; a call with an invalid token was refused (401). */
export const Full: Story = {
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table');
    await expect(await within(table).findByText('tried to read /chrome')).toBeVisible();
    await expect(within(table).getByText('401 Invalid tokens.')).toBeVisible();
  },
};

/** Filters that match no entry. */
export const Empty: Story = {
  args: { handlers: [accessLogHandler([])] },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No entry matches these filters.')).toBeVisible();
  },
};

/** The entries while they are read: the heading and filters, no table yet. */
export const Loading: Story = {
  args: { pending: [LIST] },
  parameters: LIST_LOADING,
  play: ({ canvas }) => expectListLoading(canvas, 'Access log'),
};

/** The entries could not be read: the server's reason and a way to ask again. */
export const Failed: Story = {
  args: { failures: { [LIST]: toHttpError(503, { error: 'The database is not reachable' }) } },
  play: ({ canvas }) =>
    expectReadFailed(canvas, 'The access log could not be read: The database is not reachable'),
};

/** Only admins read the access log: anyone else is sent to /unauthorized. */
export const Refused: Story = { args: serviceAs('technologist', API_PATHS.accessLog) };
