import { composeStories } from '@storybook/react-vite';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import preview from '../../.storybook/preview';
import type { MonthRange } from '../../contract/billing';
import { API_PATHS, PAGE_PATHS } from '../../contract/paths';
import * as reportingStories from '../../src/customRoutes/reporting/Reporting.stories';
import { monthLabel } from '../../src/customRoutes/reporting/reportFormat';
import type { FakeRequest } from '../support/fakeApiRules';
import {
  clientHoursReport,
  fakeReportsHandler,
  hoursSummary,
  monitoringHours,
  preferReducedMotion,
  reportsSeed,
} from '../support/fakeReportsApi';
import type { FakeHandler } from '../support/HandlersHarness';
import { catchDownloads } from './support/downloads';

const stories = composeStories(reportingStories, preview);

/** The stories' months; with the clock on 15 November 2026 they are also the default range. */
const LAST_12: MonthRange = { from: '2025-12', to: '2026-11' };
const summary = hoursSummary(reportsSeed, LAST_12);
/** Found, or the test fails here: a missing fixture is not a finding about the page. */
function found<T>(item: T | undefined, what: string): T {
  if (item === undefined) throw new Error(`The fixtures have no ${what}`);
  return item;
}
const northside = found(
  reportsSeed.clients.find((client) => client.id === 1),
  'client 1',
);
const harborPoint = found(
  reportsSeed.clients.find((client) => client.id === 6),
  'client 6',
);
/** Harbor Point's row of the summary: its September and October have no rate. */
const harborSummary = found(
  summary.clients.find((client) => client.clientId === harborPoint.id),
  'Harbor Point row',
);

