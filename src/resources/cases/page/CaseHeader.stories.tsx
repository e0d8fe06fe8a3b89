import type { Meta, StoryObj } from '@storybook/react-vite';
import { AppHarness } from '@test-support/AppHarness';
import {
  casePageData,
  closedCase,
  monitoringCase,
  newIntake,
  readyForMonitoring,
  reviewedCase,
} from '@test-support/caseDetailsFixtures';
import { userWithRole } from '@test-support/clientFixtures';
import { menuForRole } from '@test-support/fakeApi';
import type { CaseDetails } from '../../../../contract/cases';
import { API_PATHS, casePagePath } from '../../../../contract/paths';
import type { Role } from '../../../../contract/roles';
import { toHttpError } from '../../../dataProvider/httpClient';

const asRole = (role: Role) => ({ chrome: menuForRole(role), user: userWithRole(role) });
const pageOf = ({ stage, id }: CaseDetails) => casePagePath(stage, id, 'activity');

/** The case header's stage changes: one button per move the caller's roles may make, with what each needs. */
const meta = {
  title: 'Cases/Case page/Header',
  component: AppHarness,
  parameters: { layout: 'fullscreen' },
  args: { ...asRole('technologist'), ...casePageData, path: pageOf(readyForMonitoring) },
} satisfies Meta<typeof AppHarness>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Everything monitoring needs is there: "Move to monitoring" is enabled. */
export const MoveAllowed: Story = {};

/** A new intake case: the move is disabled, and what is missing is written under it. */
export const MoveBlocked: Story = { args: { path: pageOf(newIntake) } };

/** An admin may also cancel an intake case; cancelling asks for a reason. */
export const CancelAsksForReason: Story = { args: asRole('admin') };

/** An admin may reopen a closed case, with a reason, back to the stage it was closed from. */
export const ReopenClosedCase: Story = { args: { ...asRole('admin'), path: pageOf(closedCase) } };

/** Billing closes a reviewed case. */
export const BillingCloses: Story = { args: { ...asRole('billing'), path: pageOf(reviewedCase) } };

/** Billing may make no move on a monitoring case: no buttons. */
export const NoMoves: Story = { args: { ...asRole('billing'), path: pageOf(monitoringCase) } };

/** Someone else changed the case meanwhile: the server's 409 is shown and the case read again. */
export const ChangedMeanwhile: Story = {
  args: {
    failures: {
      [`POST ${API_PATHS.caseTransitions(readyForMonitoring.id)}`]: toHttpError(409, {
        error: `Case ${readyForMonitoring.caseNumber} was changed by someone else meanwhile; reload and try again.`,
      }),
    },
  },
};

/** A technologist adds the order of a case taken in without one, from the header's "Add order". */
export const AddOrder: Story = {};

/** Someone else changed the case while the order was being edited: the 409 shows in the dialog. */
export const OrderChangedMeanwhile: Story = {
  args: {
    failures: {
      [`PATCH ${API_PATHS.case(readyForMonitoring.id)}`]: toHttpError(409, {
        error: `Case ${readyForMonitoring.caseNumber} was changed by someone else meanwhile; reload and try again.`,
      }),
    },
  },
};
