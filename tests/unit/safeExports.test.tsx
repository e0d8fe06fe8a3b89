import { composeStories } from '@storybook/react-vite';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import type { DataProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import preview from '../../.storybook/preview';
import { asText, downloadTable, safeExporter } from '../../src/csv';
import * as backupStories from '../../src/resources/backups/Backups.stories';
import * as caseListStories from '../../src/resources/cases/list/CaseList.stories';
import * as clientListStories from '../../src/resources/clients/ClientList.stories';
import * as clientStories from '../../src/resources/clients/ClientShow.stories';
import * as userStories from '../../src/resources/users/Users.stories';
import { serviceCases } from '../support/caseFixtures';
import { buildClient, buildContact, buildUsefulLink } from '../support/clientBuilders';
import { clientWithRecords } from '../support/clientFixtures';
import { buildBackup } from '../support/fakeBackupsApi';
import { usersSeed } from '../support/fakeUsersApi';
import { catchDownloads } from './support/downloads';

const backups = composeStories(backupStories, preview);
const caseLists = composeStories(caseListStories, preview);
const clientList = composeStories(clientListStories, preview);
const client = composeStories(clientStories, preview);
const users = composeStories(userStories, preview);

/** What an attacker types as a name: a spreadsheet would run it and offer the link. */
const FORMULA = '=HYPERLINK("http://evil.example","open")';

/** A cell of the CSV (after jsonexport's quoting) that a spreadsheet would run as a formula. */
const FORMULA_CELL = /(^|,)"?[=+\-@\t\r]/m;

/** Every list with an Export button, showing a record with FORMULA in one of its text fields. */
const LISTS: [string, () => ReactElement][] = [
  ['clients', () => <clientList.Admin clientsData={{ clients: [buildClient({ name: FORMULA })] }} />],
  [
    'contacts',
    () => (
      <client.Contacts
        clientsData={{
          ...clientWithRecords,
          contacts: [buildContact({ name: FORMULA })],
        }}
      />
    ),
  ],
  [
    'useful links',
    () => (
      <client.UsefulLinks
        clientsData={{
          ...clientWithRecords,
          usefulLinks: [buildUsefulLink({ label: FORMULA })],
        }}
      />
    ),
  ],
  [
    'users',
    () => (
      <users.List
        seed={{
          users: usersSeed.users.map((user) =>
            user.username === 'priya' ? { ...user, name: FORMULA } : user,
          ),
        }}
      />
    ),
  ],
  ['backups', () => <backups.Backups backupsData={{ backups: [buildBackup({ createdBy: FORMULA })] }} />],
  [
    'cases (the technologists column)',
    () => (
      <caseLists.Monitoring
        casesData={{
          ...serviceCases,
          cases: serviceCases.cases?.map((row) => ({
            ...row,
            technologists: [FORMULA, ...row.technologists],
          })),
        }}
      />
    ),
  ],
] as const;

describe("every list's CSV keeps a formula as text", () => {
  it.each(LISTS)('%s', async (_list, renderList) => {
    const downloads = catchDownloads();
    const user = userEvent.setup();
    render(renderList());
    const exportButton = await screen.findByRole('button', { name: 'Export' });
    await waitFor(() => expect(exportButton).toBeEnabled());
    // The list has read its rows once the formula shows as plain text in the table.
    await waitFor(() => expect(screen.getAllByText(FORMULA, { exact: false }).length).toBeGreaterThan(0));
    await user.click(exportButton);
    await waitFor(async () => expect(await downloads()).toHaveLength(1));
    const [{ text }] = await downloads();
    expect(text).toContain(`'=HYPERLINK(`);
    expect(text).not.toMatch(FORMULA_CELL);
  });
});

describe('the safe exporter', () => {
  it('keeps every cell that starts like a formula as text, however deep, and leaves numbers be', async () => {
    const downloads = catchDownloads();
    safeExporter(
      [
        {
          name: '@SUM(A1)',
          plus: '+1',
          tab: '\tx',
          ret: '\rx',
          nested: { note: '=1+1' },
          tags: ['-2+3', 'ok'],
          count: -4,
          adjustment: '-0.50',
          plain: 'Grace Okafor',
        },
      ],
      vi.fn(),
      {} as DataProvider,
      'things',
    );
    await waitFor(async () => expect(await downloads()).toHaveLength(1));
    const [{ name, text }] = await downloads();
    expect(name).toBe('things.csv');
    const [header, line] = text.split('\n');
    expect(header).toBe('name,plus,tab,ret,nested.note,tags,count,adjustment,plain');
    expect(line).toContain(`'@SUM(A1),'+1,'\tx,`);
    expect(line).toContain(`'=1+1,'-2+3;ok,-4,-0.50,Grace Okafor`);
  });

  it('guards the report tables and the statement too (downloadTable)', async () => {
    const downloads = catchDownloads();
    downloadTable('report', [{ Patient: FORMULA, Hours: '12.50' }]);
    await waitFor(async () => expect(await downloads()).toHaveLength(1));
    const [{ text }] = await downloads();
    expect(text).toContain(`'=HYPERLINK(`);
    expect(text).not.toMatch(FORMULA_CELL);
    expect(text).toContain(',12.50');
  });

  it('keeps text and negative numbers as they are', () => {
    expect(asText('Okafor, Grace')).toBe('Okafor, Grace');
    expect(asText('-12.5')).toBe('-12.5');
    expect(asText('-12.5+A1')).toBe(`'-12.5+A1`);
  });
});
