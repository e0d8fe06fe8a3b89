import { composeStories } from '@storybook/react-vite';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import preview from '../../.storybook/preview';
import { API_PATHS, PAGE_PATHS } from '../../contract/paths';
import * as billingStories from '../../src/customRoutes/billing/Billing.stories';
import { toHttpError } from '../../src/dataProvider/httpClient';
import { timesIn } from '../../src/print/reportFormat';
import { userWithRole } from '../support/clientFixtures';
import { conflict } from '../support/fakeApiRules';
import { billingSeed, buildStoredCycle, fakeBillingHandler } from '../support/fakeBillingApi';
import { catchDownloads } from './support/downloads';
import { bodyRowsOf, rowsOf } from './support/tables';

const stories = composeStories(billingStories, preview);

/** Bayou Memorial's clock: its statement's times are written in it. */
const chicago = timesIn('America/Chicago');

/** The row whose first cell reads `first`. */
function rowOf(table: HTMLElement, first: string) {
  const row = within(table)
    .getAllByRole('row')
    .find((candidate) => within(candidate).queryAllByRole('cell')[0]?.textContent === first);
  if (!row) throw new Error(`No row starts with ${first}`);
  return row;
}

/** The value a fact list gives a term. */
function factOf(container: HTMLElement, term: string) {
  const dt = within(container).getByText(term, { selector: 'dt' });
  return dt.nextElementSibling?.textContent;
}

const expectNoAppChrome = () => {
  expect(screen.queryByRole('banner')).toBeNull();
  expect(screen.queryByRole('navigation')).toBeNull();
  expect(screen.queryByRole('link', { name: 'Billing' })).toBeNull();
};

const requestsTo = (onRequest: ReturnType<typeof vi.fn>, method: string, path: string) =>
  onRequest.mock.calls
    .map(([request]) => request)
    .filter((request) => request.method === method && request.path === path);

