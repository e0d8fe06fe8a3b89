import { composeStories } from '@storybook/react-vite';
import { focusManager } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import preview from '../../.storybook/preview';
import { CASE_STAGES } from '../../contract/cases';
import { spanMinutes } from '../../contract/hours';
import { API_PATHS, casePagePath, PAGE_PATHS } from '../../contract/paths';
import * as homeStories from '../../src/dashboard/Home.stories';
import { MonitoringBoard } from '../../src/dashboard/MonitoringBoard';
import { MyTimeLog } from '../../src/dashboard/MyTimeLog';
import { formatInZone } from '../../src/dates';
import { STAGE_LABELS } from '../../src/resources/cases/caseLabels';
import { HOME_FIXTURES_AT, operationsBoard, readerHome, technologistHome } from '../support/fakeHomeApi';
import { requestCount, sentRequest } from './support/requests';
import { bodyRowsOf } from './support/tables';

const stories = composeStories(homeStories, preview);

const MINUTE = 60_000;
const [runningLog] = technologistHome.openTimeLogs;
const stopName = `Stop my time log on ${runningLog.caseNumber}`;
const stopPath = API_PATHS.caseRecordRevisions(runningLog.caseId, 'time-logs', runningLog.itemId);

const widget = async (name: string) => within(await screen.findByRole('region', { name }));

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("the technologist's own work", () => {
  it('lists their active cases, each opening its case page, with why it is theirs', async () => {
    render(<stories.AsTechnologist />);
    expect(await screen.findByText('Welcome, Priya Raman.')).toBeInTheDocument();
    const myCases = await widget('My active cases');
    const table = await myCases.findByRole('table', { name: 'My active cases' });
    expect(bodyRowsOf(table).map((cells) => [cells[0], cells[1], cells[3], cells[4], cells[6]])).toEqual([
      ['NSG-2026-0042', 'Northside General Hospital', 'Monitoring', 'Continuous', 'Technologist'],
      ['BMH-2026-0031', 'Bayside Memorial Hospital', 'Monitoring', 'Intermittent', 'Technologist'],
      ['SAC-2026-0007', "St. Anne's Children's Hospital", 'Intake', 'Continuous', 'Technologist'],
    ]);
    expect(within(table).getByRole('link', { name: 'SAC-2026-0007' })).toHaveAttribute(
      'href',
      casePagePath('intake', 109),
    );
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toContain('Recording start');
  });

  it('shows their running time log with its case, activity and how long it has run', async () => {
    render(<stories.AsTechnologist />);
    const timeLog = await widget('My time logs');
    expect(await timeLog.findByRole('link', { name: runningLog.caseNumber })).toHaveAttribute(
      'href',
      casePagePath('monitoring', runningLog.caseId, 'time-logs'),
    );
    expect(timeLog.getByText('Monitoring')).toBeVisible();
    expect(timeLog.getByText(/^1 h 3[56] min$/)).toBeInTheDocument();
    expect(timeLog.getByRole('button', { name: stopName })).toBeEnabled();
  });

  it('stops the log with its end and the revision shown, then says no log runs', async () => {
    const user = userEvent.setup();
    const onRequest = vi.fn();
    render(<stories.AsTechnologist onRequest={onRequest} />);
    const timeLog = await widget('My time logs');
    const before = Date.now();
    await user.click(await timeLog.findByRole('button', { name: stopName }));
    expect(await timeLog.findByText('No time log running.')).toBeInTheDocument();
    expect(onRequest).toHaveBeenCalledWith(
      sentRequest('POST', stopPath, { end: expect.any(String), baseRevision: runningLog.revision }),
    );
    const [{ body }] = onRequest.mock.calls.find(([request]) => request.method === 'POST') ?? [];
    expect(Date.parse(body.end)).toBeGreaterThanOrEqual(before - 1000);
    expect(timeLog.queryByRole('button', { name: stopName })).toBeNull();
  });

  it("shows the server's refusal of a stale stop, reads the log again, and stops it then", async () => {
    const user = userEvent.setup();
    const onRequest = vi.fn();
    render(<stories.StopRefusedAsStale onRequest={onRequest} />);
    const timeLog = await widget('My time logs');
    await user.click(await timeLog.findByRole('button', { name: stopName }));
    expect(
      await timeLog.findByText(
        'This record was revised by someone else meanwhile (now revision 2); reload and try again.',
      ),
    ).toBeVisible();
    await waitFor(() => expect(requestCount(onRequest, 'GET', API_PATHS.home)).toBe(2));
    const stop = timeLog.getByRole('button', { name: stopName });
    await waitFor(() => expect(stop).toBeEnabled());
    await user.click(stop);
    expect(await timeLog.findByText('No time log running.')).toBeInTheDocument();
    expect(onRequest).toHaveBeenCalledWith(
      sentRequest('POST', stopPath, expect.objectContaining({ baseRevision: 2 })),
    );
  });

  it('links each stage count to its list, named by what it shows', async () => {
    render(<stories.AsTechnologist />);
    const lists = await widget('Case lists');
    for (const stage of CASE_STAGES)
      expect(
        await lists.findByRole('link', { name: new RegExp(`^${STAGE_LABELS[stage]} \\d+ cases?$`) }),
      ).toHaveAttribute('href', API_PATHS.caseStage(stage));
    expect(lists.getByRole('link', { name: 'Closed 212 cases' })).toBeInTheDocument();
  });

  it("says why the caller's widgets could not be loaded", async () => {
    render(<stories.HomeUnavailable />);
    const myCases = await widget('My active cases');
    expect(
      await myCases.findByText('My active cases could not be loaded: The database is not reachable'),
    ).toBeVisible();
    expect(await (await widget('Monitoring checks')).findByRole('table')).toBeInTheDocument();
  });
});

