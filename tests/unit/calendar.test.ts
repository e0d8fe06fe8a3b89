// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { monthIn, wallClockFormat } from '../../contract/calendar';

describe('monthIn', () => {
  it("reads each moment's month in its own zone, with the zone's formatter kept between calls", () => {
    // 2026-11-01 03:00 UTC: still October in Anchorage and Chicago, November in Berlin.
    const turn = new Date(Date.UTC(2026, 10, 1, 3));
    expect(monthIn('America/Anchorage', turn)).toBe('2026-10');
    expect(monthIn('Europe/Berlin', turn)).toBe('2026-11');
    expect(monthIn('America/Chicago', turn)).toBe('2026-10');
    // The same zones again, at other moments: the kept formatters answer for their own zone and moment.
    expect(monthIn('America/Anchorage', new Date(Date.UTC(2026, 10, 1, 9)))).toBe('2026-11');
    expect(monthIn('Europe/Berlin', new Date(Date.UTC(2026, 9, 31, 22)))).toBe('2026-10');
    expect(monthIn('Europe/Berlin', turn)).toBe('2026-11');
    expect(monthIn('UTC', new Date(Date.UTC(2027, 0, 1)))).toBe('2027-01');
  });

  it('builds at most one formatter per zone, however often it is asked', () => {
    const Real = Intl.DateTimeFormat;
    const built = vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (
      this: unknown,
      ...args: ConstructorParameters<typeof Real>
    ) {
      return new Real(...args);
    } as typeof Real);
    try {
      expect(monthIn('Pacific/Chatham', new Date(Date.UTC(2026, 5, 30, 11)))).toBe('2026-06');
      expect(monthIn('Pacific/Chatham', new Date(Date.UTC(2026, 5, 30, 13)))).toBe('2026-07');
      // Once, or not at all when an earlier test asked for the zone already.
      expect(built.mock.calls.length).toBeLessThan(2);
    } finally {
      built.mockRestore();
    }
  });
});

describe('one clock (DESIGN §4)', () => {
  // 07:05 UTC on 3 November 2026 is five past midnight in Denver (MST).
  const moment = new Date('2026-11-03T07:05:00Z');

  it('reads a moment on the zone’s 24-hour clock with its abbreviation, with or without the year', () => {
    expect(wallClockFormat('America/Denver', { locale: 'en-US', withYear: true }).format(moment)).toBe(
      'Nov 3, 2026, 00:05 MST',
    );
    expect(wallClockFormat('America/Denver', { locale: 'en-US', withYear: false }).format(moment)).toBe(
      'Nov 3, 00:05 MST',
    );
    expect(wallClockFormat('America/Chicago', { locale: 'en-US', withYear: false }).format(moment)).toBe(
      'Nov 3, 01:05 CST',
    );
  });

  it('keeps one formatter per zone, locale and shape', () => {
    const readers = wallClockFormat('America/Denver', { withYear: true });
    expect(wallClockFormat('America/Denver', { withYear: true })).toBe(readers);
    const british = wallClockFormat('America/Denver', { locale: 'en-GB', withYear: true });
    expect(british).not.toBe(readers);
    expect(british.format(moment)).toBe('3 Nov 2026, 00:05 GMT-7');
    expect(wallClockFormat('America/Denver', { locale: 'en-GB', withYear: true })).toBe(british);
  });
});
