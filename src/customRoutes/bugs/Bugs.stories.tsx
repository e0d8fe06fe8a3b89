import type { Meta, StoryObj } from '@storybook/react-vite';
import { casePageData, monitoringCase } from '@test-support/caseDetailsFixtures';
import { userWithRole } from '@test-support/clientFixtures';
import { menuForRole } from '@test-support/fakeApi';
import type { FakeRequest } from '@test-support/fakeApiRules';
import {
  type BugsSeed,
  bugsSeed,
  failingChecks,
  fakeBugsHandler,
  noBugsSeed,
} from '@test-support/fakeBugsApi';
import { HandlersHarness, type HandlersHarnessProps } from '@test-support/HandlersHarness';
import { expectReadFailed, expectTableLoading } from '@test-support/storyStates';
import { useMemo } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { API_PATHS, casePagePath, PAGE_PATHS } from '../../../contract/paths';
import { toHttpError } from '../../dataProvider/httpClient';

interface BugsHarnessProps extends Omit<HandlersHarnessProps, 'handlers'> {
  seed: BugsSeed;
}

/**
 * The whole app over a fresh fake bugs API per render. The harness reports only the requests a handler
 * answered; a refused one (403, 400) is reported here, so a test sees every call that was made.
 */
const BugsHarness = ({ seed, user, onRequest, ...props }: BugsHarnessProps) => {
  const handlers = useMemo(() => {
    const handle = fakeBugsHandler(seed, user);
    return [
      (request: FakeRequest) => {
        try {
          return handle(request);
        } catch (error) {
          onRequest?.(request);
          throw error;
        }
      },
    ];
  }, [seed, user, onRequest]);
  return <HandlersHarness {...props} user={user} onRequest={onRequest} handlers={handlers} />;
};

const admin = { chrome: menuForRole('admin'), user: userWithRole('admin') };
const technologist = { chrome: menuForRole('technologist'), user: userWithRole('technologist') };

/**
 * The bug reports and the self-checks (DESIGN §9): four reports of every severity filed in November 2026 by
 * the technologist, billing staff and a reader; the server's six self-checks.
 */
const meta = {
  title: 'Administration/Bugs',
  component: BugsHarness,
  parameters: { layout: 'fullscreen' },
  args: { path: PAGE_PATHS.bugs, ...admin, seed: bugsSeed },
} satisfies Meta<typeof BugsHarness>;
export default meta;

type Story = StoryObj<typeof meta>;

/** An admin sees every report, newest first: critical, low, high and medium, open to resolved. */
export const ReportsAsAdmin: Story = {};

/** A technologist sees only the two reports they filed. */
export const ReportsAsTechnologist: Story = { args: technologist };

/** No report filed yet. */
export const ReportsEmpty: Story = {
  args: { seed: noBugsSeed },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No bug reports yet.')).toBeVisible();
  },
};

const READ_REPORTS = `GET ${API_PATHS.bugReports}`;
const UNREACHABLE = toHttpError(503, { error: 'The database is not reachable' });

/** The reports while they are read: the heading and "Report a bug", grey rows where the reports will be. */
export const ReportsLoading: Story = {
  args: { pending: [READ_REPORTS], onRequest: fn() },
  parameters: { stillLoading: true },
  play: ({ args, canvas }) =>
    expectTableLoading(canvas, args.onRequest, {
      path: API_PATHS.bugReports,
      heading: 'Bug reports',
      table: 'Bug reports, loading',
    }),
};

/** The reports could not be read: the server's reason and a way to ask again. */
export const ReportsFailed: Story = {
  args: { failures: { [READ_REPORTS]: UNREACHABLE } },
  play: ({ canvas }) =>
    expectReadFailed(canvas, 'The bug reports could not be read: The database is not reachable'),
};

/** On a monitoring case's events tab, "Report a bug" in the app bar opens the form with that page filled in. */
export const ReportFromCasePage: Story = {
  args: { ...casePageData, path: casePagePath('monitoring', monitoringCase.id, 'events') },
  play: async ({ canvasElement }) => {
    const banner = await within(canvasElement).findByRole('banner');
    await userEvent.click(await within(banner).findByRole('button', { name: 'Report a bug' }));
  },
};

/** All six self-checks pass, each with its time. */
export const SelfChecksPass: Story = { args: { path: PAGE_PATHS.integrationTesting } };

/** The backup folder is a file and the disk is nearly full: "2 of 6 checks fail", with why. */
export const SelfChecksFail: Story = {
  args: { path: PAGE_PATHS.integrationTesting, seed: { ...bugsSeed, checks: failingChecks } },
};

const RUN_CHECKS = `GET ${API_PATHS.selfChecks}`;

/** The self-checks while the server runs them (the first time, so no results yet to dim). */
export const SelfChecksRunning: Story = {
  args: { path: PAGE_PATHS.integrationTesting, pending: [RUN_CHECKS] },
  parameters: { stillLoading: true },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('progressbar', { name: 'Running the self-checks' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Running…' })).toBeDisabled();
  },
};

/** The self-checks could not be run: the server's reason, and "Run again". */
export const SelfChecksFailed: Story = {
  args: { path: PAGE_PATHS.integrationTesting, failures: { [RUN_CHECKS]: UNREACHABLE } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText('The self-checks could not be run: The database is not reachable'),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Run again' })).toBeEnabled();
  },
};

/** Only admins may run the self-checks. */
export const SelfChecksRefused: Story = { args: { path: PAGE_PATHS.integrationTesting, ...technologist } };
