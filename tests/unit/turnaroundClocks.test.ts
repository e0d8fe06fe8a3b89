import { describe, expect, it } from 'vitest';
import type { CallFigures } from '../../contract/callAttempts';
import { nearestClock, orderPriorityOf } from '../../contract/turnaroundRules';
import {
  type ClockInput,
  type OrdersOfMonth,
  turnaroundClocks,
  turnaroundMonths,
} from '../../server/domain/turnaroundClocks';

const MINUTE = 60_000;
const T0 = Date.parse('2026-03-08T06:30:00Z');
const at = (minutes: number) => new Date(T0 + minutes * MINUTE).toISOString();
/** An instant of the clocks' input: `minutes` after T0, in milliseconds. */
const ms = (minutes: number) => T0 + minutes * MINUTE;

const input = (overrides: Partial<ClockInput> = {}): ClockInput => ({
  orderedAt: ms(0),
  priority: 'stat',
  targets: null,
  reportTurnaroundHours: 24,
  firstHookupAt: null,
  recordingStart: null,
  firstReviewedAt: null,
  firstSignedAt: null,
  firstPrelimSignedAt: null,
  closed: false,
  ...overrides,
});

describe('turnaround clocks', () => {
  it('runs the hookup clock from the order and breaches it by whole minutes past due', () => {
    expect(turnaroundClocks(input(), new Date(at(59)))).toEqual([
      { kind: 'hookup', dueBy: at(60), metAt: null, breachedByMinutes: null },
    ]);
    expect(turnaroundClocks(input(), new Date(T0 + 90.5 * MINUTE))).toEqual([
      { kind: 'hookup', dueBy: at(60), metAt: null, breachedByMinutes: 30 },
    ]);
  });

  it('meets the hookup by the first hookup log, else the recording start, and then runs the first review', () => {
    const clocks = turnaroundClocks(
      input({ firstHookupAt: ms(75), recordingStart: ms(80) }),
      new Date(at(100)),
    );
    expect(clocks).toEqual([
      { kind: 'hookup', dueBy: at(60), metAt: at(75), breachedByMinutes: 15 },
      { kind: 'first-review', dueBy: at(135), metAt: null, breachedByMinutes: null },
      { kind: 'preliminary', dueBy: at(80 + 24 * 60), metAt: null, breachedByMinutes: null },
    ]);
    const byStart = turnaroundClocks(
      input({ priority: 'routine', recordingStart: ms(600) }),
      new Date(at(700)),
    );
    expect(byStart[0]).toEqual({ kind: 'hookup', dueBy: at(1440), metAt: at(600), breachedByMinutes: null });
    expect(byStart[1]?.dueBy).toBe(at(600 + 720));
  });

  it('meets the first review by the earlier of a reviewed action and a signed interpretation', () => {
    const clocks = (firstReviewedAt: number | null, firstSignedAt: number | null) =>
      turnaroundClocks(
        input({ priority: 'urgent', recordingStart: ms(30), firstReviewedAt, firstSignedAt }),
        new Date(at(1000)),
      )[1];
    expect(clocks(ms(100), ms(400))).toEqual({
      kind: 'first-review',
      dueBy: at(210),
      metAt: at(100),
      breachedByMinutes: null,
    });
    expect(clocks(ms(400), ms(250))).toMatchObject({ metAt: at(250), breachedByMinutes: 40 });
    // Either one alone meets it.
    expect(clocks(ms(100), null)).toMatchObject({ metAt: at(100), breachedByMinutes: null });
    expect(clocks(null, ms(250))).toMatchObject({ metAt: at(250), breachedByMinutes: 40 });
  });

  it('takes the protocol targets over the defaults', () => {
    const targets = {
      stat: { orderToHookupMinutes: 45, hookupToFirstReviewMinutes: 30 },
      urgent: { orderToHookupMinutes: 120, hookupToFirstReviewMinutes: 120 },
      routine: { orderToHookupMinutes: 720, hookupToFirstReviewMinutes: 480 },
    };
    expect(turnaroundClocks(input({ targets }), new Date(at(0)))[0]?.dueBy).toBe(at(45));
  });

  it('runs no order clocks without an order, and drops the unmet clocks of a closed case', () => {
    expect(turnaroundClocks(input({ orderedAt: null, priority: null }), new Date(at(10)))).toEqual([]);
    // A hospital order without a time, or a time without a priority, runs none either.
    expect(turnaroundClocks(input({ orderedAt: null }), new Date(at(10)))).toEqual([]);
    expect(turnaroundClocks(input({ priority: null }), new Date(at(10)))).toEqual([]);
    expect(
      turnaroundClocks(input({ orderedAt: null, priority: null, recordingStart: ms(0) }), new Date(at(10))),
    ).toEqual([{ kind: 'preliminary', dueBy: at(24 * 60), metAt: null, breachedByMinutes: null }]);
    expect(turnaroundClocks(input({ recordingStart: ms(20), closed: true }), new Date(at(9999)))).toEqual([
      { kind: 'hookup', dueBy: at(60), metAt: at(20), breachedByMinutes: null },
    ]);
  });

  it('counts across a DST change in instants: 60 minutes are 60 minutes', () => {
    // 2026-03-08 is the US spring-forward day: 06:30 UTC is 01:30 EST, an hour later is 03:30 EDT.
    const clocks = turnaroundClocks(input({ recordingStart: ms(61) }), new Date(at(61)));
    expect(clocks[0]).toEqual({
      kind: 'hookup',
      dueBy: '2026-03-08T07:30:00.000Z',
      metAt: at(61),
      breachedByMinutes: 1,
    });
  });

  it('picks the running clock due soonest as the one nearest to breach', () => {
    expect(
      nearestClock([
        { kind: 'hookup', dueBy: at(10), metAt: at(5), breachedByMinutes: null },
        { kind: 'preliminary', dueBy: at(500), metAt: null, breachedByMinutes: null },
        { kind: 'first-review', dueBy: at(70), metAt: null, breachedByMinutes: null },
      ])?.kind,
    ).toBe('first-review');
    expect(
      nearestClock([{ kind: 'hookup', dueBy: at(10), metAt: at(5), breachedByMinutes: null }]),
    ).toBeUndefined();
  });

  it('maps HL7 priorities to ours', () => {
    expect(['S', 'stat', 'A', 'T', 'R', '', 'P', 'C', 'routine', 'X'].map(orderPriorityOf)).toEqual([
      'stat',
      'stat',
      'urgent',
      'urgent',
      'routine',
      'routine',
      'routine',
      'routine',
      'routine',
      null,
    ]);
  });

  it('reads a priority in any case and with spaces around it, and no priority at all as routine', () => {
    expect([' s ', 'Asap', 'urgent', ' URGENT', 'stat '].map(orderPriorityOf)).toEqual([
      'stat',
      'urgent',
      'urgent',
      'urgent',
      'stat',
    ]);
    expect(orderPriorityOf(null)).toBe('routine');
    expect(orderPriorityOf(undefined)).toBe('routine');
  });
});

