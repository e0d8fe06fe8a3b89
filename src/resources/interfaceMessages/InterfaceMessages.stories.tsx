import type { Meta, StoryObj } from '@storybook/react-vite';
import { serviceAs } from '@test-support/caseFixtures';
import { MESSAGES, messagesHandler } from '@test-support/fakeInterfacesApi';
import { HandlersHarness } from '@test-support/HandlersHarness';
import { expectListLoading, LIST_LOADING } from '@test-support/storyStates';
import { expect, within } from 'storybook/test';
import { API_PATHS } from '../../../contract/paths';
import { toHttpError } from '../../dataProvider/httpClient';

/** The hospital messages page, `/interfaces/messages` (DESIGN §4 "Hospital interfaces"), over the fake API. */
const meta = {
  title: 'Hospital interfaces/Messages page',
  component: HandlersHarness,
  parameters: { layout: 'fullscreen' },
  args: { ...serviceAs('admin', API_PATHS.interfaceMessages), handlers: [messagesHandler(MESSAGES)] },
} satisfies Meta<typeof HandlersHarness>;
export default meta;

type Story = StoryObj<typeof meta>;

const LIST = `GET ${API_PATHS.interfaceMessages}`;

/** A failed report out to Northside's MLLP listener (six attempts) above an admission that came in. */
export const Full: Story = {
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table');
    await expect(await within(table).findByText('VIGIL-7')).toBeVisible();
    await expect(within(table).getByText('C-1')).toBeVisible();
  },
};

export const Empty: Story = {
  args: { handlers: [messagesHandler([])] },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/No message matches these filters/)).toBeVisible();
  },
};

export const Loading: Story = {
  args: { pending: [LIST] },
  parameters: LIST_LOADING,
  play: ({ canvas }) => expectListLoading(canvas, 'Hospital messages'),
};

export const Failed: Story = {
  args: { failures: { [LIST]: toHttpError(503, { error: 'The database is not reachable' }) } },
  play: async ({ canvas }) => {
    // In the notification, as it slides in.
    await expect(await canvas.findByText(/The database is not reachable/)).toBeInTheDocument();
  },
};

/** One message: its acknowledgement, its error and its raw text a segment a line, with Resend. */
export const OneMessage: Story = {
  args: { path: `${API_PATHS.interfaceMessage(2)}/show` },
  play: async ({ canvas }) => {
    await expect(await canvas.findByLabelText('Raw text of the message')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Resend' })).toBeEnabled();
  },
};
