import Stack from '@mui/material/Stack';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { buildBackup, PG_DUMP_MISMATCH } from '@test-support/fakeBackupsApi';
import { BackupProgress } from './BackupProgress';
import { BackupStatusField } from './BackupStatusField';
import { RestoreHelp } from './RestoreHelp';

/** The backups page's parts alone (plain props, no fetching). */
const meta = { title: 'Administration/Backups/Parts' } satisfies Meta;
export default meta;

type Story = StoryObj<typeof meta>;

/** Right after "Create backup", before the list shows the running backup. */
export const ProgressStarting: Story = {
  parameters: { stillLoading: true },
  render: () => <BackupProgress />,
};

/** A dump that started 12 seconds ago and has written 13.5 MB so far. */
export const ProgressRunning: Story = {
  parameters: { stillLoading: true },
  render: () => (
    <BackupProgress running={{ size: 13_500_000, createdAt: new Date(Date.now() - 12_000).toISOString() }} />
  ),
};

/** Running, ready, and failed with the dump tool's reason. */
export const Statuses: Story = {
  render: () => (
    <Stack spacing={2} sx={{ p: 2 }}>
      <BackupStatusField backup={buildBackup({ status: 'running' })} />
      <BackupStatusField backup={buildBackup()} />
      <BackupStatusField backup={buildBackup({ status: 'failed', error: PG_DUMP_MISMATCH })} />
    </Stack>
  ),
};

export const HowToRestore: Story = { render: () => <RestoreHelp /> };
