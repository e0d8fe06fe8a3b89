import type { Meta, StoryObj } from '@storybook/react-vite';
import { userWithRole } from '@test-support/clientFixtures';
import { menuForRole } from '@test-support/fakeApi';
import { emptyReportsSeed, fakeReportsHandler, reportsSeed } from '@test-support/fakeReportsApi';
import { HandlersHarness } from '@test-support/HandlersHarness';
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

/** The server failed: its message instead of the report. */
export const BillableHoursFailed: Story = {
  args: {
    ...BillableHours.args,
    failures: {
      [`GET ${API_PATHS.hoursSummary}`]: toHttpError(500, { error: 'The database is not reachable' }),
    },
  },
};

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
