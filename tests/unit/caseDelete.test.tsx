import { composeStories } from '@storybook/react-vite';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import preview from '../../.storybook/preview';
import { API_PATHS, casePagePath } from '../../contract/paths';
import { toHttpError } from '../../src/dataProvider/httpClient';
import * as pageStories from '../../src/resources/cases/page/CasePage.stories';
import { monitoringCase, newIntake } from '../support/caseDetailsFixtures';
import { userWithRole } from '../support/clientFixtures';
import { menuForRole } from '../support/fakeApi';
import { requestCount } from './support/requests';

const { Details } = composeStories(pageStories, preview);

const intakePage = casePagePath('intake', newIntake.id, 'details');
const deletePath = API_PATHS.case(newIntake.id);

describe("an administrator's delete of an intake case with no records", () => {
  it('asks first, sends the version shown, then lists the intake cases without it and says so', async () => {
    const user = userEvent.setup();
    const onRequest = vi.fn();
    render(<Details path={intakePage} onRequest={onRequest} />);
    await user.click(await screen.findByRole('button', { name: 'Delete case' }));
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
    expect(await screen.findByRole('link', { name: 'NSG-2026-0002' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('link', { name: newIntake.caseNumber })).toBeNull());
    expect(screen.queryByText('Case not found')).toBeNull();
    expect(requestCount(onRequest, 'GET', API_PATHS.caseDetails(newIntake.id))).toBe(1);
  });

  it('keeps the case when the dialog is left', async () => {
    const user = userEvent.setup();
    const onRequest = vi.fn();
    render(<Details path={intakePage} onRequest={onRequest} />);
    await user.click(await screen.findByRole('button', { name: 'Delete case' }));
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
    await user.click(await screen.findByRole('button', { name: 'Delete case' }));
    const dialog = await screen.findByRole('dialog', { name: `Delete case ${newIntake.caseNumber}?` });
    await user.click(within(dialog).getByRole('button', { name: 'Delete case' }));
    expect(await screen.findByText(refusal.message)).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: `Case ${newIntake.caseNumber}`, level: 1 }),
    ).toBeInTheDocument();
  });

  it('is not offered on a case past intake', async () => {
    render(<Details path={casePagePath('monitoring', monitoringCase.id, 'details')} />);
    expect(
      await screen.findByRole('heading', { name: `Case ${monitoringCase.caseNumber}`, level: 1 }),
    ).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 500)); // the access check has answered by then
    expect(screen.queryByRole('button', { name: 'Delete case' })).toBeNull();
  });

  it('is not offered to a technologist', async () => {
    render(
      <Details path={intakePage} chrome={menuForRole('technologist')} user={userWithRole('technologist')} />,
    );
    expect(
      await screen.findByRole('heading', { name: `Case ${newIntake.caseNumber}`, level: 1 }),
    ).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 500)); // the access check has answered by then
    expect(screen.queryByRole('button', { name: 'Delete case' })).toBeNull();
  });
});
