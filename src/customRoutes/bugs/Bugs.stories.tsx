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
import { useMemo } from 'react';
import { userEvent, within } from 'storybook/test';
import { casePagePath, PAGE_PATHS } from '../../../contract/paths';

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

export const ReportsEmpty: Story = { args: { seed: noBugsSeed } };

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

/** Only admins may run the self-checks. */
export const SelfChecksRefused: Story = { args: { path: PAGE_PATHS.integrationTesting, ...technologist } };
