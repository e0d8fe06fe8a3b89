import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AccessLogEntry } from '../../contract/accessLog';
import { API_PATHS } from '../../contract/paths';
import { formatDateTime } from '../../src/dates';
import { buildUser, menuForRole } from '../support/fakeApi';
import { type FakeRequest, page } from '../support/fakeApiRules';
import { type FakeHandler, HandlersHarness } from '../support/HandlersHarness';
import { catchDownloads } from './support/downloads';
import { allowWholeAppStories } from './support/renderStory';
import { bodyRowsOf } from './support/tables';

allowWholeAppStories();

const entry = (id: number, overrides: Partial<AccessLogEntry>): AccessLogEntry => ({
  id,
  at: `2026-11-2${id}T09:00:00.000Z`,
  actor: 'ada',
  action: 'GET /api/continuous-monitoring/cases/details/:id',
  resource: 'cases',
  resourceId: '42',
  outcome: 'ok',
  details: {},
  ...overrides,
});

const ENTRIES = [
  entry(1, {
    actor: 'anonymous',
    action: 'GET /api/chrome',
    resource: 'api',
    resourceId: null,
    outcome: 'denied',
    details: { status: 401, reason: 'Invalid tokens.' },
  }),
  entry(2, {
    actor: 'grace',
    action: 'GET /api/continuous-monitoring/cases/intake',
    resourceId: null,
    details: { caseIds: [42, 43] },
  }),
  entry(3, { actor: 'grace' }),
];

/** GET /access-log over the entries above, filtered by user as the server does. */
const accessLogHandler: FakeHandler = ({ method, path, query = {} }: FakeRequest) => {
  if (method !== 'GET' || path !== API_PATHS.accessLog) return undefined;
  const rows = ENTRIES.filter((row) => !query.actor || row.actor === query.actor);
  return page(rows, query, 'at');
};

const renderPage = (onRequest = vi.fn()) =>
  render(
    <HandlersHarness
      path={API_PATHS.accessLog}
      chrome={menuForRole('admin')}
      user={buildUser()}
      handlers={[accessLogHandler]}
      onRequest={onRequest}
    />,
  );

describe('the access log page', () => {
  it('shows the entries newest first: when, who, which call, about what, and why refused', async () => {
    renderPage();
    const table = await screen.findByRole('table');
    await within(table).findAllByText('grace');
    expect(bodyRowsOf(table)).toEqual([
      [formatDateTime(ENTRIES[2].at), 'grace', ENTRIES[2].action, 'cases 42', 'Done', ''],
      [formatDateTime(ENTRIES[1].at), 'grace', ENTRIES[1].action, '2 cases listed', 'Done', ''],
      [
        formatDateTime(ENTRIES[0].at),
        'anonymous',
        'GET /api/chrome',
        'api',
        'Refused',
        '401 Invalid tokens.',
      ],
    ]);
  });

  it('asks the server for one user’s entries, a page at a time', async () => {
    const onRequest = vi.fn();
    renderPage(onRequest);
    await screen.findByRole('table');
    await userEvent.type(screen.getByLabelText('User'), 'anonymous');
    await waitFor(() =>
      expect(onRequest).toHaveBeenCalledWith(
        expect.objectContaining({
          method: 'GET',
          path: API_PATHS.accessLog,
          query: expect.objectContaining({
            actor: 'anonymous',
            page: 1,
            perPage: 25,
            sort: 'at',
            order: 'DESC',
          }),
        }),
      ),
    );
    await waitFor(() => expect(bodyRowsOf(screen.getByRole('table'))).toHaveLength(1));
  });

  it('exports the entries as CSV', async () => {
    const downloads = catchDownloads();
    renderPage();
    await within(await screen.findByRole('table')).findAllByText('grace');
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(async () => expect(await downloads()).toHaveLength(1));
    const [csv] = await downloads();
    expect(csv.name).toMatch(/access-log/);
    expect(csv.text).toContain('Invalid tokens.');
    expect(csv.text.split('\n')).toHaveLength(ENTRIES.length + 1);
  });
});
