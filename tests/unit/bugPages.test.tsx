import { composeStories } from '@storybook/react-vite';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import preview from '../../.storybook/preview';
import { API_PATHS, casePagePath, PAGE_PATHS } from '../../contract/paths';
import * as bugStories from '../../src/customRoutes/bugs/Bugs.stories';
import { toHttpError } from '../../src/dataProvider/httpClient';
import { monitoringCase } from '../support/caseDetailsFixtures';
import type { FakeRequest } from '../support/fakeApiRules';
import { BACKUP_FAILURE } from '../support/fakeBugsApi';
import { enterText } from './support/enterText';
import { submitWith } from './support/renderStory';
import { bodyRowsOf } from './support/tables';

const stories = composeStories(bugStories, preview);

const requestsTo = (onRequest: ReturnType<typeof vi.fn>, method: string, path: string): FakeRequest[] =>
  onRequest.mock.calls
    .map(([request]) => request as FakeRequest)
    .filter((request) => request.method === method && request.path === path);

const titlesIn = async () =>
  bodyRowsOf(await screen.findByRole('table', { name: 'Bug reports' })).map(([title]) => title);

/** Opens the report form from the app bar. */
async function openReportForm(user: ReturnType<typeof userEvent.setup>) {
  const banner = await screen.findByRole('banner');
  await user.click(await within(banner).findByRole('button', { name: 'Report a bug' }));
  return screen.findByRole('dialog', { name: 'Report a bug' });
}

// Reports filed now sort against the seed's November 2026 ones.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-20T18:00:00.000Z') });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the bug reports', () => {
  it("shows an admin everyone's reports, newest first, with severity, page, reporter and status", async () => {
    const onRequest = vi.fn();
    render(<stories.ReportsAsAdmin onRequest={onRequest} />);
    const table = await screen.findByRole('table', { name: 'Bug reports' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Title', 'Severity', 'Page', 'Reporter', 'Status', 'Reported']);
    expect(bodyRowsOf(table).map((cells) => cells.slice(0, 5))).toEqual([
      [
        'Time log lost after saving',
        'Critical',
        '/continuous-monitoring/cases/monitoring/9/time-logs',
        'technologist',
        'Open',
      ],
      [
        'Statement CSV has the wrong month',
        'High',
        '/billing/continuous-monitoring/1/2026-10',
        'billing',
        'In progress',
      ],
      [
        'Impedance table does not scroll',
        'Medium',
        '/continuous-monitoring/cases/monitoring/7/impedances',
        'technologist',
        'Open',
      ],
      ['Typo on the login page', 'Low', '/login', 'reader', 'Resolved'],
    ]);
    expect(requestsTo(onRequest, 'GET', API_PATHS.bugReports)[0]?.query).toMatchObject({
      sort: 'createdAt',
      order: 'DESC',
      page: 1,
    });
    expect(screen.getByRole('link', { name: 'Run the self-checks' })).toHaveAttribute(
      'href',
      PAGE_PATHS.integrationTesting,
    );
  });

  it('shows anyone else only their own reports', async () => {
    render(<stories.ReportsAsTechnologist />);
    expect(await titlesIn()).toEqual(['Time log lost after saving', 'Impedance table does not scroll']);
    expect(screen.queryByRole('link', { name: 'Run the self-checks' })).toBeNull();
  });

  it('says so when there is no report yet', async () => {
    render(<stories.ReportsEmpty />);
    expect(await screen.findByText('No bug reports yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Bug reports' })).toBeNull();
  });
});

