import type { Meta, StoryObj } from '@storybook/react-vite';
import { AppHarness } from '@test-support/AppHarness';
import { buildClient, buildProtocolRevision } from '@test-support/clientBuilders';
import { clientWithRecords } from '@test-support/clientFixtures';
import { menuForRole } from '@test-support/fakeApi';

const longHistory = {
  ...clientWithRecords,
  clients: [buildClient()],
  revisions: Array.from({ length: 14 }, (_, index) =>
    buildProtocolRevision({
      revision: index + 1,
      author: index % 2 ? 'grace' : 'ada',
      createdAt: new Date(Date.UTC(2026, 0, 1 + index * 3, 9, 30)).toISOString(),
      body: `Protocol, revision ${index + 1}.\n\nCheck every ${30 + index} minutes.`,
      checkIntervalMinutes: 30 + index,
    }),
  ),
};

/** The protocol history: newest first, 10 a page; `?revision=N` opens a revision read-only. */
const meta = {
  title: 'Clients/Protocol history',
  component: AppHarness,
  parameters: { layout: 'fullscreen' },
  args: {
    chrome: menuForRole('admin'),
    clientsData: longHistory,
    path: '/continuous-monitoring/clients/1/protocol',
  },
} satisfies Meta<typeof AppHarness>;
export default meta;

type Story = StoryObj<typeof meta>;

export const History: Story = {};

/** An older revision opened from the history. */
export const OlderRevisionOpened: Story = {
  args: { path: '/continuous-monitoring/clients/1/protocol?revision=2' },
};
