import type { Meta, StoryObj } from '@storybook/react-vite';
import { userWithRole } from '@test-support/clientFixtures';
import { menuForRole } from '@test-support/fakeApi';
import { emptyReportsSeed, fakeReportsHandler, reportsSeed } from '@test-support/fakeReportsApi';
import { HandlersHarness } from '@test-support/HandlersHarness';
import { expect } from 'storybook/test';
import { API_PATHS, PAGE_PATHS } from '../../../contract/paths';
import { toHttpError } from '../../dataProvider/httpClient';

/** The twelve months the stories read: December 2025 to November 2026. */
const LAST_12_MONTHS = '?from=2025-12&to=2026-11';

/**
 * The reporting pages (DESIGN §9) as billing staff see them, over eight client hospitals' figures from
 * January 2025 to November 2026 (`fakeReportsApi`). Every figure and total is the fake server's.
 */
const meta = {
  title: 'Reporting/Pages',
  component: HandlersHarness,
  parameters: { layout: 'fullscreen' },
  args: {
    chrome: menuForRole('billing'),
    user: userWithRole('billing'),
    handlers: [fakeReportsHandler(reportsSeed)],
    path: PAGE_PATHS.reporting,
  },
} satisfies Meta<typeof HandlersHarness>;
export default meta;

type Story = StoryObj<typeof meta>;

/** The reports to choose from, a card each. */
export const ReportingHome: Story = {};

/** A year of billable hours: the month and client charts, then their tables with the totals. */
export const BillableHours: Story = { args: { path: `${PAGE_PATHS.billableHoursReport}${LAST_12_MONTHS}` } };

/** No months in the URL: the last 12 months ending this month. */
export const BillableHoursDefaultRange: Story = { args: { path: PAGE_PATHS.billableHoursReport } };

/** A shared link whose months are the wrong way round: the message, and nothing fetched. */
export const BillableHoursInvalidRange: Story = {
  args: { path: `${PAGE_PATHS.billableHoursReport}?from=2026-11&to=2025-12` },
};

/** Before any case was monitored: the charts say there is nothing to draw, the tables show zeros. */
export const BillableHoursEmpty: Story = {
  args: { ...BillableHours.args, handlers: [fakeReportsHandler(emptyReportsSeed)] },
};

const UNREACHABLE = toHttpError(500, { error: 'The database is not reachable' });

/** A report page over the last twelve months: its path, the API call it reads, its heading. */
interface ReportRead {
  path: string;
  api: string;
  heading: string;
}

/** While the report is read: its heading and months, and grey placeholders for its charts and tables. */
const loadingReport = ({ path, api, heading }: ReportRead): Story => ({
  args: { path: `${path}${LAST_12_MONTHS}`, pending: [`GET ${api}`] },
  parameters: { stillLoading: true },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(canvas.getByRole('progressbar', { name: 'Loading the tables' })).toBeVisible();
  },
});

/** The server failed to answer: its message instead of the report. */
const failedReport = ({ path, api }: ReportRead): Story => ({
  args: { path: `${path}${LAST_12_MONTHS}`, failures: { [`GET ${api}`]: UNREACHABLE } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText('The report could not be read: The database is not reachable'),
    ).toBeVisible();
  },
});

/** The report before any case was monitored: `text` where its figures would be. */
const emptyReport = ({ path }: ReportRead, text: string): Story => ({
  args: { path: `${path}${LAST_12_MONTHS}`, handlers: [fakeReportsHandler(emptyReportsSeed)] },
  play: async ({ canvas }) => {
    await expect((await canvas.findAllByText(text))[0]).toBeVisible();
  },
});

const report = (path: string, api: string, heading: string): ReportRead => ({ path, api, heading });
const { hoursSummary, monitoringHours } = API_PATHS;
const BILLABLE = report(PAGE_PATHS.billableHoursReport, hoursSummary, 'Billable hours');
const SUMMARY = report(PAGE_PATHS.billableHoursSummary, hoursSummary, 'Billable hours summary');
const HARBOR = report(
  PAGE_PATHS.clientBillableHours(6),
  API_PATHS.clientHoursReport(6),
  'Client billable hours',
);
const MONITORING = report(PAGE_PATHS.monitoringHoursReport, monitoringHours, 'Monitoring hours');
const NORTHSIDE = report(PAGE_PATHS.clientMonitoringHours(1), monitoringHours, 'Client monitoring hours');

export const BillableHoursLoading = loadingReport(BILLABLE);

export const BillableHoursFailed = failedReport(BILLABLE);

/** Clients × months in hours (or amounts), with the months that have no rate marked. */
export const BillableHoursSummary: Story = {
  args: { path: `${PAGE_PATHS.billableHoursSummary}${LAST_12_MONTHS}` },
};

/** Harbor Point Medical Center, whose September and October have no rate yet (base layout, no menu). */
export const ClientBillableHours: Story = {
  args: { path: `${PAGE_PATHS.clientBillableHours(6)}${LAST_12_MONTHS}` },
};

/** Technologists and clients month by month, with a client picker. */
export const MonitoringHours: Story = {
  args: { path: `${PAGE_PATHS.monitoringHoursReport}${LAST_12_MONTHS}` },
};

/** Northside General's cases and technologists month by month (base layout, no menu). */
export const ClientMonitoringHours: Story = {
  args: { path: `${PAGE_PATHS.clientMonitoringHours(1)}${LAST_12_MONTHS}` },
};

export const BillableHoursSummaryLoading = loadingReport(SUMMARY);

export const BillableHoursSummaryEmpty = emptyReport(
  SUMMARY,
  'No client has billable hours in these months.',
);

export const BillableHoursSummaryFailed = failedReport(SUMMARY);

export const ClientBillableHoursLoading = loadingReport(HARBOR);

export const ClientBillableHoursEmpty = emptyReport(HARBOR, 'No billable hours in these months.');

export const ClientBillableHoursFailed = failedReport(HARBOR);

export const MonitoringHoursLoading = loadingReport(MONITORING);

/** No time logged, notification made, report due or order placed in the months. */
export const MonitoringHoursEmpty = emptyReport(MONITORING, 'No order was placed in these months.');

export const MonitoringHoursFailed = failedReport(MONITORING);

const TURNAROUND = `GET ${API_PATHS.turnaround}`;

/** The hours are in; the orders' turnaround and critical calls, read apart, are still coming. */
export const TurnaroundLoading: Story = {
  args: { path: `${MONITORING.path}${LAST_12_MONTHS}`, pending: [TURNAROUND] },
  parameters: { stillLoading: true },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('progressbar', { name: 'Loading Orders meeting their turnaround targets' }),
    ).toBeVisible();
    await expect(
      canvas.getByRole('progressbar', { name: 'Loading Critical calls closed on time' }),
    ).toBeVisible();
    await expect(canvas.getByRole('table', { name: 'Monitoring hours per technologist' })).toBeVisible();
  },
};

/** The turnaround could not be read: its message below the hours, which stand. */
export const TurnaroundFailed: Story = {
  args: {
    path: `${MONITORING.path}${LAST_12_MONTHS}`,
    failures: { [TURNAROUND]: UNREACHABLE },
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText('The report could not be read: The database is not reachable'),
    ).toBeVisible();
    await expect(canvas.getByRole('table', { name: 'Monitoring hours per technologist' })).toBeVisible();
  },
};

export const ClientMonitoringHoursLoading = loadingReport(NORTHSIDE);

export const ClientMonitoringHoursEmpty = emptyReport(
  NORTHSIDE,
  'No case of this client was monitored in these months.',
);

export const ClientMonitoringHoursFailed = failedReport(NORTHSIDE);
