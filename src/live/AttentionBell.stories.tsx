import type { Meta, StoryObj } from '@storybook/react-vite';
import { buildAttentionItem, buildCallDueItem, fakeAttentionApi } from '@test-support/fakeAttentionApi';
import { homeAs } from '@test-support/fakeHomeApi';
import { HandlersHarness } from '@test-support/HandlersHarness';
import { expect, userEvent, within } from 'storybook/test';
import { API_PATHS } from '../../contract/paths';
import { toHttpError } from '../dataProvider/httpClient';

const { user, chrome } = homeAs('technologist');

const overdue = buildAttentionItem();
const callDue = buildCallDueItem();

/**
 * The attention bell in the app bar (DESIGN §4 "Live operations"), for a technologist on a page of its own:
 * the count of open items and, opened, their list with "Acknowledge" and how new ones are told.
 */
const meta = {
  title: 'Layout/Attention bell',
  component: HandlersHarness,
  parameters: { layout: 'fullscreen' },
  args: { user, chrome, path: '/unauthorized', handlers: [fakeAttentionApi([overdue, callDue]).handler] },
} satisfies Meta<typeof HandlersHarness>;
export default meta;

type Story = StoryObj<typeof meta>;

const ATTENTION = `GET ${API_PATHS.attention}`;

/** A check overdue on one case, a critical call due in 20 minutes on another, the list open. */
export const Full: Story = {
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(await canvas.findByRole('button', { name: '2 items need attention' }));
    const page = within(canvasElement.ownerDocument.body);
    // In the list as it opens (the popover fades in).
    await expect(
      await page.findByRole('listitem', { name: 'BMH-2026-0101: Check overdue' }),
    ).toBeInTheDocument();
    await expect(page.getAllByRole('button', { name: 'Acknowledge' })).toHaveLength(2);
  },
};

export const Empty: Story = {
  args: { handlers: [fakeAttentionApi([]).handler] },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(await canvas.findByRole('button', { name: '0 items need attention' }));
    await expect(
      await within(canvasElement.ownerDocument.body).findByText('Nothing needs attention.'),
    ).toBeInTheDocument();
  },
};

/** Until the items are read, no bell: a count of nothing yet would be wrong. */
export const Loading: Story = {
  args: { pending: [ATTENTION] },
  parameters: { stillLoading: true },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1 })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: /need attention|needs attention/ })).toBeNull();
  },
};

/** The items could not be read: no bell rather than a wrong count; the page itself is unaffected. */
export const Failed: Story = {
  args: { failures: { [ATTENTION]: toHttpError(503, { error: 'The database is not reachable' }) } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1 })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: /need attention|needs attention/ })).toBeNull();
  },
};
