import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { API_PATHS, casePagePath } from '../../contract/paths';
import { buildCaseDetails, caseDetailsSeed } from '../support/caseDetailsBuilders';
import { buildUser } from '../support/fakeApi';
import { buildTimeLog, CasePrintHarness, casePrintData } from '../support/fakeCasePrintApi';
import { type SeedRecord, seedRecord } from '../support/fakeCaseRecordsApi';

/** A monitoring case on which Priya logs time; she is signed in. */
const monitoringCase = buildCaseDetails({
  id: 41,
  stage: 'monitoring',
  technologists: [{ username: 'priya', name: 'Priya Raman' }],
});
const PRIYA = buildUser({ username: 'priya', name: 'Priya Raman', roles: ['technologist'] });

function renderTab(
  logs = [buildTimeLog({ _id: 7, revision: 2 })],
  details = monitoringCase,
  records: SeedRecord[] = [],
  user = PRIYA,
) {
  const onRequest = vi.fn();
  render(
    <CasePrintHarness
      path={casePagePath('monitoring', monitoringCase.id, 'time-logs')}
      user={user}
      clientsData={casePrintData.clientsData}
      casesData={caseDetailsSeed([details])}
      records={records}
      timeLogs={{ [details.id]: logs }}
      onRequest={onRequest}
    />,
  );
  const posts = () =>
    onRequest.mock.calls.map(([request]) => request).filter((request) => request.method === 'POST');
  return { user: userEvent.setup(), posts, onRequest };
}

const logs = () => screen.findByRole('region', { name: 'Time logs' });

const note = (id: number, notedAt: string, text: string) =>
  seedRecord(id, monitoringCase.id, 'case-notes', {
    author: 'priya',
    createdAt: notedAt,
    fields: { notedAt, text },
  });

/** Two logs, each linking notes, and the notes. */
const LINKING_LOGS = [
  buildTimeLog({ _id: 7, revision: 2, caseNoteIds: [302, 301] }),
  buildTimeLog({ _id: 8, start: '2026-03-14T09:00:00.000Z', end: null, caseNoteIds: [303] }),
];
const LINKED_NOTES = [
  note(301, '2026-03-14T06:30:00.000Z', 'Electrode T3 re-gelled'),
  note(302, '2026-03-14T07:10:00.000Z', 'Patient asleep, good trace'),
  note(303, '2026-03-14T09:30:00.000Z', 'Written during the running log'),
];

const noteReads = (onRequest: ReturnType<typeof vi.fn>) =>
  onRequest.mock.calls
    .map(([request]) => request)
    .filter((request) => request.path === API_PATHS.caseRecords(monitoringCase.id, 'case-notes'));