describe("the reader's reports due", () => {
  const [overdueDaily, dueFinal] = readerHome.reportsDue;

  it('lists each report with its case, kind, period and due time in the client’s zone, the overdue flagged', async () => {
    render(<stories.AsReader />);
    const reports = await widget('Reports due');
    const table = await reports.findByRole('table', { name: 'Reports due' });
    expect(bodyRowsOf(table)).toEqual([
      [
        'BMH-2026-0029',
        'Bayside Memorial Hospital',
        'Daily',
        `${formatInZone(overdueDaily.periodStart, 'America/New_York')} – ${formatInZone(overdueDaily.periodEnd, 'America/New_York')}`,
        formatInZone(overdueDaily.dueBy, 'America/New_York'),
        expect.stringMatching(/^Overdue \d+ h( \d+ min)?Period unbilled$/),
      ],
      [
        'NSG-2026-0038',
        'Northside General Hospital',
        'Final',
        '—',
        formatInZone(dueFinal.dueBy, 'America/Denver'),
        '',
      ],
    ]);
    expect(bodyRowsOf(table)[0][4]).toMatch(/EST$/);
    expect(within(table).getByRole('link', { name: 'BMH-2026-0029' })).toHaveAttribute(
      'href',
      casePagePath('preview', 91, 'interpretations'),
    );
    // For how long, in a neutral colour: the reader's to catch up on; red is for a technologist's overdue check.
    const overdue = within(table).getByText(/^Overdue \d+ h/);
    expect(overdue.closest('.MuiChip-colorError')).toBeNull();
    expect(overdue.closest('.MuiChip-colorDefault')).not.toBeNull();
    // Its day has no signed report: it bills no professional code until one is signed.
    expect(within(table).getByText('Period unbilled').closest('.MuiChip-colorWarning')).not.toBeNull();
  });

  it('turns a report overdue on screen once its due time passes, without a reload', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'], now: Date.now() });
    render(<stories.ReportsDueWidget />);
    const flagOf = (caseNumber: string) =>
      bodyRowsOf(screen.getByRole('table', { name: 'Reports due' })).find(
        (cells) => cells[0] === caseNumber,
      )?.[5];
    expect(flagOf('NSG-2026-0038')).toBe('');
    act(() => vi.advanceTimersByTime(Date.parse(dueFinal.dueBy) - Date.now() + 30_000));
    expect(flagOf('NSG-2026-0038')).toMatch(/^Overdue [01] min$/);
  });

  it('says when no report is due', async () => {
    render(<stories.NoReportsDue />);
    expect(screen.getByText('You have no reports due.')).toBeInTheDocument();
    render(<stories.AsTechnologist />);
    expect(await (await widget('Reports due')).findByText('You have no reports due.')).toBeVisible();
  });
});

