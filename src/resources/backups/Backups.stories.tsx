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
import { useHarnessAdmin } from '@test-support/harnessAdmin';
import { expectListLoading, expectReadFailed, LIST_LOADING } from '@test-support/storyStates';
import { useMemo } from 'react';
import { TestMemoryRouter } from 'react-admin';
import { expect, screen, userEvent } from 'storybook/test';
import { API_PATHS, PAGE_PATHS } from '../../../contract/paths';
import { AppAdmin } from '../../AppAdmin';
import { createDataProvider } from '../../dataProvider';
import { toHttpError } from '../../dataProvider/httpClient';

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
  pending,
  onRequest,
}: BackupsHarnessProps) => {
  const harness = useHarnessAdmin();
  const providers = useMemo(() => {
    const api = { user, chrome, backupsData, failures, pending, onRequest };
    return {
      dataProvider: createDataProvider({ httpClient: fakeHttpClientWithBackups(api) }),
      authProvider: fakeAuthProvider(user),
    };
  }, [user, chrome, backupsData, failures, pending, onRequest]);
  return (
    <TestMemoryRouter initialEntries={[path]}>
      <AppAdmin {...providers} {...harness} />
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

/** None taken yet: what "Create backup" does, and how to restore below. */
export const NoBackups: Story = {
  args: { backupsData: noBackupsSeed },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/^No backups yet\./)).toBeVisible();
  },
};

const LIST = `GET ${API_PATHS.backups}`;

/** The backups while they are read: the heading and "Create backup", no rows yet. */
export const Loading: Story = {
  args: { pending: [LIST] },
  parameters: LIST_LOADING,
  play: ({ canvas }) => expectListLoading(canvas, 'Backups'),
};

/** The backups could not be read: the server's reason and a way to ask again. */
export const Failed: Story = {
  args: { failures: { [LIST]: toHttpError(503, { error: 'The database is not reachable' }) } },
  play: ({ canvas }) =>
    expectReadFailed(canvas, 'The backups could not be read: The database is not reachable'),
};

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
