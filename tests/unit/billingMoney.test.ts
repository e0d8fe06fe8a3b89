// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clippedMinutes, type Interval } from '../../contract/hours';
import { amountCents, hoursOf, moneyOf, rateCents } from '../../server/domain/billing/money';

const PROPERTY = { seed: 20261122, numRuns: 200 };
const MINUTE = 60_000;

/** The spec restated in BigInt: numerator / denominator rounded half away from zero. */
function halfUp(numerator: bigint, denominator: bigint): bigint {
  const magnitude = numerator < 0n ? -numerator : numerator;
  const quotient = (magnitude * 2n + denominator) / (denominator * 2n);
  return numerator < 0n ? -quotient : quotient;
}
/** Hundredths written the long way, through BigInt. */
function twoPlaces(hundredths: bigint): string {
  const magnitude = hundredths < 0n ? -hundredths : hundredths;
  const digits = magnitude.toString().padStart(3, '0');
  return `${hundredths < 0n ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

describe('hours', () => {
  it.each([
    [90, '1.50'],
    [1, '0.02'],
    [0, '0.00'],
    [-30, '-0.50'],
    [-1, '-0.02'],
    [3, '0.05'],
    [5, '0.08'],
    [750, '12.50'],
    [600_000, '10000.00'],
  ])('%i minutes are %s h', (minutes, hours) => {
    expect(hoursOf(minutes)).toBe(hours);
  });

  it('refuses a fraction of a minute', () => {
    expect(() => hoursOf(1.5)).toThrow(new RangeError('Minutes must be a whole number, got 1.5'));
  });

  it('rounds to the hundredth half-up, as exact arithmetic does', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), (minutes) => {
        expect(hoursOf(minutes)).toBe(twoPlaces(halfUp(BigInt(minutes) * 100n, 60n)));
      }),
      PROPERTY,
    );
  });
});

describe('rates and money', () => {
  it.each([
    ['125.5', 12550],
    ['125.50', 12550],
    ['0', 0],
    ['0.05', 5],
    ['007', 700],
    ['99999.99', 9_999_999],
  ])('rate "%s" is %i cents', (rate, cents) => {
    expect(rateCents(rate)).toBe(cents);
  });

  it.each(['1.234', '-1', '1e3', '', '.5', '1.'])('refuses the rate "%s"', (rate) => {
    expect(() => rateCents(rate)).toThrow(
      new RangeError(`"${rate}" is not a rate with at most 2 decimal places`),
    );
  });

  it.each([
    [156975, '1569.75'],
    [-5, '-0.05'],
    [0, '0.00'],
    [9, '0.09'],
    [100, '1.00'],
    [-123456, '-1234.56'],
  ])('%i cents are written %s', (cents, money) => {
    expect(moneyOf(cents)).toBe(money);
  });

  it('reads back every amount it writes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9_999_999 }), (cents) => {
        expect(rateCents(moneyOf(cents))).toBe(cents);
      }),
      PROPERTY,
    );
  });
});

describe('amounts', () => {
  it('bills 0.1 h at 125.50 exactly: 12.55', () => {
    expect(amountCents(6, rateCents('125.50'))).toBe(1255);
    expect(moneyOf(amountCents(6, rateCents('125.50')))).toBe('12.55');
    expect(amountCents(90, 12550)).toBe(18825);
  });

  it('rounds half a cent up, away from zero, and less than half down', () => {
    expect(amountCents(1, rateCents('0.30'))).toBe(1);
    expect(amountCents(-1, rateCents('0.30'))).toBe(-1);
    expect(amountCents(1, rateCents('0.29'))).toBe(0);
    expect(amountCents(1, rateCents('0.31'))).toBe(1);
    // toBe compares with Object.is: a negative zero would fail here.
    expect(amountCents(-1, 29)).toBe(0);
  });

  it('rounds once at the end, not per line', () => {
    // Three 1-minute lines at 0.30 are 1.5 cents: 2 cents, where rounding each line would give 3.
    expect(amountCents(1 + 1 + 1, 30)).toBe(2);
  });

  it('refuses what a double cannot hold exactly', () => {
    expect(() => amountCents(1e9, 1e8)).toThrow(
      new RangeError('The amount before rounding must be a whole number, got 100000000000000000'),
    );
    expect(() => amountCents(1.5, 100)).toThrow(new RangeError('Minutes must be a whole number, got 1.5'));
    expect(() => amountCents(10, 0.5)).toThrow(
      new RangeError('The rate in cents must be a whole number, got 0.5'),
    );
    expect(() => moneyOf(0.5)).toThrow(new RangeError('Cents must be a whole number, got 0.5'));
  });

  it('equals minutes × rate / 60 rounded half-up, as exact arithmetic does', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e7, max: 1e7 }), fc.integer({ min: 0, max: 1e7 }), (minutes, rate) => {
        expect(BigInt(amountCents(minutes, rate))).toBe(halfUp(BigInt(minutes) * BigInt(rate), 60n));
      }),
      PROPERTY,
    );
  });

  it('is the same however the logs are cut into pieces', () => {
    const base = Date.UTC(2026, 2, 14);
    const log = fc
      .tuple(fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 1, max: 600 }))
      .map(([from, length]) => ({ start: base + from * MINUTE, end: base + (from + length) * MINUTE }));
    const cut = (list: Interval[], points: number[]) =>
      list.flatMap(({ start, end }) => {
        const inside = points.map((point) => base + point * MINUTE).filter((at) => at > start && at < end);
        const edges = [start, ...[...new Set(inside)].sort((a, b) => a - b), end];
        return edges.slice(1).map((edge, index) => ({ start: edges[index], end: edge }));
      });
    const window = { start: base + 1000 * MINUTE, end: base + 4000 * MINUTE };
    fc.assert(
      fc.property(
        fc.array(log, { maxLength: 6 }),
        fc.array(fc.integer({ min: 0, max: 5600 }), { maxLength: 20 }),
        fc.integer({ min: 0, max: 1e7 }),
        (list, points, rate) => {
          const pieces = cut(list, points);
          const minutes = clippedMinutes(list, window);
          expect(clippedMinutes(pieces, window)).toBe(minutes);
          expect(amountCents(clippedMinutes(pieces, window), rate)).toBe(amountCents(minutes, rate));
        },
      ),
      PROPERTY,
    );
  });
});