describe('reporting a bug', () => {
  it('files a report from the app bar with the current page, then lists it first', async () => {
    const user = userEvent.setup();
    const onRequest = vi.fn();
    render(<stories.ReportsAsAdmin onRequest={onRequest} />);
    await titlesIn();
    const dialog = await openReportForm(user);
    expect(within(dialog).getByLabelText('Page')).toHaveValue(PAGE_PATHS.bugs);
    await enterText(user, within(dialog).getByLabelText('Title'), 'Save button hides under the keyboard');
    await enterText(
      user,
      within(dialog).getByLabelText('Description'),
      'On a tablet the form cannot be saved.',
    );
    await enterText(user, within(dialog).getByLabelText('Steps to reproduce'), 'Open the form on an iPad');
    await submitWith(user, 'Send report', dialog);

    expect(await screen.findByText('Bug report sent')).toBeInTheDocument();
    expect(requestsTo(onRequest, 'POST', API_PATHS.bugReports).map(({ body }) => body)).toEqual([
      {
        title: 'Save button hides under the keyboard',
        description: 'On a tablet the form cannot be saved.',
        steps: 'Open the form on an iPad',
        severity: 'medium',
        pageUrl: PAGE_PATHS.bugs,
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(async () => expect((await titlesIn())[0]).toBe('Save button hides under the keyboard'));
  });

  it("prefills the page with the route the user is on, e.g. a case's events tab", async () => {
    const user = userEvent.setup();
    const onRequest = vi.fn();
    render(<stories.ReportFromCasePage onRequest={onRequest} />);
    const dialog = await openReportForm(user);
    const casePage = casePagePath('monitoring', monitoringCase.id, 'events');
    expect(within(dialog).getByLabelText('Page')).toHaveValue(casePage);
    await enterText(user, within(dialog).getByLabelText('Title'), 'Events tab is slow');
    await enterText(user, within(dialog).getByLabelText('Description'), 'It takes seconds to open.');
    await submitWith(user, 'Send report', dialog);
    await screen.findByText('Bug report sent');
    expect(requestsTo(onRequest, 'POST', API_PATHS.bugReports).map(({ body }) => body)).toEqual([
      {
        title: 'Events tab is slow',
        description: 'It takes seconds to open.',
        steps: '',
        severity: 'medium',
        pageUrl: casePage,
      },
    ]);
  });

  it('asks for a title and sends nothing without one', async () => {
    const user = userEvent.setup();
    const onRequest = vi.fn();
    render(<stories.ReportsAsAdmin onRequest={onRequest} />);
    const dialog = await openReportForm(user);
    await enterText(user, within(dialog).getByLabelText('Description'), 'Something broke.');
    await submitWith(user, 'Send report', dialog);
    expect(await within(dialog).findByText('Title is required')).toBeInTheDocument();
    expect(requestsTo(onRequest, 'POST', API_PATHS.bugReports)).toEqual([]);
  });

  it("shows the server's field messages under the fields", async () => {
    const user = userEvent.setup();
    render(
      <stories.ReportsAsAdmin
        failures={{
          [`POST ${API_PATHS.bugReports}`]: toHttpError(400, {
            error: 'Invalid pageUrl',
            fields: [{ field: 'pageUrl', message: 'Page must be a route of the app' }],
          }),
        }}
      />,
    );
    const dialog = await openReportForm(user);
    await user.type(within(dialog).getByLabelText('Title'), 'Broken');
    await enterText(user, within(dialog).getByLabelText('Description'), 'Something broke.');
    await submitWith(user, 'Send report', dialog);
    expect(await within(dialog).findByText('Page must be a route of the app')).toBeInTheDocument();
    expect(screen.queryByText('Bug report sent')).toBeNull();
  });
});

describe('the self-checks', () => {
  const checksTable = () => screen.findByRole('table', { name: 'Self-checks' });

  it('says all checks pass, in green, each with its time', async () => {
    render(<stories.SelfChecksPass />);
    const summary = await screen.findByText('All 6 checks pass');
    expect(summary.closest('[role="alert"]')).toHaveClass('MuiAlert-filledSuccess');
    const rows = bodyRowsOf(await checksTable());
    expect(rows).toHaveLength(6);
    expect(rows[0]).toEqual(['Database reachable and migrated', '✓ Pass', '12 ms', '—']);
  });

  it('says how many fail, in red, and why each failed', async () => {
    render(<stories.SelfChecksFail />);
    const summary = await screen.findByText('2 of 6 checks fail');
    expect(summary.closest('[role="alert"]')).toHaveClass('MuiAlert-filledError');
    const rows = bodyRowsOf(await checksTable());
    expect(rows.find(([name]) => name === 'Backup folder writable')).toEqual([
      'Backup folder writable',
      '✗ Fail',
      '3 ms',
      BACKUP_FAILURE,
    ]);
    expect(rows.find(([name]) => name === 'Database reachable and migrated')?.[1]).toBe('✓ Pass');
  });

  it('runs the checks again on "Run again"', async () => {
    const user = userEvent.setup();
    const onRequest = vi.fn();
    render(<stories.SelfChecksPass onRequest={onRequest} />);
    await screen.findByText('All 6 checks pass');
    const runs = requestsTo(onRequest, 'GET', API_PATHS.selfChecks).length;
    expect(runs).toBeGreaterThan(0);
    const runAgain = screen.getByRole('button', { name: 'Run again' });
    await waitFor(() => expect(runAgain).toBeEnabled());
    await user.click(runAgain);
    await waitFor(() => expect(requestsTo(onRequest, 'GET', API_PATHS.selfChecks)).toHaveLength(runs + 1));
    await waitFor(() => expect(runAgain).toBeEnabled());
    expect(screen.getByText('All 6 checks pass')).toBeInTheDocument();
  });

  it('sends anyone but an admin to /unauthorized, without running the checks', async () => {
    const onRequest = vi.fn();
    render(<stories.SelfChecksRefused onRequest={onRequest} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Unauthorized' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Self-checks' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Run again' })).toBeNull();
    expect(requestsTo(onRequest, 'GET', API_PATHS.selfChecks)).toHaveLength(0);
  });
});
