import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { API_PATHS, casePagePath } from '../../contract/paths';
import { buildCaseDetails, caseDetailsSeed } from '../support/caseDetailsBuilders';
import { buildUser } from '../support/fakeApi';
import { CasePrintHarness, casePrintData } from '../support/fakeCasePrintApi';

const DENVER = { id: 1, name: 'Northside General Hospital', code: 'NSG', timeZone: 'America/Denver' };
const PRIYA = buildUser({ username: 'priya', name: 'Priya Raman', roles: ['technologist'] });
const monitored = buildCaseDetails({
  id: 35,
  stage: 'monitoring',
  client: DENVER,
  recordingStart: '2026-11-23T11:05:00.000Z',
  technologists: [{ username: 'priya', name: 'Priya Raman' }],
});

const typeTime = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

describe('the time-log dialog', () => {
  it('refuses an end that is not after the start in the server’s words, and sends the log once it is', async () => {
    const onRequest = vi.fn();
    render(
      <CasePrintHarness
        path={casePagePath('monitoring', monitored.id, 'time-logs')}
        user={PRIYA}
        clientsData={casePrintData.clientsData}
        casesData={caseDetailsSeed([monitored])}
        records={[]}
        timeLogs={{ [monitored.id]: [] }}
        onRequest={onRequest}
      />,
    );
    const posts = () =>
      onRequest.mock.calls.map(([request]) => request).filter((request) => request.method === 'POST');
    const user = userEvent.setup();
    const logs = await screen.findByRole('region', { name: 'Time logs' });
    await user.click(await within(logs).findByRole('button', { name: 'Add time log' }));
    const dialog = await screen.findByRole('dialog');
    typeTime(within(dialog).getByLabelText(/Start/), '2026-11-23T08:00');
    typeTime(within(dialog).getByLabelText(/End/), '2026-11-23T08:00');
    await user.click(within(dialog).getByRole('button', { name: 'Add time log' }));
    expect(await within(dialog).findByText('A time log must end after it starts')).toBeInTheDocument();
    expect(posts()).toEqual([]);

    typeTime(within(dialog).getByLabelText(/End/), '2026-11-23T08:01');
    await user.click(within(dialog).getByRole('button', { name: 'Add time log' }));
    await waitFor(() =>
      expect(posts()).toContainEqual(
        expect.objectContaining({
          path: API_PATHS.caseRecords(35, 'time-logs'),
          body: expect.objectContaining({
            start: '2026-11-23T15:00:00.000Z',
            end: '2026-11-23T15:01:00.000Z',
          }),
        }),
      ),
    );
  });
});
