import type { Meta, StoryObj } from '@storybook/react-vite';
import { AppHarness } from '@test-support/AppHarness';
import { casePageData, closedCase, marcus, monitoringCase } from '@test-support/caseDetailsFixtures';
import { userWithRole } from '@test-support/clientFixtures';
import { menuForRole } from '@test-support/fakeApi';
import { expectPageLoading } from '@test-support/storyStates';
import { expect, fn } from 'storybook/test';
import { API_PATHS, casePagePath } from '../../../../contract/paths';
import { toHttpError } from '../../../dataProvider/httpClient';

const monitoring = (tab: string) => casePagePath('monitoring', monitoringCase.id, tab);
const closed = (tab: string) => casePagePath('closed', closedCase.id, tab);
const reader = { chrome: menuForRole('reader'), user: userWithRole('reader') };
/** The case page's read, as the fake API is asked it (GET …/cases/details/{id}). */
const READ_CASE = `GET ${API_PATHS.caseDetails(monitoringCase.id)}`;

/** A case's page, one story per tab (`/continuous-monitoring/cases/{stage}/{caseId}/{tab}`), over the fake API. */
const meta = {
  title: 'Cases/Case page',
  component: AppHarness,
  parameters: { layout: 'fullscreen' },
  args: { chrome: menuForRole('admin'), ...casePageData, path: monitoring('details') },
} satisfies Meta<typeof AppHarness>;
export default meta;

type Story = StoryObj<typeof meta>;

/** An admin edits the header fields and the technologists. */
export const Details: Story = {};

/** A reader sees the case without inputs. */
export const DetailsReadOnly: Story = { args: reader };

/** A technologist who is not on the case: "Assign me". */
export const DetailsForAnotherTechnologist: Story = {
  args: { chrome: menuForRole('technologist'), user: marcus },
};

/** The case's URL without a tab opens the details. */
export const WithoutTab: Story = {
  args: { path: `${API_PATHS.caseStage('monitoring')}/${monitoringCase.id}` },
};

/** An old link that names the stage the case was in: the page moves to the case's own stage. */
export const UnderAnotherStage: Story = {
  args: { path: casePagePath('intake', monitoringCase.id, 'activity') },
};

/** The case while it is read: react-admin's page spinner, no header or tabs yet. */
export const Loading: Story = {
  args: { pending: [READ_CASE], onRequest: fn() },
  parameters: { stillLoading: true },
  play: async ({ args, canvas }) => {
    await expectPageLoading(canvas, args.onRequest, API_PATHS.caseDetails(monitoringCase.id));
    await expect(canvas.queryByRole('tablist')).toBeNull();
  },
};

/** The case could not be read: the server's reason in place of the page. */
export const Failed: Story = {
  args: { failures: { [READ_CASE]: toHttpError(503, { error: 'The database is not reachable' }) } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('The database is not reachable');
    await expect(canvas.queryByRole('tablist')).toBeNull();
  },
};

export const UnknownCase: Story = { args: { path: casePagePath('monitoring', 999) } };

/** Stage changes with their reasons and actions, and the case's own actions, newest first. */
export const Activity: Story = { args: { path: monitoring('activity') } };

/** The client's current protocol and transfer protocol. */
export const Protocol: Story = { args: { path: monitoring('protocol') } };

/** The patient tab shows what intake recorded; editing arrives with the clinical records. */
export const PatientTab: Story = { args: { path: monitoring('patient') } };

/** A closed case is read-only; an admin may reopen it. */
export const ClosedDetails: Story = { args: { path: closed('details') } };

export const ClosedActivity: Story = { args: { path: closed('activity') } };

/** The protocol the case closed under (revision 2), not the client's current one (revision 3). */
export const ClosedProtocol: Story = { args: { path: closed('protocol') } };