describe('the time-logs tab', () => {
  it('starts the signed-in technologist’s own log', async () => {
    const { user, posts } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Start my time log' }));
    await waitFor(() =>
      expect(posts()).toContainEqual(
        expect.objectContaining({
          path: API_PATHS.caseRecords(41, 'time-logs'),
          body: { activity: 'monitoring' },
        }),
      ),
    );
  });

  it('stops the running log with a revision of it, based on its latest revision', async () => {
    const { user, posts } = renderTab([buildTimeLog({ _id: 9, revision: 3, end: null })]);
    expect(await within(await logs()).findByText('Running')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Stop my time log' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    const [stop] = posts();
    expect(stop.path).toBe(API_PATHS.caseRecordRevisions(41, 'time-logs', 9));
    expect(stop.body).toMatchObject({ baseRevision: 3, end: expect.any(String) });
  });

  it('hands the case over from the running log: the handover dialog opens with the technologist handing over', async () => {
    const { user } = renderTab([buildTimeLog({ _id: 9, revision: 3, end: null })]);
    await user.click(await screen.findByRole('button', { name: 'Hand over' }));
    const dialog = await screen.findByRole('dialog', { name: `Hand over case ${monitoringCase.caseNumber}` });
    expect(within(dialog).getByRole('combobox', { name: /From/ })).toHaveTextContent('Priya Raman');
  });

  it('offers no handover without a running log of the caller’s', async () => {
    renderTab();
    expect(await screen.findByRole('button', { name: 'Start my time log' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Hand over' })).not.toBeInTheDocument();
  });

  it('starts a hookup log before the recording has started (only hookups are taken then)', async () => {
    const { user, posts } = renderTab([], { ...monitoringCase, recordingStart: null });
    expect(await screen.findByText(/a log started now is a hookup log/)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Start my time log' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]?.body).toEqual({ activity: 'hookup' });
  });

  it('flags a stale running log and stops it at its latest end, one shift after its start', async () => {
    const latestEnd = '2026-03-03T14:45:00.000Z';
    const { user, posts } = renderTab([
      buildTimeLog({ _id: 9, revision: 1, end: null, stale: true, latestEnd }),
    ]);
    expect(await within(await logs()).findByText('Stale')).toBeInTheDocument();
    expect(screen.getByText(/It is stale: it counts for one shift at most/)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Stop my time log' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]?.body).toMatchObject({ baseRevision: 1, end: latestEnd });
  });

  it('reads the case header again once a log is saved: a log the server counts as the check ends “Check overdue”', async () => {
    const casesData = caseDetailsSeed([{ ...monitoringCase, overdue: true }]);
    const [row] = casesData.cases;
    // The server counts the new log as the check: the case it answers next is no longer overdue.
    const onRequest = vi.fn(({ method, path }: { method: string; path: string }) => {
      if (method === 'POST' && path === API_PATHS.caseRecords(41, 'time-logs'))
        Object.assign(row, { overdue: false });
    });
    render(
      <CasePrintHarness
        path={casePagePath('monitoring', monitoringCase.id, 'time-logs')}
        user={PRIYA}
        clientsData={casePrintData.clientsData}
        casesData={casesData}
        timeLogs={{ [monitoringCase.id]: [buildTimeLog({ _id: 7, revision: 2 })] }}
        onRequest={onRequest}
      />,
    );
    expect(await screen.findByText('Check overdue')).toBeInTheDocument();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Start my time log' }));
    expect(await within(await logs()).findByText('Running')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Check overdue')).toBeNull());
  });

  it('inserts a log right before another through the insertion call', async () => {
    const { user, posts } = renderTab();
    await user.click(await within(await logs()).findByRole('button', { name: 'Insert before' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Add time log' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    const [insertion] = posts();
    expect(insertion.path).toBe(API_PATHS.timeLogInsertion(41, 7));
    expect(insertion.query).toEqual({ location: 'before' });
    expect(insertion.body).toMatchObject({
      start: '2026-03-02T22:15:00.000Z',
      end: '2026-03-02T22:45:00.000Z',
      activity: 'monitoring',
    });
  });

  it('shows a log’s duration as billing counts it: 10:00:30–11:00:10 is 1 h, not 59 min', async () => {
    renderTab([
      buildTimeLog({ _id: 7, start: '2026-03-02T10:00:30.000Z', end: '2026-03-02T11:00:10.000Z' }),
      buildTimeLog({ _id: 8, start: '2026-03-02T11:00:10.000Z', end: '2026-03-02T12:59:50.000Z' }),
    ]);
    const list = await logs();
    expect(await within(list).findByRole('cell', { name: '1 h' })).toBeInTheDocument();
    // 11:00–12:59 on the grid: 1 h 59 min (its length, 1 h 59 min 40 s, floors to the same here).
    expect(within(list).getByRole('cell', { name: '1 h 59 min' })).toBeInTheDocument();
    expect(within(list).queryByRole('cell', { name: /^59 min$|05 min/ })).toBeNull();
  });

  it('offers no insertion after a log that still runs', async () => {
    renderTab([buildTimeLog({ _id: 9, end: null })]);
    const list = await logs();
    expect(await within(list).findByRole('button', { name: 'Insert before' })).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: 'Insert after' })).toBeNull();
  });

  it('shows the notes a log links, as the notes themselves, read by their ids (filterIds)', async () => {
    const { onRequest } = renderTab(
      [
        buildTimeLog({ _id: 7, revision: 2, caseNoteIds: [301, 302] }),
        buildTimeLog({ _id: 8, start: '2026-03-14T09:00:00.000Z', end: null, caseNoteIds: [] }),
      ],
      monitoringCase,
      [
        note(301, '2026-03-14T06:30:00.000Z', 'Electrode T3 re-gelled'),
        note(302, '2026-03-14T07:10:00.000Z', 'Patient asleep, good trace'),
        note(303, '2026-03-14T09:30:00.000Z', 'Written during another log'),
      ],
    );
    const linked = await within(await logs()).findByRole('list', { name: 'Linked notes' });
    expect(await within(linked).findByText('Electrode T3 re-gelled')).toBeInTheDocument();
    expect(within(linked).getByText('Patient asleep, good trace')).toBeInTheDocument();
    expect(within(linked).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByText('Written during another log')).toBeNull();
    expect(screen.queryByText(/\d notes?$/)).toBeNull();
    const reads = onRequest.mock.calls
      .map(([request]) => request)
      .filter((request) => request.path === API_PATHS.caseRecords(monitoringCase.id, 'case-notes'));
    expect(reads).toEqual([expect.objectContaining({ method: 'GET', query: { filterIds: [301, 302] } })]);
  });

  it("reads every log's linked notes in one request, and shows each log its own", async () => {
    const admin = buildUser({ username: 'ada', name: 'Ada Admin', roles: ['admin'] });
    const { onRequest } = renderTab(LINKING_LOGS, monitoringCase, LINKED_NOTES, admin);
    const region = await logs();
    await within(region).findByText('Written during the running log');
    const lists = await within(region).findAllByRole('list', { name: 'Linked notes' });
    expect(lists.map((list) => within(list).getAllByRole('listitem').length).sort()).toEqual([1, 2]);
    expect(noteReads(onRequest)).toEqual([
      expect.objectContaining({ method: 'GET', query: { filterIds: [301, 302, 303] } }),
    ]);
  });

  it('asks nothing of the case notes for a role that may not read them (billing): it shows the count', async () => {
    const billing = buildUser({ username: 'bea', name: 'Bea Billing', roles: ['billing'] });
    const { onRequest } = renderTab(LINKING_LOGS, monitoringCase, LINKED_NOTES, billing);
    const region = await logs();
    expect(await within(region).findByText('2 linked')).toBeInTheDocument();
    expect(within(region).getByText('1 linked')).toBeInTheDocument();
    expect(within(region).queryByRole('list', { name: 'Linked notes' })).toBeNull();
    expect(noteReads(onRequest)).toEqual([]);
  });
});
