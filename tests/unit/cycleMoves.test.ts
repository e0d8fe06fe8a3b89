import { describe, expect, it } from 'vitest';
import type { BillingCycle } from '../../contract/billing';
import {
  allowedCycleMoves,
  type CycleFacts,
  rateRefusal,
  runningLogsRefusal,
} from '../../server/domain/billing/cycleStatus';
import { monthEnded, monthName } from '../../server/domain/billing/months';
import { cycleMoves } from '../../src/customRoutes/billing/cycleMoves';

describe('the moves a billing cycle offers its caller (DESIGN §8)', () => {
  const facts = (overrides: Partial<CycleFacts>): CycleFacts => ({
    month: 'October 2026',
    status: 'open',
    hasRate: true,
    monthEnded: true,
    ...overrides,
  });

  it('offers closing an ended, rated open month to billing staff and admins alike', () => {
    expect(allowedCycleMoves(facts({}), ['billing'])).toEqual([{ to: 'closed', refusal: null }]);
    expect(allowedCycleMoves(facts({}), ['admin'])).toEqual([{ to: 'closed', refusal: null }]);
  });

  it('offers closing a month still running or unrated, refused in the server’s words, the month first', () => {
    expect(allowedCycleMoves(facts({ monthEnded: false, hasRate: false }), ['billing'])).toEqual([
      { to: 'closed', refusal: "October 2026 has not ended yet in the client's time zone" },
    ]);
    expect(allowedCycleMoves(facts({ hasRate: false }), ['billing'])).toEqual([
      { to: 'closed', refusal: 'Set a rate before closing October 2026' },
    ]);
  });

  it('offers invoicing or reopening a closed month, in that order', () => {
    expect(allowedCycleMoves(facts({ status: 'closed', hasRate: false }), ['billing'])).toEqual([
      { to: 'invoiced', refusal: null },
      { to: 'open', refusal: null },
    ]);
  });

  it('offers taking an invoiced month back to closed or open, refused to all but admins', () => {
    const onlyAdmin = 'Only an admin may reopen October 2026: it is invoiced';
    expect(allowedCycleMoves(facts({ status: 'invoiced' }), ['billing'])).toEqual([
      { to: 'closed', refusal: onlyAdmin },
      { to: 'open', refusal: onlyAdmin },
    ]);
    expect(allowedCycleMoves(facts({ status: 'invoiced' }), ['billing', 'admin'])).toEqual([
      { to: 'closed', refusal: null },
      { to: 'open', refusal: null },
    ]);
  });

  it('offers nothing to a caller who may not change billing', () => {
    for (const roles of [[], ['technologist'], ['reader']] as const)
      expect(allowedCycleMoves(facts({ status: 'closed' }), roles)).toEqual([]);
  });
});

describe('the refusals of a cycle’s rate and closing', () => {
  it('takes a rate on an open month only', () => {
    expect(rateRefusal('2026-10', 'open')).toBeUndefined();
    expect(rateRefusal('2026-10', 'closed')).toBe('Cycle 2026-10 is closed: reopen it to change the rate');
    expect(rateRefusal('2026-10', 'invoiced')).toBe(
      'Cycle 2026-10 is invoiced: reopen it to change the rate',
    );
  });

  it('will not close a month while logs counted in it run, naming their cases', () => {
    expect(runningLogsRefusal('October 2026', [])).toBeUndefined();
    expect(runningLogsRefusal('October 2026', ['BMH-2026-0041'])).toBe(
      'October 2026 cannot be closed while a time log counted in it is running: stop the running logs of case BMH-2026-0041 first',
    );
    expect(runningLogsRefusal('October 2026', ['BMH-2026-0041', 'BMH-2026-0042'])).toBe(
      'October 2026 cannot be closed while a time log counted in it is running: stop the running logs of cases BMH-2026-0041, BMH-2026-0042 first',
    );
  });
});

describe('billing months in messages and on the clock', () => {
  it('names a month in English', () => {
    expect(monthName('2026-10')).toBe('October 2026');
    expect(monthName('2027-01')).toBe('January 2027');
  });

  it('ends a month at local midnight of the next 1st, to the millisecond', () => {
    // Chicago is UTC−5 on 1 November 2026 (daylight time ends that day at 02:00).
    const end = Date.parse('2026-11-01T05:00:00.000Z');
    expect(monthEnded('2026-10', 'America/Chicago', end - 1)).toBe(false);
    expect(monthEnded('2026-10', 'America/Chicago', end)).toBe(true);
    expect(monthEnded('2026-10', 'UTC', Date.parse('2026-11-01T00:00:00.000Z'))).toBe(true);
  });
});

describe('the words of the moves the server sent', () => {
  const cycle = (overrides: Partial<BillingCycle>): BillingCycle => ({
    id: '2026-10',
    month: '2026-10',
    status: 'open',
    rate: '125.50',
    minutes: 600,
    hours: '10.00',
    amount: '1255.00',
    cases: 2,
    version: 2,
    closedAt: null,
    closedBy: null,
    invoicedAt: null,
    invoicedBy: null,
    allowedMoves: [],
    ...overrides,
  });

  it('shows only what the server sent, with its refusal, in its order', () => {
    expect(cycleMoves(cycle({}))).toEqual([]);
    const moves = cycleMoves(
      cycle({
        status: 'closed',
        allowedMoves: [
          { to: 'invoiced', refusal: null },
          { to: 'open', refusal: 'Not now' },
        ],
      }),
    );
    expect(moves.map(({ to, action, name, refusal }) => ({ to, action, name, refusal }))).toEqual([
      { to: 'invoiced', action: 'Mark invoiced', name: 'Mark invoiced October 2026', refusal: null },
      { to: 'open', action: 'Reopen', name: 'Reopen October 2026', refusal: 'Not now' },
    ]);
    expect(moves[1]?.done).toBe('October 2026 reopened');
  });

  it('words reopening an invoiced month apart from reopening a closed one', () => {
    const [toClosed, toOpen] = cycleMoves(
      cycle({
        status: 'invoiced',
        allowedMoves: [
          { to: 'closed', refusal: null },
          { to: 'open', refusal: null },
        ],
      }),
    );
    expect(toClosed).toMatchObject({
      action: 'Reopen',
      title: 'Reopen October 2026?',
      done: 'October 2026 reopened: closed, no longer invoiced',
    });
    expect(toOpen).toMatchObject({
      action: 'Reopen for changes',
      name: 'Reopen for changes October 2026',
      title: 'Reopen October 2026 for changes?',
      done: 'October 2026 reopened for changes: open, no longer invoiced',
    });
  });

  it('names a move it has no words for by the status it leads to', () => {
    const [move] = cycleMoves(cycle({ status: 'open', allowedMoves: [{ to: 'invoiced', refusal: null }] }));
    expect(move).toEqual({
      to: 'invoiced',
      action: 'Mark invoiced',
      name: 'Mark invoiced October 2026',
      title: 'Mark October 2026 invoiced?',
      explanation: 'It becomes invoiced.',
      done: 'October 2026 is now invoiced',
      refusal: null,
    });
  });
});
