import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { API_PATHS } from '../../contract/paths';
import { formatDateTime } from '../../src/dates';
import { accessLogHandler, ACCESS_LOG_ENTRIES as ENTRIES } from '../support/fakeAccessLogApi';
import { buildUser, menuForRole } from '../support/fakeApi';
import { HandlersHarness } from '../support/HandlersHarness';
import { catchDownloads } from './support/downloads';
import { enterText } from './support/enterText';
import { bodyRowsOf, tableShowing } from './support/tables';

const renderPage = (onRequest = vi.fn()) =>
  render(
    <HandlersHarness
      path={API_PATHS.accessLog}
      chrome={menuForRole('admin')}
      user={buildUser()}
      handlers={[accessLogHandler(ENTRIES)]}
      onRequest={onRequest}
    />,
  );

describe('the access log page', () => {
  it('shows the entries newest first: when, who, what in words, which case, and why refused', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Access log' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const table = await tableShowing('grace');
    expect(bodyRowsOf(table)).toEqual([
      [formatDateTime(ENTRIES[2].at), 'grace', 'opened case MVH-2026-0042', 'MVH-2026-0042', 'Done', ''],
      [formatDateTime(ENTRIES[1].at), 'grace', ENTRIES[1].summary, '', 'Done', ''],
      [
        formatDateTime(ENTRIES[0].at),
        'anonymous',
        'tried to read /chrome',
        '',
        'Refused',
        '401 Invalid tokens.',
      ],
    ]);
    expect(screen.queryByText(/\/api\/continuous-monitoring/)).toBeNull();
  });

  it('asks the server for the entries of a case number and of a patient, as typed', async () => {
    const onRequest = vi.fn();
    renderPage(onRequest);
    await screen.findByRole('table');
    await enterText(userEvent, screen.getByLabelText('Case number'), 'mvh-2026-0043');
    await waitFor(() => expect(bodyRowsOf(screen.getByRole('table'))).toHaveLength(1));
    expect(onRequest).toHaveBeenCalledWith(
      expect.objectContaining({ query: expect.objectContaining({ caseNumber: 'mvh-2026-0043' }) }),
    );
    await enterText(userEvent, screen.getByLabelText('Patient (MRN or name)'), 'MRN-771199');
    await waitFor(() =>
      expect(onRequest).toHaveBeenCalledWith(
        expect.objectContaining({
          path: API_PATHS.accessLog,
          query: expect.objectContaining({ caseNumber: 'mvh-2026-0043', patient: 'MRN-771199' }),
        }),
      ),
    );
    expect(screen.queryByLabelText('Case id')).toBeNull();
  });

  it('lists the entries one under another on a phone, wrapping instead of scrolling sideways', async () => {
    // MUI's useMediaQuery reads matchMedia, which jsdom lacks: a 390 px wide screen matches every max-width.
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
    }));
    try {
      renderPage();
      expect(await screen.findByText('opened case MVH-2026-0042')).toBeTruthy();
      expect(screen.queryByRole('table')).toBeNull();
      expect(screen.queryByLabelText('From')).toBeNull();
      expect(screen.getByLabelText('Patient (MRN or name)')).toBeInTheDocument();
      expect(screen.getByText(`grace · ${formatDateTime(ENTRIES[2].at)} · Done`)).toBeTruthy();
      expect(
        screen.getByText(`anonymous · ${formatDateTime(ENTRIES[0].at)} · Refused · 401 Invalid tokens.`),
      ).toBeTruthy();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('filters by outcome, added through "Add filter"', async () => {
    const onRequest = vi.fn();
    renderPage(onRequest);
    await screen.findByRole('table');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add filter' }));
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'Outcome' }));
    await user.click(await screen.findByRole('combobox', { name: 'Outcome' }));
    await user.click(await screen.findByRole('option', { name: 'Refused' }));
    await waitFor(() =>
      expect(onRequest).toHaveBeenCalledWith(
        expect.objectContaining({ query: expect.objectContaining({ outcome: 'denied' }) }),
      ),
    );
  });

  it('asks the server for one user’s entries, a page at a time', async () => {
    const onRequest = vi.fn();
    renderPage(onRequest);
    await screen.findByRole('table');
    await enterText(userEvent, screen.getByLabelText('User'), 'anonymous');
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
    await tableShowing('grace');
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(async () => expect(await downloads()).toHaveLength(1));
    const [csv] = await downloads();
    expect(csv.name).toMatch(/access-log/);
    expect(csv.text).toContain('Invalid tokens.');
    expect(csv.text.split('\n')).toHaveLength(ENTRIES.length + 1);
    // The claimed name is exported as text, never as a cell a spreadsheet would run.
    expect(csv.text).toContain(`'=HYPERLINK`);
    expect(csv.text).not.toMatch(/(^|,)"?=/m);
  });
});