describe('monthly turnaround figures', () => {
  const counted = (
    clientId: number,
    clientName: string,
    month: string,
    priority: OrdersOfMonth['priority'],
    orders: number,
  ): OrdersOfMonth => ({
    clientId,
    clientName,
    month,
    priority,
    orders,
    hookup: { measured: 3, met: 2, medianMinutes: 50 },
    firstReview: { measured: 0, met: 0, medianMinutes: null },
  });
  const none = { measured: 0, met: 0, share: null, medianMinutes: null };

  it('lists every priority of a month, with the share met of those measured, and none for a priority not ordered', () => {
    const [month, ...rest] = turnaroundMonths([
      counted(1, 'North', '2026-03', 'routine', 4),
      counted(1, 'North', '2026-03', 'stat', 3),
    ]);
    expect(rest).toEqual([]);
    expect(month).toEqual({
      clientId: 1,
      clientName: 'North',
      month: '2026-03',
      orders: [
        {
          priority: 'stat',
          orders: 3,
          hookup: { measured: 3, met: 2, share: 2 / 3, medianMinutes: 50 },
          firstReview: none,
        },
        { priority: 'urgent', orders: 0, hookup: none, firstReview: none },
        {
          priority: 'routine',
          orders: 4,
          hookup: { measured: 3, met: 2, share: 2 / 3, medianMinutes: 50 },
          firstReview: none,
        },
      ],
      calls: null,
    });
  });

  it("joins each month's calls to its orders, lists a month of calls alone, and sorts by client name, id and month", () => {
    const calls = { calls: 2 } as CallFigures;
    const months = turnaroundMonths(
      [
        counted(2, 'West', '2026-04', 'stat', 1),
        counted(3, 'East', '2026-04', 'urgent', 1),
        counted(2, 'West', '2026-03', 'stat', 1),
        counted(1, 'West', '2026-04', 'stat', 1),
      ],
      [
        { clientId: 2, clientName: 'West', month: '2026-04', calls },
        { clientId: 4, clientName: 'Central', month: '2026-02', calls },
      ],
    );
    expect(months.map((each) => [each.clientId, each.month, each.calls])).toEqual([
      [4, '2026-02', calls],
      [3, '2026-04', null],
      [1, '2026-04', null],
      [2, '2026-03', null],
      [2, '2026-04', calls],
    ]);
    expect(months[0]?.orders.map((each) => each.orders)).toEqual([0, 0, 0]);
    expect(months[0]?.orders[0]?.hookup).toEqual(none);
  });
});