// The pages read "this month" from the clock, and the fake lists months up to now: both see 20 November 2026.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-20T18:00:00.000Z') });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the billing home', () => {
  it('lists each client with this month and last month: hours, rate, status, amount', async () => {
    const onRequest = vi.fn();
    render(<stories.BillingHome onRequest={onRequest} />);
    const table = await screen.findByRole('table', { name: 'Clients to bill' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([
      'Client',
      'November 2026 hours',
      'October 2026 hours',
      'October 2026 rate',
      'October 2026 status',
      'October 2026 amount',
    ]);
    expect(rowsOf(table).slice(1)).toEqual([
      ['Bayou Memorial Hospital', '51.00', '155.75', '125.50', 'Open', '19546.63'],
      ['Northside General Hospital', '0.00', '64.75', 'Needs a rate', 'Open', '—'],
      ["Lakeshore Children's Hospital", '0.00', '64.75', 'Needs a rate', 'Open', '—'],
    ]);
    expect(within(table).getByRole('link', { name: 'Bayou Memorial Hospital' })).toHaveAttribute(
      'href',
      PAGE_PATHS.billingClient(1),
    );
    expect(screen.getByText('2 clients still need a rate for October 2026')).toBeInTheDocument();
    expect(requestsTo(onRequest, 'GET', API_PATHS.hoursSummary)).toEqual([
      expect.objectContaining({ query: { from: '2026-10', to: '2026-11' } }),
    ]);
  });

  it('says so when there is no client to bill yet', async () => {
    render(<stories.BillingHomeEmpty />);
    expect(
      await screen.findByText('No clients to bill yet: a client appears here from its first recording.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says why the summary could not be read', async () => {
    render(<stories.BillingHomeUnreadable />);
    expect(
      await screen.findByText('The billing summary could not be read: The database is not reachable'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe("a client's billing cycles", () => {
  const cycles = () => screen.findByRole('table', { name: 'Billing cycles' });

  it('opens without the menu or app bar: the client, the way back, its months newest first', async () => {
    render(<stories.ClientCycles />);
    const table = await cycles();
    expect(
      await screen.findByRole('heading', { name: 'Bayou Memorial Hospital', level: 1 }),
    ).toBeInTheDocument();
    expectNoAppChrome();
    expect(screen.getByRole('link', { name: 'Back to billing' })).toHaveAttribute('href', PAGE_PATHS.billing);
    expect(
      rowsOf(table)
        .slice(1)
        .map((cells) => cells[0]),
    ).toEqual(['November 2026', 'October 2026', 'September 2026', 'August 2026', 'July 2026', 'June 2026']);
    const september = rowOf(table, 'September 2026');
    expect(
      rowsOf(table)
        .find((cells) => cells[0] === 'September 2026')
        ?.slice(0, 6),
    ).toEqual([
      'September 2026',
      // The hours frozen at closing (61.17), not today's 62.67 after a corrected time log.
      '61.17',
      '3',
      '120.00',
      '7340.00',
      'Closed',
    ]);
    expect(within(september).getByRole('link', { name: 'Statement for September 2026' })).toHaveAttribute(
      'href',
      PAGE_PATHS.statement(1, '2026-09'),
    );
  });

  it('checks a rate as it is typed, and saves a good one with the version it was loaded with', async () => {
    const onRequest = vi.fn();
    const user = userEvent.setup();
    render(<stories.ClientCycles onRequest={onRequest} />);
    const october = rowOf(await cycles(), 'October 2026');
    const rate = within(october).getByRole('textbox', { name: 'Rate for October 2026' });
    expect(rate).toHaveValue('125.50');
    await user.clear(rate);
    await user.type(rate, '12o');
    expect(rate).toHaveAccessibleDescription(
      'Rate must be an amount per hour such as 125.50 (digits and a decimal point)',
    );
    expect(within(october).getByRole('button', { name: 'Save the rate for October 2026' })).toBeDisabled();
    await user.clear(rate);
    await user.type(rate, '130.125');
    expect(rate).toHaveAccessibleDescription('Rate may have at most 2 decimal places');
    await user.keyboard('{Enter}');
    expect(requestsTo(onRequest, 'POST', API_PATHS.cycleRate(1, '2026-10'))).toEqual([]);

    await user.clear(rate);
    await user.type(rate, '130{Enter}');
    await waitFor(() =>
      expect(requestsTo(onRequest, 'POST', API_PATHS.cycleRate(1, '2026-10'))).toEqual([
        expect.objectContaining({ body: { rate: '130', version: 2 } }),
      ]),
    );
    expect(await screen.findByText('Rate for October 2026 set to 130.00')).toBeInTheDocument();
    // 155.75 h × 130.00, as the fake server computed it after the list was read again.
    await waitFor(() =>
      expect(
        within(rowOf(screen.getByRole('table', { name: 'Billing cycles' }), 'October 2026')).getByText(
          '20247.50',
        ),
      ).toBeInTheDocument(),
    );
    expect(screen.getByRole('textbox', { name: 'Rate for October 2026' })).toHaveValue('130.00');
  });

  it("shows the server's word on a refused rate under the field", async () => {
    const user = userEvent.setup();
    const refusal = toHttpError(400, {
      error: 'Invalid rate',
      fields: [{ field: 'rate', message: 'Rate must be at most 99999.99 per hour' }],
    });
    render(<stories.ClientCycles failures={{ [`POST ${API_PATHS.cycleRate(1, '2026-10')}`]: refusal }} />);
    const rate = within(rowOf(await cycles(), 'October 2026')).getByRole('textbox', {
      name: 'Rate for October 2026',
    });
    await user.clear(rate);
    await user.type(rate, '140{Enter}');
    await waitFor(() => expect(rate).toHaveAccessibleDescription('Rate must be at most 99999.99 per hour'));
  });

  it('shows a conflict as an error in the server’s words', async () => {
    const user = userEvent.setup();
    const refusal = conflict('Cycle 2026-10 is closed: reopen it to change the rate');
    render(<stories.ClientCycles failures={{ [`POST ${API_PATHS.cycleRate(1, '2026-10')}`]: refusal }} />);
    const rate = within(rowOf(await cycles(), 'October 2026')).getByRole('textbox', {
      name: 'Rate for October 2026',
    });
    await user.clear(rate);
    await user.type(rate, '140');
    await user.click(screen.getByRole('button', { name: 'Save the rate for October 2026' }));
    expect(
      await screen.findByText('Cycle 2026-10 is closed: reopen it to change the rate'),
    ).toBeInTheDocument();
    expect(rate).toHaveAccessibleDescription('Per hour; Enter saves');
  });

  it('closes a month only once confirmed, with the version it was loaded with', async () => {
    const onRequest = vi.fn();
    const user = userEvent.setup();
    render(<stories.ClientCycles onRequest={onRequest} />);
    await user.click(
      within(rowOf(await cycles(), 'October 2026')).getByRole('button', { name: 'Close October 2026' }),
    );
    let dialog = await screen.findByRole('dialog', { name: 'Close October 2026?' });
    expect(dialog).toHaveTextContent(/Its statement lines are frozen/);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requestsTo(onRequest, 'POST', API_PATHS.cycleStatus(1, '2026-10'))).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Close October 2026' }));
    dialog = await screen.findByRole('dialog', { name: 'Close October 2026?' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() =>
      expect(requestsTo(onRequest, 'POST', API_PATHS.cycleStatus(1, '2026-10'))).toEqual([
        expect.objectContaining({ body: { status: 'closed', version: 2 } }),
      ]),
    );
    expect(
      await screen.findByText('October 2026 closed: its statement lines are frozen'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(rowOf(screen.getByRole('table', { name: 'Billing cycles' }), 'October 2026')).getByText(
          'Closed',
        ),
      ).toBeInTheDocument(),
    );
    expect(screen.queryByRole('textbox', { name: 'Rate for October 2026' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Mark invoiced October 2026' })).toBeEnabled();
  });

  it('will not close a month that has no rate, or that has not ended', async () => {
    render(<stories.ClientCyclesWithoutRate />);
    const october = rowOf(await cycles(), 'October 2026');
    const close = within(october).getByRole('button', { name: 'Close October 2026' });
    expect(close).toBeDisabled();
    expect(close).toHaveAccessibleDescription('Set a rate before closing October 2026');
    expect(within(october).getByRole('textbox', { name: 'Rate for October 2026' })).toHaveValue('');
    const november = screen.getByRole('button', { name: 'Close November 2026' });
    expect(november).toBeDisabled();
    expect(november).toHaveAccessibleDescription("November 2026 has not ended yet in the client's time zone");
  });

  it('lets only an admin reopen an invoiced month', async () => {
    const { unmount } = render(<stories.ClientCycles />);
    const august = rowOf(await cycles(), 'August 2026');
    const reopen = within(august).getByRole('button', { name: 'Reopen August 2026' });
    expect(reopen).toBeDisabled();
    expect(reopen).toHaveAccessibleDescription('Only an admin may reopen August 2026: it is invoiced');
    // A closed month may be reopened or invoiced by billing staff.
    expect(screen.getByRole('button', { name: 'Reopen September 2026' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Mark invoiced September 2026' })).toBeEnabled();
    unmount();

    const onRequest = vi.fn();
    const user = userEvent.setup();
    render(<stories.AsAdmin onRequest={onRequest} />);
    await user.click(
      within(rowOf(await cycles(), 'August 2026')).getByRole('button', { name: 'Reopen August 2026' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Reopen August 2026?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reopen' }));
    await waitFor(() =>
      expect(requestsTo(onRequest, 'POST', API_PATHS.cycleStatus(1, '2026-08'))).toEqual([
        expect.objectContaining({ body: { status: 'closed', version: 4 } }),
      ]),
    );
    await waitFor(() =>
      expect(
        within(rowOf(screen.getByRole('table', { name: 'Billing cycles' }), 'August 2026')).getByText(
          'Closed',
        ),
      ).toBeInTheDocument(),
    );
  });
});

describe('the fake billing API, as the server rules', () => {
  const post = (handler: ReturnType<typeof fakeBillingHandler>, path: string, body: unknown) => () =>
    handler({ method: 'POST', path, body });

  it('refuses an invoiced reopen to all but admins, a rate on a closed month, and a stale version', () => {
    const handler = fakeBillingHandler(billingSeed, userWithRole('billing'));
    expect(post(handler, API_PATHS.cycleStatus(1, '2026-08'), { status: 'closed', version: 4 })).toThrow(
      expect.objectContaining({
        status: 403,
        message: 'Only an admin may reopen August 2026: it is invoiced',
      }),
    );
    expect(post(handler, API_PATHS.cycleRate(1, '2026-09'), { rate: '99', version: 3 })).toThrow(
      'Cycle 2026-09 is closed: reopen it to change the rate',
    );
    expect(post(handler, API_PATHS.cycleStatus(1, '2026-10'), { status: 'closed', version: 1 })).toThrow(
      expect.objectContaining({ status: 409 }),
    );
    expect(post(handler, API_PATHS.cycleRate(1, '2026-10'), { rate: '12.345', version: 2 })).toThrow(
      expect.objectContaining({
        status: 400,
        body: { errors: { rate: 'Rate may have at most 2 decimal places' } },
      }),
    );
  });

  it('refuses to close a month without a rate, or one still running', () => {
    // Stored months of Lakeshore: October without a rate (seeded so), November with one but still running.
    const lakeshore = {
      ...billingSeed.clients[2],
      cycles: [
        buildStoredCycle({ month: '2026-10', version: 1 }),
        buildStoredCycle({ month: '2026-11', rate: '100.00', version: 1 }),
      ],
    };
    const handler = fakeBillingHandler({ clients: [lakeshore] }, userWithRole('billing'));
    expect(post(handler, API_PATHS.cycleStatus(3, '2026-10'), { status: 'closed', version: 1 })).toThrow(
      'Set a rate before closing October 2026',
    );
    expect(post(handler, API_PATHS.cycleStatus(3, '2026-11'), { status: 'closed', version: 1 })).toThrow(
      "November 2026 has not ended yet in the client's time zone",
    );
  });

  it('freezes the lines at closing', () => {
    const handler = fakeBillingHandler(billingSeed, userWithRole('billing'));
    handler({
      method: 'POST',
      path: API_PATHS.cycleStatus(1, '2026-10'),
      body: { status: 'closed', version: 2 },
    });
    const answer = handler({ method: 'GET', path: API_PATHS.billingCycle(1, '2026-10') });
    expect(answer?.data).toMatchObject({
      frozen: true,
      cycle: { status: 'closed', closedBy: 'billing', version: 3 },
    });
  });
});

describe('the statement', () => {
  const statementHeading = (month: string) =>
    screen.findByRole('heading', { name: `Statement for ${month}`, level: 1 });
  const section = (name: string) => screen.findByRole('region', { name });
  const lines = () => screen.findByRole('table', { name: 'Statement lines' });

  it("opens without the menu or app bar: the client, the period in the client's zone, the status", async () => {
    render(<stories.Statement />);
    expect(await statementHeading('October 2026')).toBeInTheDocument();
    expectNoAppChrome();
    const client = await section('Client');
    expect(factOf(client, 'Name')).toBe('Bayou Memorial Hospital');
    expect(factOf(client, 'Code')).toBe('BMH');
    expect(factOf(client, 'Address')).toBe('2100 Canal Street\nNew Orleans, LA 70112');
    expect(factOf(client, 'Time zone')).toBe('America/Chicago');
    const period = await section('Period and status');
    const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeZone: 'America/Chicago' });
    expect(factOf(period, 'Period')).toBe(
      `${day.format(new Date('2026-10-01T12:00:00Z'))} – ${day.format(new Date('2026-10-31T12:00:00Z'))}, America/Chicago`,
    );
    expect(factOf(period, 'Status')).toBe('Open');
    expect(within(period).queryByText('Closed', { selector: 'dt' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to the billing cycles' })).toHaveAttribute(
      'href',
      PAGE_PATHS.billingClient(1),
    );
  });

  it('lists each case: recording in the client’s zone, hours, adjustments, CPT codes; then the totals', async () => {
    const user = userEvent.setup();
    render(<stories.Statement />);
    const table = await lines();
    const rows = rowsOf(table).slice(1);
    expect(rows).toHaveLength(7);
    expect(rows[0]).toEqual([
      'BMH-2026-0041',
      'Okafor, GraceMRN BMH101517',
      `${chicago('2026-10-03T02:15:00.000Z')} – ${chicago('2026-10-05T14:40:00.000Z')}`,
      expect.stringMatching(/^35\d\d min \(59\.42 h\)$/),
      '0 min (0.00 h)',
      expect.stringMatching(/^35\d\d min \(59\.42 h\)$/),
      '95700 × 195713 × 195716 × 2',
      '',
    ]);
    expect(rowOf(table, 'BMH-2026-0042').textContent).toContain(
      '2100 min (35.00 h)-60 min (-1.00 h)2040 min (34.00 h)',
    );
    // The professional codes under the technical ones, per reader who signed, by name and credentials.
    expect(
      await within(rowOf(table, 'BMH-2026-0042')).findByText('Signed by Rhea Patel, MD, FACNS'),
    ).toBeInTheDocument();
    expect(within(rowOf(table, 'BMH-2026-0042')).getByText('Signed by Ada Lovelace')).toBeInTheDocument();
    // A study with no signed report: no professional code, each day listed as unreported.
    expect(
      within(rowOf(table, 'BMH-2026-0045')).getByText(
        `Unreported: ${chicago('2026-10-20T19:00:00.000Z')} – ${chicago('2026-10-21T05:00:00.000Z')} (10 h), no signed report`,
      ),
    ).toBeInTheDocument();
    expect(
      within(rowOf(table, 'BMH-2026-0045')).getByText(
        `Unreported: ${chicago('2026-10-21T05:00:00.000Z')} – ${chicago('2026-10-21T21:30:00.000Z')} (16 h 30 min), no signed report`,
      ),
    ).toBeInTheDocument();
    expect(within(rowOf(table, 'BMH-2026-0045')).queryByText(/^9571[78]|^9572/)).toBeNull();
    expect(within(rowOf(table, 'BMH-2026-0043')).getByText(/^Routine EEG: under 2 h/)).toBeInTheDocument();
    expect(rows[6]).toEqual([
      'Totals',
      '',
      '',
      '9375 min (156.25 h)',
      '-30 min (-0.50 h)',
      '9345 min (155.75 h)',
      '',
      '',
    ]);

    await user.hover(within(rowOf(table, 'BMH-2026-0041')).getByText('95716 × 2'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'EEG with video, 12–26 h, continuous monitoring (each)',
    );

    const amount = await section('Amount');
    expect(factOf(amount, 'Total')).toBe('9345 min (155.75 h)');
    expect(factOf(amount, 'Rate')).toBe('USD 125.50 per hour');
    expect(factOf(amount, 'Amount')).toBe('USD 19546.63');
    // On paper it reconciles: 9345 × 125.50 / 60 = 19546.625, rounded once, half up.
    expect(factOf(amount, 'Reckoned as')).toBe('9345 min × 125.50 / h = 19546.63 USD');
    // The month is open: the statement is a draft, and says so where it prints.
    expect(screen.getByRole('note', { name: 'DRAFT' })).toHaveTextContent('The month is still open');
    expect(screen.queryByRole('region', { name: 'Changed since closing' })).toBeNull();
  });

  it('shows a closed month’s frozen lines, who closed it, and what changed since', async () => {
    render(<stories.StatementClosedWithChanges />);
    const period = await section('Period and status');
    expect(screen.queryByRole('note', { name: 'DRAFT' })).toBeNull();
    expect(factOf(period, 'Status')).toBe('Closed');
    expect(factOf(period, 'Closed')).toBe(
      `Closed on ${chicago('2026-10-03T15:20:00.000Z')} by bill; lines frozen`,
    );
    // The frozen 25.00 h, not the 26.50 h the corrected time log gives now.
    expect(rowOf(await lines(), 'BMH-2026-0032').textContent).toContain('25.00');
    const changes = await section('Changed since closing');
    expect(changes).toHaveTextContent('BMH-2026-0032: billable 25.00 → 26.50 h');
    expect(changes).toHaveTextContent(
      `Time log 318, revision 2, by priya on ${chicago('2026-10-06T14:05:00.000Z')}`,
    );
    expect(changes).toHaveTextContent('BMH-2026-0031: billable 35.00 → 35.00 h; adjustments 0.00 → -0.75 h');
    expect(changes).toHaveTextContent(
      `Billing note 27, revision 1, by bill on ${chicago('2026-10-07T16:40:00.000Z')}`,
    );
  });

  it('marks a line whose running log still counts, stale when over a shift, and says the month cannot close', async () => {
    render(<stories.StatementWithRunningLog />);
    expect(await statementHeading('November 2026')).toBeInTheDocument();
    const [, , forgotten] = rowsOf(await lines());
    expect(forgotten?.[0]).toBe('BMH-2026-0052');
    expect(forgotten?.[3]).toBe('960 min (16.00 h)Open log, stale');
    expect(forgotten?.[7]).toContain('A time log is still running: counted up to now, at most one shift');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'A time log is still running on case BMH-2026-0052: its hours count up to now, one shift at most, and the month cannot be closed until it stops.',
    );
  });

  it('says when a month has no cases and no rate', async () => {
    render(<stories.StatementEmptyNoRate />);
    expect(await statementHeading('November 2026')).toBeInTheDocument();
    expect(screen.getByText('No billable cases in this month.')).toBeInTheDocument();
    const amount = await section('Amount');
    expect(factOf(amount, 'Rate')).toBe('No rate set');
    expect(factOf(amount, 'Amount')).toBe('No rate set');
    expect(factOf(await section('Client'), 'Time zone')).toBe('America/New_York');
  });

  it('prints when Print is pressed', async () => {
    const user = userEvent.setup();
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    render(<stories.Statement />);
    await user.click(await screen.findByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('downloads the statement as CSV: one row per case, then the totals with rate and amount', async () => {
    const downloads = catchDownloads();
    const user = userEvent.setup();
    render(<stories.Statement />);
    await lines();
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(async () => expect(await downloads()).toHaveLength(1));
    const [{ name, text }] = await downloads();
    expect(name).toBe('statement-BMH-2026-10.csv');
    const [header, ...rows] = text.trim().split('\n');
    expect(header).toBe(
      'Case number,Patient,MRN,Recording start,Recording end,Billable minutes,Billable hours,Adjustment minutes,Adjustment hours,Total minutes,Total hours,CPT codes,Professional codes,Unreported,Note,Currency,Rate,Amount',
    );
    expect(rows).toHaveLength(7);
    expect(rows[1]).toContain('BMH-2026-0042,"Nguyen, Minh",BMH101554,');
    // The professional codes per signer, by name and credentials: each read one of the two video days.
    expect(rows[1]).toContain(
      ',2100,35.00,-60,-1.00,2040,34.00,95700 × 1; 95715 × 2,"Ada Lovelace: 95720 × 1; Rhea Patel, MD, FACNS: 95720 × 1",,,,,',
    );
    // A study with no signed report: its days are unreported.
    expect(rows[4]).toContain(
      `,,"Unreported: ${chicago('2026-10-20T19:00:00.000Z')} – ${chicago('2026-10-21T05:00:00.000Z')} (10 h), no signed report; Unreported:`,
    );
    expect(rows[6]).toMatch(
      /^Total,,,,,9375,156\.25,-30,-0\.50,9345,155\.75,,,,(DRAFT: the month is still open)?,USD,125\.50,19546\.63$/,
    );
  });
});

describe("a client's billable hours per case", () => {
  it('tables the newest month by case from the billable-hours call, then the month picked', async () => {
    const onRequest = vi.fn();
    const user = userEvent.setup();
    render(<stories.ClientCycles onRequest={onRequest} />);
    const november = await screen.findByRole('table', { name: 'Billable hours per case, November 2026' });
    expect(bodyRowsOf(november).map((cells) => cells.slice(1))).toEqual([
      ['Prejean, Alma', '2100 min (35.00 h)', '0 min (0.00 h)', '2100 min (35.00 h)', ''],
      ['Guidry, Theo', '960 min (16.00 h)Open log, stale', '0 min (0.00 h)', '960 min (16.00 h)', ''],
      ['', '3060 min (51.00 h)', '0 min (0.00 h)', '3060 min (51.00 h)', ''],
    ]);
    expect(bodyRowsOf(november).at(-1)?.[0]).toBe('Totals');
    expect(requestsTo(onRequest, 'GET', API_PATHS.billableHours(1))).toEqual([
      expect.objectContaining({ query: { month: '2026-11' } }),
    ]);

    await user.click(screen.getByRole('combobox', { name: 'Month' }));
    await user.click(await screen.findByRole('option', { name: 'October 2026' }));
    const october = await screen.findByRole('table', { name: 'Billable hours per case, October 2026' });
    const [okafor] = bodyRowsOf(october);
    expect(okafor?.slice(1)).toEqual([
      'Okafor, Grace',
      '3565 min (59.42 h)',
      '0 min (0.00 h)',
      '3565 min (59.42 h)',
      '',
    ]);
    // Nguyen's billing note takes an hour off; each of the two readers signed one day's report.
    await within(october).findByText('Signed by Rhea Patel, MD, FACNS');
    expect(bodyRowsOf(october)[1]?.slice(1)).toEqual([
      'Nguyen, Minh',
      '2100 min (35.00 h)',
      '-60 min (-1.00 h)',
      '2040 min (34.00 h)',
      'Signed by Ada Lovelace95720 × 1Signed by Rhea Patel, MD, FACNS95720 × 1',
    ]);
    // Thibodeaux's study has no signed report yet: no professional code, both days unreported.
    const thibodeaux = bodyRowsOf(october).find((cells) => cells[1] === 'Thibodeaux, Marie');
    expect(thibodeaux?.[5]).toBe(
      [
        `Unreported: ${chicago('2026-10-20T19:00:00.000Z')} – ${chicago('2026-10-21T05:00:00.000Z')} (10 h), no signed report`,
        `Unreported: ${chicago('2026-10-21T05:00:00.000Z')} – ${chicago('2026-10-21T21:30:00.000Z')} (16 h 30 min), no signed report`,
      ].join(''),
    );
    expect(within(october).getAllByRole('link')[0]).toHaveAttribute('href', expect.stringContaining('/41'));
    expect(requestsTo(onRequest, 'GET', API_PATHS.billableHours(1)).at(-1)).toEqual(
      expect.objectContaining({ query: { month: '2026-10' } }),
    );
  });
});
