import { composeStories } from '@storybook/react-vite';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, TestMemoryRouter, useCanAccess } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import preview from '../../.storybook/preview';
import type { CaseDetails } from '../../contract/cases';
import type { CurrentUser } from '../../contract/chrome';
import { API_PATHS, casePagePath } from '../../contract/paths';
import { toHttpError } from '../../src/dataProvider/httpClient';
import * as pageStories from '../../src/resources/cases/page/CasePage.stories';
import { DeleteCaseButton } from '../../src/resources/cases/page/DeleteCaseButton';
import { monitoringCase, newIntake } from '../support/caseDetailsFixtures';
import { userWithRole } from '../support/clientFixtures';
import { buildUser, type FakeApi, fakeDataProvider, menuForRole } from '../support/fakeApi';
import { fakeAuthProvider } from '../support/fakeAuthProvider';
import { requestCount } from './support/requests';
import { tableShowing } from './support/tables';

const { Details } = composeStories(pageStories, preview);

const ACCESS_ANSWERED = 'Access to delete cases answered';

/** Shows once react-admin has answered whether the user may delete cases: the check the button waits for. */
const AccessAnswered = () => {
  const { isPending } = useCanAccess({ resource: 'cases', action: 'delete' });
  return isPending ? null : <p>{ACCESS_ANSWERED}</p>;
};

/**
 * The button alone, as the case header shows it, for `user` (whether it is offered does not need the page).
 * Its access check and the probe's are one query, so the probe shows in the render that settles the button.
 */
function renderButton(details: CaseDetails, chrome: FakeApi['chrome'], user: CurrentUser) {
  render(
    <TestMemoryRouter>
      <AdminContext dataProvider={fakeDataProvider({ chrome, user })} authProvider={fakeAuthProvider(user)}>
        <DeleteCaseButton details={details} />
        <AccessAnswered />
      </AdminContext>
    </TestMemoryRouter>,
  );
}

/**
 * The case header's Delete case button, once it shows. Found by its text, then checked to be a button of that
 * name: asking for a button by role and name computes the name of every button and link of the whole app.
 */
async function findDeleteButton() {
  const button = (await screen.findByText('Delete case')).closest('button');
  expect(button).toHaveAccessibleName('Delete case');
  return button as HTMLButtonElement;
}

const intakePage = casePagePath('intake', newIntake.id, 'details');
const deletePath = API_PATHS.case(newIntake.id);

describe("an administrator's delete of an intake case with no records", () => {
  it('asks first, sends the version shown, then lists the intake cases without it and says so', async () => {
    const user = userEvent.setup();
    const onRequest = vi.fn();
    render(<Details path={intakePage} onRequest={onRequest} />);
    await user.click(await findDeleteButton());
    const dialog = await screen.findByRole('dialog', { name: `Delete case ${newIntake.caseNumber}?` });
    expect(requestCount(onRequest, 'DELETE', deletePath)).toBe(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete case' }));

    await waitFor(() =>
      expect(onRequest).toHaveBeenCalledWith(
        expect.objectContaining({
          method: 'DELETE',
          path: deletePath,
          query: { version: newIntake.version },
        }),
      ),
    );
    expect(await screen.findByText(`Case ${newIntake.caseNumber} deleted`)).toBeInTheDocument();
    // The list's links only, not the whole app's.
    const list = await tableShowing('NSG-2026-0002');
    expect(within(list).getByRole('link', { name: 'NSG-2026-0002' })).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(screen.getByRole('table')).queryByRole('link', { name: newIntake.caseNumber }),
      ).toBeNull(),
    );
    expect(screen.queryByText('Case not found')).toBeNull();
    expect(requestCount(onRequest, 'GET', API_PATHS.caseDetails(newIntake.id))).toBe(1);
  });

  it('keeps the case when the dialog is left', async () => {
    const user = userEvent.setup();
    const onRequest = vi.fn();
    render(<Details path={intakePage} onRequest={onRequest} />);
    await user.click(await findDeleteButton());
    const dialog = await screen.findByRole('dialog', { name: `Delete case ${newIntake.caseNumber}?` });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requestCount(onRequest, 'DELETE', deletePath)).toBe(0);
    expect(
      screen.getByRole('heading', { name: `Case ${newIntake.caseNumber}`, level: 1 }),
    ).toBeInTheDocument();
  });

  it("shows the server's refusal (409) and stays on the case", async () => {
    const user = userEvent.setup();
    const refusal = toHttpError(409, {
      error: `Case ${newIntake.caseNumber} has records and cannot be deleted; cancel it: move it to closed with a reason.`,
    });
    render(<Details path={intakePage} failures={{ [`DELETE ${deletePath}`]: refusal }} />);
    await user.click(await findDeleteButton());
    const dialog = await screen.findByRole('dialog', { name: `Delete case ${newIntake.caseNumber}?` });
    await user.click(within(dialog).getByRole('button', { name: 'Delete case' }));
    expect(await screen.findByText(refusal.message)).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: `Case ${newIntake.caseNumber}`, level: 1 }),
    ).toBeInTheDocument();
  });

  it('is not offered on a case past intake', async () => {
    renderButton(monitoringCase, menuForRole('admin'), buildUser());
    expect(await screen.findByText(ACCESS_ANSWERED)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete case' })).toBeNull();
  });

  it('is not offered to a technologist', async () => {
    renderButton(newIntake, menuForRole('technologist'), userWithRole('technologist'));
    expect(await screen.findByText(ACCESS_ANSWERED)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete case' })).toBeNull();
  });

  it('is offered to an administrator on an intake case once the access check has answered', async () => {
    renderButton(newIntake, menuForRole('admin'), buildUser());
    expect(await screen.findByText(ACCESS_ANSWERED)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete case' })).toBeInTheDocument();
  });
});
