import type { Meta, StoryObj } from '@storybook/react-vite';
import { userWithRole } from '@test-support/clientFixtures';
import { menuForRole } from '@test-support/fakeApi';
import {
  type BillingSeed,
  billingClientsData,
  billingSeed,
  fakeBillingHandler,
  noBillingSeed,
} from '@test-support/fakeBillingApi';
import { HandlersHarness, type HandlersHarnessProps } from '@test-support/HandlersHarness';
import { expectPageLoading, expectReadFailed, expectTableLoading } from '@test-support/storyStates';
import { useMemo } from 'react';
import { expect, fn, within } from 'storybook/test';
import { monthIn } from '../../../contract/calendar';
import { API_PATHS, PAGE_PATHS } from '../../../contract/paths';
import { toHttpError } from '../../dataProvider/httpClient';

interface BillingHarnessProps extends Omit<HandlersHarnessProps, 'handlers'> {
  seed: BillingSeed;
}

/** The whole app over a fresh fake billing API per render, so one story's writes never leak into the next. */
const BillingHarness = ({ seed, user, ...props }: BillingHarnessProps) => {
  const handlers = useMemo(() => [fakeBillingHandler(seed, user)], [seed, user]);
  return <HandlersHarness {...props} user={user} handlers={handlers} />;
};

/**
 * The billing pages (DESIGN §9) as billing staff see them in November 2026: Bayou Memorial (Chicago) with
 * June–August invoiced, September closed and changed since, October open at 125.50; Northside General
 * (New York) and Lakeshore Children's (Chicago) with October hours and no rate yet.
 */
const meta = {
  title: 'Billing/Billing pages',
  component: BillingHarness,
  parameters: { layout: 'fullscreen' },
  args: {
    path: PAGE_PATHS.billing,
    chrome: menuForRole('billing'),
    user: userWithRole('billing'),
    clientsData: billingClientsData,
    seed: billingSeed,
  },
} satisfies Meta<typeof BillingHarness>;
export default meta;

type Story = StoryObj<typeof meta>;

/** The clients this month and last; two still need a rate for last month. */
export const BillingHome: Story = {};

/** No client recorded yet: what brings one here. */
export const BillingHomeEmpty: Story = {
  args: { seed: noBillingSeed },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/^No clients to bill yet/)).toBeVisible();
  },
};

const READ_SUMMARY = `GET ${API_PATHS.hoursSummary}`;

/** The summary while it is read: the heading, and grey rows where the clients will be. */
export const BillingHomeLoading: Story = {
  args: { pending: [READ_SUMMARY], onRequest: fn() },
  parameters: { stillLoading: true },
  play: ({ args, canvas }) =>
    expectTableLoading(canvas, args.onRequest, {
      path: API_PATHS.hoursSummary,
      heading: 'Billing',
      table: 'Clients to bill, loading',
    }),
};

/** The summary could not be read: the server's reason and a way to ask again. */
export const BillingHomeUnreadable: Story = {
  args: {
    failures: { [READ_SUMMARY]: toHttpError(500, { error: 'The database is not reachable' }) },
  },
  play: ({ canvas }) =>
    expectReadFailed(canvas, 'The billing summary could not be read: The database is not reachable'),
};

/** Bayou's months, newest first (base layout): set October's rate inline, close it, invoice September. */
export const ClientCycles: Story = { args: { path: PAGE_PATHS.billingClient(1) } };

/** Northside's October has hours but no rate: Close waits for one. */
export const ClientCyclesWithoutRate: Story = { args: { path: PAGE_PATHS.billingClient(2) } };

const READ_BAYOU_CYCLES = `GET ${API_PATHS.billingCycles(1)}`;

/** Bayou's months while they are read: the client's heading, grey rows where the months will be. */
export const ClientCyclesLoading: Story = {
  args: { path: PAGE_PATHS.billingClient(1), pending: [READ_BAYOU_CYCLES], onRequest: fn() },
  parameters: { stillLoading: true },
  play: ({ args, canvas }) =>
    expectTableLoading(canvas, args.onRequest, {
      path: API_PATHS.billingCycles(1),
      heading: 'Bayou Memorial Hospital',
      table: 'Billing cycles, loading',
    }),
};

/** Bayou's months could not be read: the server's reason under the client's heading. */
export const ClientCyclesFailed: Story = {
  args: {
    path: PAGE_PATHS.billingClient(1),
    failures: { [READ_BAYOU_CYCLES]: toHttpError(503, { error: 'The database is not reachable' }) },
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText('The billing cycles could not be read: The database is not reachable'),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Back to billing' })).toBeVisible();
  },
};

/**
 * Lakeshore Children's as if just added, with no recording yet: the server lists only this month, open,
 * with no hours, rate or cases (the months start with the first recording).
 */
export const ClientCyclesNoRecordingYet: Story = {
  args: {
    path: PAGE_PATHS.billingClient(3),
    seed: {
      clients: billingSeed.clients.map((entry) =>
        entry.client.id === 3
          ? { ...entry, firstMonth: monthIn(entry.client.timeZone), lines: {}, cycles: [] }
          : entry,
      ),
    },
  },
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'Billing cycles' });
    // The heading row and this month's.
    await expect(within(table).getAllByRole('row')).toHaveLength(2);
  },
};

/** An admin may reopen an invoiced month (back to closed); billing staff may not. */
export const AsAdmin: Story = {
  args: { path: PAGE_PATHS.billingClient(1), chrome: menuForRole('admin'), user: userWithRole('admin') },
};

/** October at Bayou, still open: six cases, CPT codes, an adjustment, a routine EEG; printable, CSV. */
export const Statement: Story = { args: { path: PAGE_PATHS.statement(1, '2026-10') } };

/** September at Bayou, closed: its frozen lines, and the time log and billing note changed after closing. */
export const StatementClosedWithChanges: Story = { args: { path: PAGE_PATHS.statement(1, '2026-09') } };

/** November at Bayou, still running: a monitoring log forgotten for days, billed for one shift, open and stale. */
export const StatementWithRunningLog: Story = { args: { path: PAGE_PATHS.statement(1, '2026-11') } };

/** November at Northside: no cases yet, no rate. */
export const StatementEmptyNoRate: Story = { args: { path: PAGE_PATHS.statement(2, '2026-11') } };

const READ_OCTOBER = `GET ${API_PATHS.billingCycle(1, '2026-10')}`;

/** October at Bayou while its statement is read: react-admin's page spinner. */
export const StatementLoading: Story = {
  args: { path: PAGE_PATHS.statement(1, '2026-10'), pending: [READ_OCTOBER], onRequest: fn() },
  parameters: { stillLoading: true },
  play: ({ args, canvas }) => expectPageLoading(canvas, args.onRequest, API_PATHS.billingCycle(1, '2026-10')),
};

/** October's statement could not be read: the server's reason and the way back to the cycles. */
export const StatementFailed: Story = {
  args: {
    path: PAGE_PATHS.statement(1, '2026-10'),
    failures: { [READ_OCTOBER]: toHttpError(503, { error: 'The database is not reachable' }) },
  },
  play: async ({ canvas }) => {
    await expectReadFailed(canvas, 'The statement could not be read: The database is not reachable');
    await expect(canvas.getByRole('link', { name: 'Back to the billing cycles' })).toBeVisible();
  },
};
