import { composeStories } from '@storybook/react-vite';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import preview from '../../.storybook/preview';
import { API_PATHS } from '../../contract/paths';
import { toHttpError } from '../../src/dataProvider/httpClient';
import { formatDateTime } from '../../src/dates';
import * as backupStories from '../../src/resources/backups/Backups.stories';
import { backupIdAt, backupsSeed, PG_DUMP_MISMATCH } from '../support/fakeBackupsApi';
import { sentRequest } from './support/requests';
import { bodyRowsOf, tableShowing } from './support/tables';

const stories = composeStories(backupStories, preview);

const [embedded, failed, latest] = backupsSeed.backups;
const NOW = '2026-11-21T10:00:00.000Z';

const backupsTable = () => screen.findByRole('table');
const rowOf = async (fileName: string) => {
  await backupsTable();
  const button = await screen.findByRole('button', { name: `Download ${fileName}` });
  const row = button.closest('tr');
  if (!row) throw new Error(`No row for ${fileName}`);
  return row;
};

// A backup made now sorts after the seed's November 2026 ones; timers stay real: the page polls every second.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(NOW) });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the backups list', () => {
  it('shows the backups newest first: when, who, source, size, checksum, duration and status', async () => {
    const onRequest = vi.fn();
    render(<stories.Backups onRequest={onRequest} />);
    const table = await tableShowing('grace');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['When', 'Who', 'Source', 'Size', 'SHA-256', 'Duration', 'Status', 'Download']);
    expect(bodyRowsOf(table)).toEqual([
      [
        formatDateTime(latest.createdAt),
        'grace',
        'PostgreSQL',
        '1.2 GB',
        `${latest.sha256?.slice(0, 12)}…`,
        '1 min 35 sec',
        'Ready',
        'Download',
      ],
      [
        formatDateTime(failed.createdAt),
        'ada',
        'PostgreSQL',
        '0 bytes',
        '—',
        '320 ms',
        `Failed${PG_DUMP_MISMATCH}`,
        '',
      ],
      [
        formatDateTime(embedded.createdAt),
        'ada',
        'Embedded (PGlite)',
        '48.2 MB',
        `${embedded.sha256?.slice(0, 12)}…`,
        '4.2 sec',
        'Ready',
        'Download',
      ],
    ]);
    expect(onRequest).toHaveBeenCalledWith(
      expect.objectContaining({
        method: 'GET',
        path: API_PATHS.backups,
        query: expect.objectContaining({ sort: 'createdAt', order: 'DESC', page: 1 }),
      }),
    );
  });

  it('shows the whole SHA-256 on hover and copies it', async () => {
    const user = userEvent.setup();
    render(<stories.Backups />);
    const sha256 = latest.sha256 ?? '';
    const short = await screen.findByText(`${sha256.slice(0, 12)}…`);
    expect(short).toHaveAccessibleName(sha256);
    await user.hover(short);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(sha256);
    await user.click(screen.getByRole('button', { name: `Copy the SHA-256 ${sha256}` }));
    expect(await screen.findByText('SHA-256 copied')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(sha256);
  });

  it('says so when there is no backup yet, and still offers to create one', async () => {
    render(<stories.NoBackups />);
    expect(await screen.findByText(/No backups yet\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create backup' })).toBeEnabled();
  });

  it('explains how to restore, into the embedded database and onto PostgreSQL', async () => {
    render(<stories.Backups />);
    const help = await screen.findByRole('region', { name: 'How to restore' });
    expect(help).toHaveTextContent('Stop the server first');
    expect(help).toHaveTextContent('npm run restore -- data/backups/<file>');
    expect(help).toHaveTextContent('npm run restore -- <file> --database-url postgres://…');
    expect(help).toHaveTextContent('DATABASE_URL');
  });

  it('sends anyone but an admin to /unauthorized', async () => {
    render(<stories.Refused />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Unauthorized' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('creating a backup', () => {
  it('shows the running backup growing while the dump runs, then the new backup first', async () => {
    const user = userEvent.setup();
    const onRequest = vi.fn();
    render(<stories.Backups onRequest={onRequest} />);
    await rowOf(latest.fileName);
    const create = screen.getByRole('button', { name: 'Create backup' });
    await user.click(create);

    const progress = await screen.findByRole('status');
    expect(within(progress).getByRole('progressbar', { name: 'Backup in progress' })).toBeInTheDocument();
    await waitFor(() => expect(progress).toHaveTextContent('Backing up the database: 4.5 MB written'));
    expect(create).toBeDisabled();
    expect(onRequest).toHaveBeenCalledWith(sentRequest('POST', API_PATHS.backups));
    expect(onRequest.mock.calls.find(([request]) => request.method === 'POST')?.[0].body).toBeUndefined();

    const fileName = `vigil-${backupIdAt(NOW, '000004')}.sql`;
    expect(await screen.findByText(`Backup ${fileName} is ready (13.5 MB)`)).toBeInTheDocument();
    const row = await rowOf(fileName);
    expect(bodyRowsOf(await backupsTable())[0]).toEqual(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
    expect(row).toHaveTextContent('Ready');
    expect(row).toHaveTextContent('13.5 MB');
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(screen.getByRole('button', { name: 'Create backup' })).toBeEnabled();
  });

  it('says so when a backup is already running', async () => {
    const user = userEvent.setup();
    render(
      <stories.Backups
        failures={{
          [`POST ${API_PATHS.backups}`]: toHttpError(409, { error: 'A backup is already running' }),
        }}
      />,
    );
    await rowOf(latest.fileName);
    await user.click(screen.getByRole('button', { name: 'Create backup' }));
    expect(await screen.findByText('A backup is already running')).toBeInTheDocument();
  });
});

describe('downloading a backup', () => {
  it('asks for a short-lived link, then follows it with a download anchor', async () => {
    const user = userEvent.setup();
    const onRequest = vi.fn();
    const followed: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      followed.push({ href: this.getAttribute('href') ?? '', download: this.download });
    });
    render(<stories.Backups onRequest={onRequest} />);
    await rowOf(latest.fileName);
    await user.click(screen.getByRole('button', { name: `Download ${latest.fileName}` }));
    await waitFor(() => expect(followed).toHaveLength(1));
    expect(onRequest).toHaveBeenCalledWith(sentRequest('GET', API_PATHS.backup(latest.id)));
    expect(followed[0]?.download).toBe(latest.fileName);
    expect(followed[0]?.href).toMatch(
      new RegExp(`^/api${API_PATHS.backupFile(latest.id)}\\?expires=\\d+&signature=`),
    );
  });

  it('offers no download for a failed backup, which shows why it failed', async () => {
    render(<stories.Backups />);
    await rowOf(latest.fileName);
    expect(screen.getByText(PG_DUMP_MISMATCH)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: `Download ${failed.fileName}` })).toBeNull();
    expect(screen.getAllByRole('button', { name: /^Download / })).toHaveLength(2);
  });
});
