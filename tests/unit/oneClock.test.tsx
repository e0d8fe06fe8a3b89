import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { API_PATHS, casePagePath } from '../../contract/paths';
import { buildCaseDetails, caseDetailsSeed } from '../support/caseDetailsBuilders';
import { buildUser } from '../support/fakeApi';
import { buildTimeLog, CasePrintHarness, casePrintData } from '../support/fakeCasePrintApi';

// The browser is in Tokyo, the ward in Denver: every time of the case must read Denver's clock (DESIGN §4).
vi.hoisted(() => {
  process.env.TZ = 'Asia/Tokyo';
});

const DENVER = { id: 1, name: 'Northside General Hospital', code: 'NSG', timeZone: 'America/Denver' };
const denverCase = buildCaseDetails({
  id: 34,
  stage: 'monitoring',
  client: DENVER,
  // 04:05 MST in Denver, 20:05 in Tokyo.
  recordingStart: '2026-11-23T11:05:00.000Z',
  technologists: [{ username: 'priya', name: 'Priya Raman' }],
});
const PRIYA = buildUser({ username: 'priya', name: 'Priya Raman', roles: ['technologist'] });

function renderCase(tab: 'details' | 'time-logs') {
  const onRequest = vi.fn();
  render(
    <CasePrintHarness
      path={casePagePath('monitoring', denverCase.id, tab)}
      user={PRIYA}
      clientsData={casePrintData.clientsData}
      casesData={caseDetailsSeed([denverCase])}
      records={[]}
      timeLogs={{
        [denverCase.id]: [
          buildTimeLog({ _id: 7, start: '2026-11-23T11:05:00.000Z', end: '2026-11-23T13:35:00.000Z' }),
        ],
      }}
      onRequest={onRequest}
    />,
  );
  const sent = (method: string) =>
    onRequest.mock.calls.map(([request]) => request).filter((request) => request.method === method);
  return { user: userEvent.setup(), sent };
}

const typeTime = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

beforeAll(() => {
  // The test runs where it says it runs: a Denver time read in the browser's zone would be 20:05.
  expect(new Date('2026-11-23T11:05:00.000Z').getHours()).toBe(20);
});

describe('one clock: a case in Denver seen from a browser in Tokyo', () => {
  it("shows the recording start in the client's zone, with its abbreviation", async () => {
    renderCase('details');
    const header = await screen.findByLabelText('Case header');
    expect(await within(header).findByText(/Nov 23, 2026, 04:05 MST/)).toBeInTheDocument();
    expect(within(header).queryByText(/20:05/)).toBeNull();
  });

  it("takes the header's recording start as Denver's wall clock and saves the instant", async () => {
    const { user, sent } = renderCase('details');
    const start = await screen.findByLabelText(/Recording start/);
    expect(start).toHaveValue('2026-11-23T04:05');
    expect(within(start.parentElement as HTMLElement).getByText('MST')).toBeInTheDocument();
    typeTime(start, '2026-11-23T05:30');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sent('PATCH')).toContainEqual(
        expect.objectContaining({
          path: API_PATHS.case(34),
          body: expect.objectContaining({ recordingStart: '2026-11-23T12:30:00.000Z' }),
        }),
      ),
    );
  });

  it('lists a time log in Denver time and writes a new one from Denver time (MDT in summer)', async () => {
    const { user, sent } = renderCase('time-logs');
    const logs = await screen.findByRole('region', { name: 'Time logs' });
    expect(await within(logs).findByText('Nov 23, 2026, 04:05 MST')).toBeInTheDocument();
    expect(within(logs).getByText('Nov 23, 2026, 06:35 MST')).toBeInTheDocument();

    await user.click(within(logs).getByRole('button', { name: 'Add time log' }));
    const dialog = await screen.findByRole('dialog');
    const start = within(dialog).getByLabelText(/Start/);
    typeTime(start, '2026-07-01T08:00');
    expect(within(start.parentElement as HTMLElement).getByText('MDT')).toBeInTheDocument();
    typeTime(within(dialog).getByLabelText(/End/), '2026-07-01T09:15');
    await user.click(within(dialog).getByRole('button', { name: 'Add time log' }));
    await waitFor(() =>
      expect(sent('POST')).toContainEqual(
        expect.objectContaining({
          path: API_PATHS.caseRecords(34, 'time-logs'),
          body: expect.objectContaining({
            start: '2026-07-01T14:00:00.000Z',
            end: '2026-07-01T15:15:00.000Z',
          }),
        }),
      ),
    );
  });

  it('refuses a time the clocks skip and says which of a twice-passed time it took', async () => {
    const { user, sent } = renderCase('time-logs');
    const logs = await screen.findByRole('region', { name: 'Time logs' });
    await user.click(await within(logs).findByRole('button', { name: 'Add time log' }));
    const dialog = await screen.findByRole('dialog');
    const start = within(dialog).getByLabelText(/Start/);

    // Denver springs forward at 02:00 on March 8, 2026: 02:30 never happens.
    typeTime(start, '2026-03-08T02:30');
    expect(
      await within(dialog).findByText(
        '02:30 does not exist that day in America/Denver: the clocks jump forward over it',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add time log' }));
    expect(sent('POST')).toEqual([]);

    // It falls back at 02:00 on November 1, 2026: 01:30 happens twice, MDT then MST.
    typeTime(start, '2026-11-01T01:30');
    expect(
      await within(dialog).findByText(
        '01:30 comes twice that day as the clocks go back: taken as the first, MDT (the second is MST)',
      ),
    ).toBeInTheDocument();
    typeTime(within(dialog).getByLabelText(/End/), '2026-11-01T03:00');
    await user.click(within(dialog).getByRole('button', { name: 'Add time log' }));
    await waitFor(() =>
      expect(sent('POST')).toContainEqual(
        expect.objectContaining({
          body: expect.objectContaining({
            start: '2026-11-01T07:30:00.000Z',
            end: '2026-11-01T10:00:00.000Z',
          }),
        }),
      ),
    );
  });
});