let restoreMotion: () => void;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-15T12:00:00'));
  restoreMotion = preferReducedMotion();
});
afterEach(() => {
  restoreMotion();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/**
 * Month rows as a person reads them: newest first, none before the first month with hours or cases (written
 * out here, apart from the page's code, so that a change there shows).
 */
function asShown<Row extends { month: string; minutes: number; cases: number }>(rows: readonly Row[]): Row[] {
  const active = rows.filter((row) => row.minutes !== 0 || row.cases !== 0).map((row) => row.month);
  const first = active.length === 0 ? undefined : active.reduce((a, b) => (a < b ? a : b));
  return rows
    .filter((row) => first !== undefined && row.month >= first)
    .sort((a, b) => (a.month < b.month ? 1 : -1));
}
/** The summary's months with hours, newest first. */
const shownMonths = (of: typeof summary) => asShown(of.monthTotals).map((row) => row.month);

/** The cells of each row of a table (header, body, totals), as text. */
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

const table = (name: string) => screen.findByRole('table', { name });
const figure = (name: string) => screen.findByRole('figure', { name });
const barsOf = (chart: HTMLElement) => chart.querySelectorAll('.recharts-bar-rectangle path');

/**
 * Sees every request before the fake API does, including those it refuses (a 400 for bad months), which
 * `onRequest` would not see: so "nothing was asked" really means nothing.
 */
function requests() {
  const seen: FakeRequest[] = [];
  const answer = fakeReportsHandler(reportsSeed);
  const handlers: FakeHandler[] = [
    (request) => {
      seen.push(request);
      return answer(request);
    },
  ];
  const to = (path: string) =>
    seen.filter((request) => request.path === path).map((request) => request.query);
  return { handlers, to };
}

/** The months picked in the range picker. */
const monthInput = (label: 'From' | 'To') => screen.getByLabelText(label) as HTMLInputElement;

/** Chooses a month as a browser's month input does: one change with the whole `YYYY-MM`. */
const chooseMonth = (label: 'From' | 'To', month: string) =>
  fireEvent.change(monthInput(label), { target: { value: month } });

async function downloadedCsv(user: ReturnType<typeof userEvent.setup>, tableName: string) {
  const downloads = catchDownloads();
  await user.click(screen.getByRole('button', { name: `Download ${tableName} as CSV` }));
  await waitFor(async () => expect(await downloads()).toHaveLength(1));
  const [download] = await downloads();
  return { name: download?.name, lines: download?.text.trim().split(/\r?\n/) ?? [] };
}

describe('the reporting home', () => {
  it('leads to each report, saying what it shows', async () => {
    render(<stories.ReportingHome />);
    expect(await screen.findByRole('heading', { name: 'Reporting', level: 1 })).toBeInTheDocument();
    for (const [name, path] of [
      [/^Billable hours Hours and amounts/, PAGE_PATHS.billableHoursReport],
      [/^Billable hours summary Every client/, PAGE_PATHS.billableHoursSummary],
      [/^Monitoring hours Time logged/, PAGE_PATHS.monitoringHoursReport],
    ] as const)
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', path);
  });
});

describe('the billable hours report', () => {
  it('charts the months and clients, and tables them with the server’s totals', async () => {
    render(<stories.BillableHours />);
    const months = await table('Billable hours per month');
    expect(rowsOf(months)).toEqual([
      ['Month', 'Hours', 'Amount', 'Cases'],
      ...asShown(summary.monthTotals).map((row) => [
        monthLabel(row.month),
        row.hours,
        row.amount,
        String(row.cases),
      ]),
      ['Total', summary.totals.hours, summary.totals.amount, String(summary.totals.cases)],
    ]);
    expect(rowsOf(months)[1]?.[0]).toBe('Nov 2026'); // newest first
    expect(barsOf(await figure('Billable hours and amount per month'))).toHaveLength(12);
    expect(barsOf(await figure('Billable hours per client'))).toHaveLength(8);

    const clients = await table('Billable hours per client');
    const { totals } = summary;
    expect(rowsOf(clients).at(-1)).toEqual([
      'Total',
      '',
      totals.hours,
      totals.amount,
      String(totals.unratedMonths),
      String(totals.cases),
    ]);
    expect(rowsOf(clients)).toContainEqual([
      harborSummary.clientName,
      'HPM',
      harborSummary.totals.hours,
      harborSummary.totals.amount,
      '2',
      String(harborSummary.totals.cases),
    ]);
    expect(within(clients).getByRole('link', { name: harborSummary.clientName })).toHaveAttribute(
      'href',
      `${PAGE_PATHS.clientBillableHours(harborPoint.id)}?from=2025-12&to=2026-11`,
    );
    expect(summary.totals.unratedMonths).toBe(4);
    expect(
      screen.getAllByText('The hours of 4 months have no rate yet, so the amount total leaves them out.'),
    ).not.toHaveLength(0);
    expect(screen.queryByText(/add nothing/)).toBeNull();
  });

  it('reads the last 12 months when the URL names none', async () => {
    const { handlers, to } = requests();
    render(<stories.BillableHoursDefaultRange handlers={handlers} />);
    await table('Billable hours per month');
    expect(to(API_PATHS.hoursSummary)).toEqual([LAST_12]);
    expect(monthInput('From').value).toBe('2025-12');
    expect(monthInput('To').value).toBe('2026-11');
    expect(screen.getByRole('button', { name: 'Last 12 months' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('fetches again for new months, and keeps them in the URL', async () => {
    const user = userEvent.setup();
    const { handlers, to } = requests();
    render(<stories.BillableHours handlers={handlers} />);
    await table('Billable hours per month');
    chooseMonth('From', '2026-06');
    await waitFor(() =>
      expect(rowsOf(screen.getByRole('table', { name: 'Billable hours per month' }))).toHaveLength(8),
    );
    expect(to(API_PATHS.hoursSummary)).toEqual([LAST_12, { from: '2026-06', to: '2026-11' }]);
    // Links to the other reports carry the URL's months.
    expect(screen.getByRole('link', { name: 'Summary by client and month' })).toHaveAttribute(
      'href',
      `${PAGE_PATHS.billableHoursSummary}?from=2026-06&to=2026-11`,
    );

    await user.click(screen.getByRole('button', { name: 'Last 3 months' }));
    await waitFor(() => expect(to(API_PATHS.hoursSummary)).toHaveLength(3));
    expect(to(API_PATHS.hoursSummary)[2]).toEqual({ from: '2026-09', to: '2026-11' });
    expect(monthInput('From').value).toBe('2026-09');
    expect(screen.getByRole('button', { name: 'Last 3 months' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('explains a range given the wrong way round, and fetches nothing', async () => {
    const { handlers, to } = requests();
    render(<stories.BillableHoursInvalidRange handlers={handlers} />);
    expect(await screen.findByText('To must not be before From')).toBeInTheDocument();
    // The app has asked for its menu by now; the report would have been asked for with it.
    await waitFor(() => expect(to(API_PATHS.chrome)).not.toHaveLength(0));
    expect(to(API_PATHS.hoursSummary)).toEqual([]);
    expect(screen.queryByRole('figure')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('explains a range longer than a report covers, and sends no request for it', async () => {
    const { handlers, to } = requests();
    render(<stories.BillableHours handlers={handlers} />);
    await table('Billable hours per month');
    chooseMonth('From', '2020-01');
    expect(await screen.findByText('A report covers at most 60 months')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    chooseMonth('To', '2019-12');
    expect(await screen.findByText('To must not be before From')).toBeInTheDocument();
    expect(to(API_PATHS.hoursSummary)).toEqual([LAST_12]);
  });

  it('waits for a cleared month to be left before saying what is wrong', async () => {
    const { handlers, to } = requests();
    render(<stories.BillableHours handlers={handlers} />);
    await table('Billable hours per month');
    chooseMonth('From', '');
    expect(screen.queryByText(/From must be a month/)).toBeNull();
    fireEvent.blur(monthInput('From'));
    expect(await screen.findByText('From must be a month written YYYY-MM, e.g. 2026-03')).toBeInTheDocument();
    expect(to(API_PATHS.hoursSummary)).toEqual([LAST_12]);
  });

  it('offers each table as CSV, with the server’s figures and totals', async () => {
    const user = userEvent.setup();
    render(<stories.BillableHours />);
    await table('Billable hours per month');
    const { name, lines } = await downloadedCsv(user, 'Billable hours per month');
    expect(name).toBe('billable-hours-per-month-2025-12-to-2026-11.csv');
    expect(lines).toEqual([
      'Month,Hours,Amount,Cases',
      ...asShown(summary.monthTotals).map(
        (row) => `${monthLabel(row.month)},${row.hours},${row.amount},${row.cases}`,
      ),
      `Total,${summary.totals.hours},${summary.totals.amount},${summary.totals.cases}`,
    ]);
  });

  it('says so when there is nothing to chart', async () => {
    render(<stories.BillableHoursEmpty />);
    const months = await figure('Billable hours and amount per month');
    expect(await within(months).findByText('No billable hours in these months.')).toBeInTheDocument();
    expect(
      await screen.findByText('No client has billable hours in these months.', { selector: 'td' }),
    ).toBeInTheDocument();
  });

  it('shows the server’s message when the report fails', async () => {
    render(<stories.BillableHoursFailed />);
    expect(await screen.findByText(/The report could not be read/)).toHaveTextContent(
      'The database is not reachable',
    );
  });
});

describe('the billable hours summary', () => {
  it('tables clients by month with totals, marking the months without a rate', async () => {
    const user = userEvent.setup();
    render(<stories.BillableHoursSummary />);
    const hours = await table('Billable hours by client and month');
    // A default-layout page: the app bar and menu stay.
    expect(screen.getByRole('banner')).toBeInTheDocument();
    const rows = rowsOf(hours);
    // The client and its total first, then the months newest first: what matters is in view.
    expect(rows[0]).toEqual(['Client', 'Total', ...shownMonths(summary).map(monthLabel)]);
    expect(rows[0]?.[2]).toBe('Nov 2026');
    const harborMonths = asShown(harborSummary.months);
    expect(rows).toContainEqual([
      harborSummary.clientName,
      harborSummary.totals.hours,
      ...harborMonths.map((month) => (month.amount === null ? `${month.hours}no rate` : month.hours)),
    ]);
    expect(rows.at(-1)).toEqual([
      'Total',
      summary.totals.hours,
      ...asShown(summary.monthTotals).map((month) => month.hours),
    ]);

    await user.click(screen.getByRole('button', { name: 'Amounts' }));
    const amounts = await table('Amounts by client and month');
    expect(rowsOf(amounts)).toContainEqual([
      harborSummary.clientName,
      harborSummary.totals.amount,
      ...harborMonths.map((month) => month.amount ?? 'no rate'),
    ]);
    expect(rowsOf(amounts).at(-1)).toEqual([
      'Total',
      summary.totals.amount,
      ...asShown(summary.monthTotals).map((month) => month.amount),
    ]);
  });

  it('opens from the billable hours report over the months read there', async () => {
    const user = userEvent.setup();
    const { handlers, to } = requests();
    render(<stories.BillableHours handlers={handlers} />);
    await table('Billable hours per month');
    await user.click(screen.getByRole('button', { name: 'Last 3 months' }));
    await user.click(screen.getByRole('link', { name: 'Summary by client and month' }));
    const months = await table('Billable hours by client and month');
    expect(rowsOf(months)[0]).toEqual(['Client', 'Total', 'Nov 2026', 'Oct 2026', 'Sep 2026']);
    expect(to(API_PATHS.hoursSummary).at(-1)).toEqual({ from: '2026-09', to: '2026-11' });
  });

  it('offers the table shown as CSV', async () => {
    const user = userEvent.setup();
    render(<stories.BillableHoursSummary />);
    await table('Billable hours by client and month');
    await user.click(screen.getByRole('button', { name: 'Amounts' }));
    const { name, lines } = await downloadedCsv(user, 'Amounts by client and month');
    expect(name).toBe('billable-amounts-summary-2025-12-to-2026-11.csv');
    expect(lines).toHaveLength(summary.clients.length + 2);
    expect(lines).toContain(
      [
        harborSummary.clientName,
        harborSummary.totals.amount,
        ...asShown(harborSummary.months).map((month) => month.amount ?? 'No rate'),
      ].join(','),
    );
  });
});

describe("a client's billable hours", () => {
  const report = clientHoursReport(reportsSeed, harborPoint, LAST_12);

  it('opens without the menu or app bar, with its chart, months and totals', async () => {
    render(<stories.ClientBillableHours />);
    const months = await table('Billable hours per month');
    expect(screen.getByRole('heading', { name: 'Harbor Point Medical Center (HPM)' })).toBeInTheDocument();
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(rowsOf(months)).toEqual([
      ['Month', 'Hours', 'Rate', 'Amount', 'Status', 'Cases'],
      ...asShown(report.months).map((month) => [
        monthLabel(month.month),
        month.hours,
        month.rate ?? 'No rate',
        month.amount ?? 'No rate',
        { open: 'Open', closed: 'Closed', invoiced: 'Invoiced' }[month.status],
        String(month.cases),
      ]),
      ['Total', report.totals.hours, '', report.totals.amount, '', String(report.totals.cases)],
    ]);
    expect(rowsOf(months)).toContainEqual([
      'Sep 2026',
      expect.any(String),
      'No rate',
      'No rate',
      'Open',
      expect.any(String),
    ]);
    expect(barsOf(await figure('Billable hours and amount per month'))).toHaveLength(12);
  });

  it('leads back to the report over the same months, and to the client’s billing cycles', async () => {
    render(<stories.ClientBillableHours />);
    await table('Billable hours per month');
    expect(screen.getByRole('link', { name: 'Back to the report' })).toHaveAttribute(
      'href',
      `${PAGE_PATHS.billableHoursReport}?from=2025-12&to=2026-11`,
    );
    expect(screen.getByRole('link', { name: 'Billing cycles' })).toHaveAttribute(
      'href',
      PAGE_PATHS.billingClient(harborPoint.id),
    );
  });

  it('asks for the client’s report over the months chosen', async () => {
    const { handlers, to } = requests();
    render(<stories.ClientBillableHours handlers={handlers} />);
    await table('Billable hours per month');
    chooseMonth('To', '2026-03');
    await waitFor(() => expect(to(API_PATHS.clientHoursReport(harborPoint.id))).toHaveLength(2));
    expect(to(API_PATHS.clientHoursReport(harborPoint.id))[1]).toEqual({ from: '2025-12', to: '2026-03' });
  });

  it('leaves out the months before the client’s first case instead of listing them as "Open"', async () => {
    // Client 8's first case is in June 2025: January to May 2025 had nothing to bill.
    render(
      <stories.ClientBillableHours path={`${PAGE_PATHS.clientBillableHours(8)}?from=2025-01&to=2025-12`} />,
    );
    const months = rowsOf(await table('Billable hours per month')).map(([month]) => month);
    expect(months.slice(1, -1)).toEqual(
      ['Dec', 'Nov', 'Oct', 'Sep', 'Aug', 'Jul', 'Jun'].map((month) => `${month} 2025`),
    );
  });
});

describe('the monitoring hours report', () => {
  const report = monitoringHours(reportsSeed, LAST_12, null);
  /** Every month of the fixtures has hours: all of them show, newest first. */
  const newestFirst = [...report.months].reverse();

  it('charts and tables the technologists and the clients month by month', async () => {
    render(<stories.MonitoringHours />);
    const technologists = await table('Monitoring hours per technologist');
    const priya = report.byTechnologist.filter((row) => row.technologist === 'priya');
    expect(rowsOf(technologists)).toContainEqual([
      'Priya Raman',
      ...newestFirst.map((month) => priya.find((row) => row.month === month)?.hours ?? ''),
    ]);
    expect(rowsOf(technologists)).toHaveLength(reportsSeed.technologists.length + 1);
    expect(barsOf(await figure('Monitoring hours per technologist'))).toHaveLength(
      report.byTechnologist.length,
    );
    const clients = await table('Monitoring hours per client');
    expect(rowsOf(clients)).toHaveLength(reportsSeed.clients.length + 1);
    expect(within(clients).getByRole('link', { name: northside.name })).toHaveAttribute(
      'href',
      `${PAGE_PATHS.clientMonitoringHours(northside.id)}?from=2025-12&to=2026-11`,
    );
  });

  it('offers the technologists’ table as CSV', async () => {
    const user = userEvent.setup();
    render(<stories.MonitoringHours />);
    await table('Monitoring hours per technologist');
    const { name, lines } = await downloadedCsv(user, 'Monitoring hours per technologist');
    expect(name).toBe('monitoring-hours-per-technologist-2025-12-to-2026-11.csv');
    expect(lines[0]).toBe(['Technologist', ...newestFirst.map(monthLabel)].join(','));
    const priya = report.byTechnologist.filter((row) => row.technologist === 'priya');
    expect(lines).toContain(
      [
        'Priya Raman',
        ...newestFirst.map((month) => priya.find((row) => row.month === month)?.hours ?? ''),
      ].join(','),
    );
  });

  it('tables and offers as CSV each client’s notifications on time and the median delay, per month', async () => {
    const user = userEvent.setup();
    render(<stories.MonitoringHours />);
    const notifications = await table('Notifications on time per client');
    const row = found(
      report.notifications.find((candidate) => candidate.clientId === 2 && candidate.overdue > 0),
      'a month with a missed notification',
    );
    const cells = [
      row.clientName,
      row.month,
      String(row.due),
      String(row.onTime),
      String(row.late),
      String(row.overdue),
      String(row.onTimePercent),
      String(row.medianDelayMinutes),
    ];
    expect(rowsOf(notifications)).toContainEqual(cells);
    expect(rowsOf(notifications)).toHaveLength(report.notifications.length + 1);
    const { name, lines } = await downloadedCsv(user, 'Notifications on time per client');
    expect(name).toBe('notifications-per-client-2025-12-to-2026-11.csv');
    expect(lines[0]).toBe('Client,Month,Due,On time,Late,Not notified,On time (%),Median delay (min)');
    expect(lines.some((line) => line.endsWith(cells.slice(1).join(',')))).toBe(true);
  });

  it('charts and tables each client’s critical calls per month, and offers them as CSV', async () => {
    const user = userEvent.setup();
    render(<stories.MonitoringHours />);
    expect(await screen.findByRole('figure', { name: 'Critical calls closed on time' })).toBeInTheDocument();
    const calls = await table('Critical calls per client');
    const row = found(
      report.notifications.find((candidate) => candidate.clientId === 2 && candidate.overdue > 0),
      'a month with a call not closed',
    );
    const made = row.due + row.pending;
    const cells = [
      row.clientName,
      row.month,
      String(made),
      String(row.onTime),
      String(row.late),
      String(row.overdue),
      String(row.onTimePercent),
      String(row.medianDelayMinutes),
      '1',
      '0',
    ];
    expect(rowsOf(calls)).toContainEqual(cells);
    const { name, lines } = await downloadedCsv(user, 'Critical calls per client');
    expect(name).toBe('critical-calls-per-client-2025-12-to-2026-11.csv');
    expect(lines[0]).toBe(
      'Client,Month,Calls,Closed on time,Closed late,Not closed,On time (%),Median to reach (min),Attempts per call,Escalations',
    );
    expect(lines.some((line) => line.endsWith(cells.slice(1).join(',')))).toBe(true);
  });

  it('tables and offers as CSV each client’s reports signed on time, per month they fell due', async () => {
    const user = userEvent.setup();
    render(<stories.MonitoringHours />);
    const reports = await table('Reports on time per client');
    const row = found(
      report.reports.find((candidate) => candidate.late > 0),
      'a month with a report signed late',
    );
    const cells = [
      row.clientName,
      row.month,
      String(row.due),
      String(row.onTime),
      String(row.late),
      String(row.overdue),
      String(row.onTimePercent),
    ];
    expect(rowsOf(reports)).toContainEqual(cells);
    expect(rowsOf(reports)).toHaveLength(report.reports.length + 1);
    const { name, lines } = await downloadedCsv(user, 'Reports on time per client');
    expect(name).toBe('reports-on-time-per-client-2025-12-to-2026-11.csv');
    expect(lines[0]).toBe('Client,Month,Due,On time,Late,Not signed,Reports on time (%)');
  });

  it('charts and tables the order turnaround per client, month and priority, and offers it as CSV', async () => {
    const user = userEvent.setup();
    render(<stories.MonitoringHours />);
    const turnaround = await table('Order turnaround per client');
    expect(rowsOf(turnaround)).toHaveLength(3);
    expect(rowsOf(turnaround)[1]?.slice(2)).toEqual(['STAT', '3', '66.7', '50', '100', '35']);
    expect(rowsOf(turnaround)[2]?.slice(2)).toEqual(['Urgent', '1', '100', '95', '—', '—']);
    expect(
      screen.getByRole('figure', { name: 'Orders meeting their turnaround targets' }),
    ).toBeInTheDocument();
    const { name, lines } = await downloadedCsv(user, 'Order turnaround per client');
    expect(name).toBe('order-turnaround-per-client-2025-12-to-2026-11.csv');
    expect(lines[0]).toBe(
      'Client,Month,Priority,Orders,Hookup on time (%),Median order to hookup (min),First review on time (%),Median hookup to first review (min)',
    );
    expect(lines).toHaveLength(3);
  });

  it('opens a client picked from the list, over the same months', async () => {
    const user = userEvent.setup();
    const { handlers, to } = requests();
    render(<stories.MonitoringHours handlers={handlers} />);
    await table('Monitoring hours per technologist');
    await user.click(screen.getByRole('combobox', { name: "A client's cases" }));
    await user.click(await screen.findByRole('option', { name: northside.name }));
    expect(await table('Monitoring hours per case')).toBeInTheDocument();
    expect(screen.queryByRole('banner')).toBeNull();
    expect(to(API_PATHS.monitoringHours).at(-1)).toEqual({ ...LAST_12, clientId: String(northside.id) });
  });
});

describe("a client's monitoring hours", () => {
  const report = monitoringHours(reportsSeed, LAST_12, northside);

  it('opens without the menu or app bar, with its cases and technologists by month', async () => {
    render(<stories.ClientMonitoringHours />);
    const cases = await table('Monitoring hours per case');
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Northside General Hospital (NSG)' })).toBeInTheDocument();
    const caseNumbers = new Set(report.byCase.map((row) => row.caseNumber));
    expect(rowsOf(cases)).toHaveLength(caseNumbers.size + 1);
    const [first] = report.byCase;
    const firstRow = rowsOf(cases).find((row) => row[0] === first?.caseNumber);
    const newestFirst = [...report.months].reverse();
    expect(rowsOf(cases)[0]?.[1]).toBe(monthLabel(newestFirst[0] ?? ''));
    expect(firstRow?.[newestFirst.indexOf(first?.month ?? '') + 1]).toBe(first?.hours);
    expect(barsOf(await figure('Monitoring hours per case and month'))).toHaveLength(report.byCase.length);
    const technologists = await table('Monitoring hours per technologist');
    expect(rowsOf(technologists)).toHaveLength(
      new Set(report.byTechnologist.map((row) => row.technologist)).size + 1,
    );
    expect(screen.getByRole('link', { name: 'Back to monitoring hours' })).toHaveAttribute(
      'href',
      `${PAGE_PATHS.monitoringHoursReport}?from=2025-12&to=2026-11`,
    );
  });

  it('offers the cases as CSV', async () => {
    const user = userEvent.setup();
    render(<stories.ClientMonitoringHours />);
    await table('Monitoring hours per case');
    const { name, lines } = await downloadedCsv(user, 'Monitoring hours per case');
    expect(name).toBe('monitoring-hours-per-case-nsg-2025-12-to-2026-11.csv');
    expect(lines).toHaveLength(new Set(report.byCase.map((row) => row.caseId)).size + 1);
  });
});
