import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dueNextFirst } from '../../src/dashboard/boardClock';

const NOW = Date.parse('2026-11-26T10:00:00Z');
const MINUTE = 60_000;

/** A board row as far as its order goes: its id and when its next check is due (none: watched, ended). */
const row = fc.record({
  id: fc.integer({ min: 1, max: 10_000 }),
  nextCheckBy: fc.option(
    fc.integer({ min: -600, max: 600 }).map((minutes) => new Date(NOW + minutes * MINUTE).toISOString()),
    { nil: null },
  ),
});

describe('the monitoring board’s order', () => {
  it('puts the most overdue first, then the soonest due, the cases with no check due last in the server’s order', () => {
    const server = [
      { id: 1, nextCheckBy: null },
      { id: 2, nextCheckBy: new Date(NOW + 75 * MINUTE).toISOString() },
      { id: 3, nextCheckBy: new Date(NOW - 35 * MINUTE).toISOString() },
      { id: 4, nextCheckBy: new Date(NOW + 10 * MINUTE).toISOString() },
      { id: 5, nextCheckBy: new Date(NOW - 30 * MINUTE).toISOString() },
      { id: 6, nextCheckBy: null },
    ];
    expect(dueNextFirst(server).map(({ id }) => id)).toEqual([3, 5, 4, 2, 1, 6]);
  });

  it('orders any board by due time, keeps every row once, and keeps the server’s order among equals', () => {
    fc.assert(
      fc.property(fc.uniqueArray(row, { maxLength: 30, selector: ({ id }) => id }), (rows) => {
        const sorted = dueNextFirst(rows);
        expect([...sorted].sort((a, b) => a.id - b.id)).toEqual([...rows].sort((a, b) => a.id - b.id));
        const due = sorted.map(({ nextCheckBy }) =>
          nextCheckBy === null ? Number.POSITIVE_INFINITY : Date.parse(nextCheckBy),
        );
        for (let i = 1; i < due.length; i++) {
          expect(due[i - 1]).toBeLessThanOrEqual(due[i]);
          if (due[i - 1] === due[i])
            expect(rows.indexOf(sorted[i - 1])).toBeLessThan(rows.indexOf(sorted[i]));
        }
      }),
      { numRuns: 200, seed: 31 },
    );
  });
});
