import type { Meta, StoryObj } from '@storybook/react-vite';
import { userWithRole } from '@test-support/clientFixtures';
import { buildUser, type FakeApi, menuForRole } from '@test-support/fakeApi';
import { fakeAuthProvider } from '@test-support/fakeAuthProvider';
import {
  type BackupsSeed,
  backupsSeed,
  fakeHttpClientWithBackups,
  noBackupsSeed,
} from '@test-support/fakeBackupsApi';
import { useHarnessTheme } from '@test-support/storyTheme';
import { useMemo } from 'react';
import { TestMemoryRouter } from 'react-admin';
import { screen, userEvent } from 'storybook/test';
import { PAGE_PATHS } from '../../../contract/paths';
import { AppAdmin } from '../../AppAdmin';
import { createDataProvider } from '../../dataProvider';

interface BackupsHarnessProps extends Partial<FakeApi> {
  path: string;
  backupsData: BackupsSeed;
}

/**
 * The whole app over the fake API with the backups' calls, fresh per render: a new backup's POST answers
 * only once the backup is written, a few reads of the list later, as the server's does.
 */
const BackupsHarness = ({
  path,
  user = buildUser(),
  chrome = [],
  backupsData,
  failures,
  onRequest,
}: BackupsHarnessProps) => {
  const { store, themes } = useHarnessTheme();
  const providers = useMemo(() => {
    const api = { user, chrome, backupsData, failures, onRequest };
    return {
      dataProvider: createDataProvider({ httpClient: fakeHttpClientWithBackups(api) }),
      authProvider: fakeAuthProvider(user),
    };
  }, [user, chrome, backupsData, failures, onRequest]);
  return (
    <TestMemoryRouter initialEntries={[path]}>
      <AppAdmin {...providers} store={store} themes={themes} />
    </TestMemoryRouter>
  );
};

/**
 * The backups (DESIGN §9), seen by an admin: an embedded backup from before the move onto PostgreSQL,
 * a failed one (an old pg_dump) and a 1.2 GB one taken since.
 */
const meta = {
  title: 'Administration/Backups',
  component: BackupsHarness,
  parameters: { layout: 'fullscreen' },
  args: { path: PAGE_PATHS.backups, chrome: menuForRole('admin'), backupsData: backupsSeed },
} satisfies Meta<typeof BackupsHarness>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Newest first, with how to restore below. */
export const Backups: Story = {};

export const NoBackups: Story = { args: { backupsData: noBackupsSeed } };

/** "Create backup": the progress while the dump runs (a few seconds here), then the new backup first. */
export const Creating: Story = {
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Create backup' }));
  },
};

/** Only admins take and download backups: anyone else is sent to /unauthorized. */
export const Refused: Story = {
  args: { chrome: menuForRole('billing'), user: userWithRole('billing') },
};