describe('the operations board', () => {
  // The board's fixtures are relative to when their module loaded: its texts ("due in 10 min") are read at
  // that moment, however long a busy machine took to get here. Only Date: the page's timers run as usual.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: HOME_FIXTURES_AT });
  });
  /** The "Status" cell of the case's row on the board as rendered now. */
  const statusOf = (caseNumber: string) =>
    bodyRowsOf(screen.getByRole('table', { name: 'Cases in monitoring' })).find(
      (cells) => cells[0] === caseNumber,
    )?.[7];
  // The clock runs on, a second at a time as a page would see it: no refresh, no reload.
  const runUntil = (moment: number) => {
    while (Date.now() < moment) act(() => vi.advanceTimersByTime(Math.min(1_000, moment - Date.now())));
  };

  it('lists what is due next first: the overdue, the longest overdue first, then by when the check is due', async () => {
    render(<stories.AsAdmin />);
    const board = await widget('Monitoring checks');
    const rows = bodyRowsOf(await board.findByRole('table', { name: 'Cases in monitoring' }));
    // The server's order (a watched case first) is not the board's: what is due soonest comes first, the
    // cases with no check due (watched, recording ended) last.
    expect(rows.map((cells) => cells[0])).toEqual([
      'NSG-2026-0040', // overdue 35 min
      'BMH-2026-0032', // overdue 30 min
      'NSG-2026-0041', // due in 10 min
      'SAC-2026-0006', // due in 20 min
      'NSG-2026-0043', // due in 45 min
      'BMH-2026-0031', // due in 1 h 15 min
      'NSG-2026-0042',
      'SAC-2026-0005',
    ]);
    // Minutes on billing's grid: the 35 that passed since, or 36 when the second hand was past the due one's;
    // due in 10 min, or 9 once the module's second hand has passed.
    expect(rows.map((cells) => cells[7].replace(/(Notification|Report).*$/, ''))).toEqual([
      expect.stringMatching(/^Overdue 3[56] min$/),
      expect.stringMatching(/^Overdue 3[01] min$/),
      expect.stringMatching(/^Due in (9|10) min$/),
      expect.stringMatching(/^Due in (19|20) min$/),
      expect.stringMatching(/^Due in 4[45] min$/),
      expect.stringMatching(/^Due in 1 h 1[45] min$/),
      'Watched (monitoring log open)',
      'Recording ended',
    ]);
    expect(rows[0][5]).toMatch(/^1 h 3[56] min ago$/);
    expect(rows[3][6]).toBe('Every 30 min');
    // No moment in a client's zone as the main text: the reader need not convert zones in their head.
    expect(rows.flat().join(' ')).not.toMatch(/\b(MST|EST|CST|AKST)\b/);
  });

  it('gives the moment of a check in its client’s zone on hover', async () => {
    const user = userEvent.setup();
    render(<stories.BoardWithOverdue />);
    const [late] = operationsBoard.monitoring.filter((row) => row.id === 97);
    await user.hover(screen.getByText(/^Overdue 3[56] min$/));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      `Since ${formatInZone(late.nextCheckBy, 'America/Denver')}`,
    );
    await user.unhover(screen.getByText(/^Overdue 3[56] min$/));
    const [soon] = operationsBoard.monitoring.filter((row) => row.id === 104);
    await user.hover(screen.getByText(/^Due in 1 h 1[45] min$/));
    await waitFor(() =>
      expect(screen.getByRole('tooltip')).toHaveTextContent(
        `Next check by ${formatInZone(soon.nextCheckBy, 'America/New_York')}`,
      ),
    );
  });

  it('names the technologists by their full names', async () => {
    render(<stories.AsAdmin />);
    const table = await (await widget('Monitoring checks')).findByRole('table', {
      name: 'Cases in monitoring',
    });
    await waitFor(() =>
      expect(bodyRowsOf(table).find((cells) => cells[0] === 'SAC-2026-0006')?.[3]).toBe(
        'Marcus Bell, Priya Raman',
      ),
    );
    expect(bodyRowsOf(table).find((cells) => cells[0] === 'SAC-2026-0005')?.[3]).toBe('—');
  });

  it('names a stale open log on its case, by its technologist’s name, with since when on hover', async () => {
    const user = userEvent.setup();
    render(<stories.BoardWithOverdue />);
    const [stale] = operationsBoard.monitoring.filter((row) => row.id === 98);
    const flag = screen.getByText(/^Marcus Bell's log open 18 h( 1 min)? — stale$/);
    await user.hover(flag);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      `Since ${formatInZone(stale.staleOpenLogs[0].start, 'America/Denver')}`,
    );
  });

  it('turns a case overdue on screen when its next check falls due, without a reload', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: Date.now() });
    const [due] = operationsBoard.monitoring.filter((row) => row.id === 98);
    render(<stories.BoardWithOverdue />);
    const dueAt = Date.parse(due.nextCheckBy as string);
    // How long until due counts down on billing's minute grid as each whole UTC minute begins.
    const left = spanMinutes(Date.now(), dueAt);
    // The row's status, before the flags that follow it (its report overdue, its stale log).
    const dueText = () => statusOf(due.caseNumber)?.replace(/Report.*$/, '');
    expect(dueText()).toBe(`Due in ${left} min`);
    runUntil(Math.floor(Date.now() / MINUTE) * MINUTE + 5 * MINUTE);
    expect(dueText()).toBe(`Due in ${left - 5} min`);
    runUntil(dueAt - 1_000);
    expect(dueText()).toMatch(/^Due (in 1 min|now)$/);
    runUntil(dueAt + 1);
    // How long overdue is counted on billing's minute grid: it reads another minute as each whole UTC minute
    // begins, however many seconds past its minute the check fell due.
    const since = spanMinutes(dueAt, Date.now());
    expect(statusOf(due.caseNumber)).toMatch(new RegExp(`^Overdue ${since} min`));
    const nextMinute = Math.floor(Date.now() / MINUTE) * MINUTE + MINUTE;
    runUntil(nextMinute - 1);
    expect(statusOf(due.caseNumber)).toMatch(new RegExp(`^Overdue ${since} min`));
    runUntil(nextMinute);
    expect(statusOf(due.caseNumber)).toMatch(new RegExp(`^Overdue ${since + 1} min`));
  });

  it('flags the notifications still to make on each case next to its check: overdue in red, pending in amber', () => {
    render(<stories.BoardWithOverdue />);
    expect(statusOf('SAC-2026-0006')).toMatch(
      /^Due in (19|20) minNotification overdueNotification pending \(2\)$/,
    );
    expect(statusOf('NSG-2026-0043')).toMatch(/Notification pending$/);
    expect(statusOf('NSG-2026-0042')).not.toMatch(/Notification/);
    expect(screen.getByText('Notification overdue').closest('.MuiChip-colorError')).not.toBeNull();
    expect(screen.getByText('Notification pending (2)').closest('.MuiChip-colorWarning')).not.toBeNull();
  });

  it('flags a case whose reports are overdue on a reader’s or an admin’s board, in a neutral colour', async () => {
    render(<stories.BoardWithOverdue />);
    expect(statusOf('NSG-2026-0041')).toMatch(/Report overdue/);
    expect(statusOf('NSG-2026-0042')).not.toMatch(/Report/);
    expect(screen.getByText('Report overdue').closest('.MuiChip-colorError')).toBeNull();
    expect(screen.getByText('Report overdue').closest('.MuiChip-colorDefault')).not.toBeNull();
    render(<stories.AsAdmin />);
    const board = await widget('Monitoring checks');
    await board.findByRole('table', { name: 'Cases in monitoring' });
    expect(board.getByText('Report overdue').closest('.MuiChip-colorError')).toBeNull();
  });

  it('shows a technologist’s board no report chip: the reports are the reader’s work', async () => {
    render(<stories.AsTechnologist />);
    const board = await widget('Monitoring checks');
    await board.findByRole('table', { name: 'Cases in monitoring' });
    expect(statusOf('NSG-2026-0041')).not.toMatch(/Report/);
    expect(statusOf('NSG-2026-0041')).toMatch(/stale$/);
  });

  it('turns a pending notification overdue on screen when it falls due, without a reload', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: Date.now() });
    const [due] = operationsBoard.monitoring.filter((row) => row.id === 103);
    render(<stories.BoardWithOverdue />);
    const dueAt = Date.parse(due.pendingNotificationsDueBy[0]);
    runUntil(dueAt - 1_000);
    expect(statusOf(due.caseNumber)).toMatch(/Notification pending$/);
    runUntil(dueAt + 1_000);
    expect(statusOf(due.caseNumber)).toMatch(/Notification overdue$/);
  });

  it('logs a check of the five minutes up to the click; the row stays put, says so, and moves with its confirmation on the next refresh', async () => {
    const user = userEvent.setup();
    const onRequest = vi.fn();
    render(<stories.AsTechnologist onRequest={onRequest} />);
    const board = await widget('Monitoring checks');
    const table = await board.findByRole('table', { name: 'Cases in monitoring' });
    const order = () => bodyRowsOf(table).map((cells) => cells[0]);
    const rowOf = (caseNumber: string) => bodyRowsOf(table).find((cells) => cells[0] === caseNumber);
    expect(board.getByRole('button', { name: 'Log check on NSG-2026-0040' })).toBeDisabled();
    expect(board.getByRole('button', { name: 'Log check on SAC-2026-0006' })).toBeEnabled();
    await waitFor(() => expect(requestCount(onRequest, 'GET', API_PATHS.home2)).toBe(1));
    const before = order();
    expect(before.indexOf('BMH-2026-0032')).toBe(1);
    const clickedAt = Date.now();
    await user.click(board.getByRole('button', { name: 'Log check on BMH-2026-0032' }));
    const confirmation = await board.findByText(/^Check logged \d{2}:\d{2}$/);
    expect(confirmation.closest('tr')).toBe(
      board.getByRole('button', { name: 'Log check on BMH-2026-0032' }).closest('tr'),
    );
    expect(onRequest).toHaveBeenCalledWith(
      sentRequest('POST', API_PATHS.caseRecords(102, 'time-logs'), {
        activity: 'check',
        start: expect.any(String),
        end: expect.any(String),
      }),
    );
    const [{ body }] = onRequest.mock.calls.find(([request]) => request.method === 'POST') ?? [];
    expect(Date.parse(body.end) - Date.parse(body.start)).toBe(5 * MINUTE);
    expect(Date.parse(body.end)).toBeGreaterThanOrEqual(clickedAt);
    // The caller's own work is read again; the board is not, so no row moves under the pointer.
    await waitFor(() => expect(requestCount(onRequest, 'GET', API_PATHS.home)).toBe(2));
    expect(requestCount(onRequest, 'GET', API_PATHS.home2)).toBe(1);
    expect(order()).toEqual(before);
    expect(rowOf('BMH-2026-0032')?.[7]).toMatch(/^Overdue/);

    // The board's next refresh (here: the window comes back into focus, a few seconds on) shows the check at
    // the click: the next one due a full interval (90 min) later, the row in its place by that, the
    // confirmation with it while the check is the case's latest.
    vi.setSystemTime(Date.now() + 5_000);
    act(() => focusManager.setFocused(true));
    try {
      await waitFor(() => expect(requestCount(onRequest, 'GET', API_PATHS.home2)).toBe(2));
      await waitFor(() => expect(order().indexOf('BMH-2026-0032')).toBe(5));
      expect(rowOf('BMH-2026-0032')?.[5]).toMatch(/^[01] min ago$/);
      expect(rowOf('BMH-2026-0032')?.[7]).toMatch(/^Due in 1 h (29|30) min$/);
      expect(board.getByText(/^Check logged \d{2}:\d{2}$/).closest('tr')).toBe(
        board.getByRole('button', { name: 'Log check on BMH-2026-0032' }).closest('tr'),
      );
    } finally {
      focusManager.setFocused(undefined);
    }
  });

  it('says why a case not theirs cannot be checked from the board', async () => {
    const user = userEvent.setup();
    render(<stories.BoardWithOverdue />);
    await user.hover(
      screen.getByRole('button', { name: 'Log check on NSG-2026-0040' }).parentElement as HTMLElement,
    );
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      "Only the case's own technologists can log its checks",
    );
  });

  it('offers a technologist the handover of each case they are on, from its row', async () => {
    const user = userEvent.setup();
    const onHandOver = vi.fn();
    render(
      <MemoryRouter>
        <MonitoringBoard data={operationsBoard.monitoring} username="priya" onHandOver={onHandOver} />
      </MemoryRouter>,
    );
    const table = screen.getByRole('table', { name: 'Cases in monitoring' });
    const priyas = operationsBoard.monitoring.filter((row) => row.technologists.includes('priya'));
    expect(priyas.length).toBeGreaterThan(0);
    expect(priyas.length).toBeLessThan(operationsBoard.monitoring.length);
    const offered = within(table)
      .getAllByRole('button', { name: /^Hand over / })
      .map((button) => button.getAttribute('aria-label'));
    expect(offered.toSorted()).toEqual(priyas.map((row) => `Hand over ${row.caseNumber}`).toSorted());
    const [first] = priyas;
    await user.click(within(table).getByRole('button', { name: `Hand over ${first.caseNumber}` }));
    expect(onHandOver).toHaveBeenCalledWith(first);
  });

  it('says when each dashboard was last updated', async () => {
    render(<stories.AsTechnologist />);
    expect(await (await widget('Monitoring checks')).findByRole('table')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText(/^Updated \d{1,2}:\d{2}/)).toHaveLength(2));
  });

  it('compares billable hours this month with last month', async () => {
    render(<stories.AsTechnologist />);
    const hours = await widget('Billable hours');
    expect(await hours.findByText('1284.50 h')).toBeVisible();
    expect(hours.getByText('1402.25 h')).toBeVisible();
    expect(hours.getByText('117.75 h fewer than last month.')).toBeVisible();
  });

  it('shows the cases per stage', async () => {
    render(<stories.CasesPerStageWidget />);
    const perStage = await widget('Cases per stage');
    expect(perStage.getByText('Preview').nextElementSibling).toHaveTextContent(
      String(operationsBoard.stageCounts.preview),
    );
  });

  it('is not shown to a reader, nor even asked for', async () => {
    const onRequest = vi.fn();
    render(<stories.AsReader onRequest={onRequest} />);
    const myCases = await widget('My active cases');
    expect(await myCases.findByRole('link', { name: 'NSG-2026-0038' })).toBeInTheDocument();
    expect(myCases.getAllByText('Reader')).toHaveLength(2);
    expect(screen.queryByRole('heading', { name: 'Operations' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Monitoring checks' })).toBeNull();
    expect(requestCount(onRequest, 'GET', API_PATHS.home)).toBeGreaterThan(0);
    expect(requestCount(onRequest, 'GET', API_PATHS.home2)).toBe(0);
  });

  it('is asked for on a technologist’s page', async () => {
    const onRequest = vi.fn();
    render(<stories.AsTechnologist onRequest={onRequest} />);
    expect(await screen.findByRole('heading', { name: 'Operations' })).toBeInTheDocument();
    await waitFor(() => expect(requestCount(onRequest, 'GET', API_PATHS.home2)).toBe(1));
  });

  it("gives billing staff a way to billing and billing's work, not case lists or the board", async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-15T12:00:00') });
    render(<stories.AsBilling />);
    expect(await screen.findByRole('link', { name: 'Go to billing' })).toHaveAttribute(
      'href',
      PAGE_PATHS.billing,
    );
    // December 2025 to November 2026: November waits for a rate at two clients, September and October at one.
    const rate = await widget('Months needing a rate');
    const rateRows = await rate.findAllByRole('row');
    expect(rateRows.map((row) => row.querySelector('td, th')?.textContent)).toEqual([
      'Month',
      'November 2026',
      'November 2026',
      'October 2026',
      'September 2026',
    ]);
    expect(rate.getAllByRole('link', { name: 'September 2026' })[0]).toHaveAttribute(
      'href',
      PAGE_PATHS.billingClient(6),
    );
    // November has a rate but is still open at six clients: each leads to its statement.
    const close = await widget('Months to close');
    expect(await close.findAllByRole('link', { name: 'November 2026' })).toHaveLength(6);
    expect(close.getAllByRole('link', { name: 'November 2026' })[0]).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/billing\/continuous-monitoring\/\d+\/2026-11$/),
    );
    // September at Bayou was closed, then two of its cases changed: it leads to its statement.
    const changed = await widget('Statements changed since close');
    const changedRows = await changed.findAllByRole('row');
    expect(changedRows.map((row) => row.querySelector('td, th')?.textContent)).toEqual([
      'Month',
      'September 2026',
    ]);
    expect(changed.getByRole('link', { name: 'September 2026' })).toHaveAttribute(
      'href',
      PAGE_PATHS.statement(1, '2026-09'),
    );
    expect(screen.queryByRole('region', { name: 'My active cases' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'My time log' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Monitoring checks' })).toBeNull();
  });
});

describe('the cards of each home, in order', () => {
  /** The home's cards (its regions) from the top down, once the caller's work and the board have loaded. */
  const cards = async () => {
    await screen.findByRole('region', { name: 'My active cases' });
    return screen.getAllByRole('region').map((region) => region.querySelector('h3')?.textContent);
  };

  it.each([
    ['a technologist', stories.AsTechnologist],
    ['an admin', stories.AsAdmin],
  ])("opens %s's home on the monitoring checks, the other cards below", async (_role, Story) => {
    render(<Story />);
    await screen.findByRole('table', { name: 'Cases in monitoring' });
    await waitFor(async () => {
      const order = await cards();
      expect(order[0]).toBe('Monitoring checks');
      expect(order.slice(1)).toEqual(
        expect.arrayContaining([
          'Case lists',
          'My active cases',
          'Reports due',
          'Billable hours',
          'Cases per stage',
        ]),
      );
    });
  });

  it("opens a reader's home on their reports due, the other cards below", async () => {
    render(<stories.AsReader />);
    const order = await cards();
    expect(order[0]).toBe('Reports due');
    expect(order.slice(1)).toEqual(expect.arrayContaining(['Case lists', 'My active cases']));
    expect(order).not.toContain('Monitoring checks');
  });
});

describe('statements changed since close', () => {
  it('lists each changed month with its client, status, hours at close and now, leading to its statement', () => {
    render(<stories.ChangedStatementsWidget />);
    const table = screen.getByRole('table', { name: 'Statements changed since close' });
    const cells = within(table)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('td, th')].map((cell) => cell.textContent));
    expect(cells).toEqual([
      ['Month', 'Client', 'Status', 'Hours at close', 'Hours now', 'Cases'],
      ['September 2026', 'Bayou Memorial Hospital', 'Closed', '34.00', '35.50', '2'],
      ['August 2026', 'Northside General Hospital', 'Invoiced', '10.00', '9.00', '1'],
    ]);
    expect(within(table).getByRole('link', { name: 'August 2026' })).toHaveAttribute(
      'href',
      PAGE_PATHS.statement(2, '2026-08'),
    );
  });

  it('says so when every closed month still matches its statement', () => {
    render(<stories.ChangedStatementsNone />);
    expect(screen.getByText('Every closed month still matches its statement.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('the widgets on their own', () => {
  it('counts a running log up on billing’s minute grid, another minute as each whole minute begins', () => {
    // Started at 10:00:40: at 11:35:20 billing counts 10:00–11:35, 95 min (its length is 94 min 40 s), and
    // 96 from 11:36:00, not from 11:36:40.
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'Date'],
      now: Date.parse('2026-03-14T11:35:20Z'),
    });
    render(
      <MemoryRouter>
        <MyTimeLog data={[{ ...runningLog, start: '2026-03-14T10:00:40.000Z' }]} onStop={vi.fn()} />
      </MemoryRouter>,
    );
    expect(screen.getByText('1 h 35 min')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(39_000));
    expect(screen.getByText('1 h 35 min')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.getByText('1 h 36 min')).toBeInTheDocument();
  });

  it('lists each running log, a stale one flagged', () => {
    render(<stories.TimeLogsWithStale />);
    expect(screen.getAllByRole('button', { name: /^Stop my time log on / })).toHaveLength(2);
    expect(screen.getByText(/^Open since .+ EST — stale/)).toBeInTheDocument();
    expect(screen.getAllByText(/stale/)).toHaveLength(1);
  });

  it('disables Stop while the stop is saved', () => {
    render(<stories.TimeLogStopping />);
    expect(screen.getByRole('button', { name: stopName })).toBeDisabled();
  });

  it('says when no log runs, or when the caller has no case', () => {
    render(<stories.NoTimeLogRunning />);
    expect(screen.getByText('No time log running.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: stopName })).toBeNull();
    render(<stories.MyCasesEmpty />);
    expect(screen.getByText('You have no active cases.')).toBeInTheDocument();
  });

  it('shows a skeleton while loading, and the error when loading failed', () => {
    render(<stories.BoardLoading />);
    expect(screen.getByRole('region', { name: 'Monitoring checks' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('table')).toBeNull();
    render(<stories.MyCasesFailed />);
    expect(
      screen.getByText('My active cases could not be loaded: The database is not reachable'),
    ).toBeInTheDocument();
  });

  it('says when no case is being monitored', () => {
    render(<stories.BoardEmpty />);
    expect(screen.getByText('No case is being monitored.')).toBeInTheDocument();
  });
});
