// @vitest-environment node
import { TZDate } from '@date-fns/tz';
import { getDaysInMonth } from 'date-fns';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { addMonths, monthsBetween } from '../../contract/billingMonths';
import { clippedMinutes, type Interval } from '../../contract/hours';
import {
  localMidnight,
  minutesByMonth,
  monthOf,
  monthWindow,
  technologistMinutesByMonth,
} from '../../server/domain/billing/months';

const HOUR = 3_600_000;
const CHICAGO = 'America/Chicago';
const ZONES = [CHICAGO, 'Europe/London', 'Asia/Kolkata', 'Australia/Lord_Howe', 'America/Santiago', 'UTC'];
const PROPERTY = { seed: 20261122, numRuns: 200 };

const utc = (iso: string) => Date.parse(iso);
/** Local wall-clock time in a zone (month 1-based, as people write it). */
const local = (zone: string, year: number, month: number, day: number, hour = 0, minute = 0) =>
  new TZDate(year, month - 1, day, hour, minute, zone).getTime();
const hoursOf = ({ start, end }: Interval) => (end - start) / HOUR;

describe('billing months in the client’s time zone', () => {
  it('runs from local midnight of the 1st to local midnight of the next 1st', () => {
    expect(monthWindow('2026-03', CHICAGO)).toEqual({
      start: utc('2026-03-01T06:00:00Z'),
      end: utc('2026-04-01T05:00:00Z'),
    });
    expect(monthWindow('2026-12', CHICAGO)).toEqual({
      start: utc('2026-12-01T06:00:00Z'),
      end: utc('2027-01-01T06:00:00Z'),
    });
  });

  it('is an hour shorter with the spring-forward change and an hour longer with the fall-back one', () => {
    expect(hoursOf(monthWindow('2026-03', CHICAGO))).toBe(743);
    // November has 30 days: 30 × 24 + 1.
    expect(hoursOf(monthWindow('2026-11', CHICAGO))).toBe(721);
    expect(hoursOf(monthWindow('2026-10', 'Europe/London'))).toBe(745);
    expect(hoursOf(monthWindow('2026-01', CHICAGO))).toBe(744);
    // Lord Howe moves its clocks by half an hour.
    expect(hoursOf(monthWindow('2026-04', 'Australia/Lord_Howe'))).toBe(720.5);
  });

  it('is days × 24 h give or take the zone’s one DST change, and months chain without gaps', () => {
    const month = fc
      .tuple(fc.integer({ min: 2000, max: 2099 }), fc.integer({ min: 1, max: 12 }))
      .map(([year, index]) => `${year}-${String(index).padStart(2, '0')}`);
    fc.assert(
      fc.property(month, fc.constantFrom(...ZONES), (month, zone) => {
        const window = monthWindow(month, zone);
        const [year, index] = month.split('-').map(Number);
        const days = getDaysInMonth(new Date(year, index - 1, 1));
        expect(Math.abs(hoursOf(window) - days * 24)).toBeLessThanOrEqual(1);
        expect(monthOf(window.start, zone)).toBe(month);
        expect(monthOf(window.end - 1, zone)).toBe(month);
        expect(monthWindow(addMonths(month, 1), zone).start).toBe(window.end);
      }),
      PROPERTY,
    );
  });

  it('names the local month of an instant', () => {
    expect(monthOf(utc('2026-04-01T04:59:59.999Z'), CHICAGO)).toBe('2026-03');
    expect(monthOf(utc('2026-04-01T05:00:00Z'), CHICAGO)).toBe('2026-04');
    expect(monthOf(utc('2026-03-31T18:30:00Z'), 'Asia/Kolkata')).toBe('2026-04');
    // A year before 1000 keeps four digits, so months still sort as text.
    expect(monthOf(Date.UTC(999, 5, 15), 'UTC')).toBe('0999-06');
  });

  it('builds at most one month formatter per zone, however often it is asked', () => {
    const Real = Intl.DateTimeFormat;
    const built = vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (
      this: unknown,
      ...args: ConstructorParameters<typeof Real>
    ) {
      return new Real(...args);
    } as typeof Real);
    try {
      expect(monthOf(utc('2026-06-30T11:00:00Z'), 'Pacific/Chatham')).toBe('2026-06');
      expect(monthOf(utc('2026-06-30T13:00:00Z'), 'Pacific/Chatham')).toBe('2026-07');
      // Once, or not at all when an earlier test asked for the zone already.
      expect(built.mock.calls.length).toBeLessThan(2);
    } finally {
      built.mockRestore();
    }
  });

  it('names the same local month as the zone’s calendar does, for any instant', () => {
    const calendarMonth = (instant: number, zone: string) => {
      const parts = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        year: 'numeric',
        month: '2-digit',
      }).formatToParts(instant);
      const part = (type: string) => parts.find((found) => found.type === type)?.value;
      return `${part('year')}-${part('month')}`;
    };
    const instant = fc.integer({ min: utc('2000-01-01T00:00:00Z'), max: utc('2099-12-31T23:59:59Z') });
    fc.assert(
      fc.property(instant, fc.constantFrom(...ZONES), (at, zone) => {
        expect(monthOf(at, zone)).toBe(calendarMonth(at, zone));
      }),
      PROPERTY,
    );
  });

  it('finds the local midnight starting the day, also on DST days', () => {
    expect(localMidnight(utc('2026-03-08T18:00:00Z'), CHICAGO)).toBe(utc('2026-03-08T06:00:00Z'));
    expect(localMidnight(utc('2026-11-01T18:00:00Z'), CHICAGO)).toBe(utc('2026-11-01T05:00:00Z'));
    expect(localMidnight(utc('2026-06-10T02:00:00Z'), 'Asia/Kolkata')).toBe(utc('2026-06-09T18:30:00Z'));
    // Santiago skips midnight on 2026-09-06: the day starts at 01:00 local.
    expect(localMidnight(utc('2026-09-06T15:00:00Z'), 'America/Santiago')).toBe(utc('2026-09-06T04:00:00Z'));
  });
});

describe('minutes by local month', () => {
  it('splits a log from 23:00 on the month’s last day to 01:00 next day 1 h / 1 h', () => {
    const log = { start: local(CHICAGO, 2026, 3, 31, 23), end: local(CHICAGO, 2026, 4, 1, 1) };
    expect([...minutesByMonth([log], CHICAGO)]).toEqual([
      ['2026-03', 60],
      ['2026-04', 60],
    ]);
  });

  it('leaves the next month out of a log ending at local midnight of its 1st', () => {
    const log = { start: local(CHICAGO, 2026, 3, 31, 22), end: local(CHICAGO, 2026, 4, 1) };
    expect([...minutesByMonth([log], CHICAGO)]).toEqual([['2026-03', 120]]);
  });

  it('counts overlapping logs once, lists months ascending and leaves out empty months', () => {
    const logs = [
      { start: local(CHICAGO, 2026, 6, 2, 8), end: local(CHICAGO, 2026, 6, 2, 10) },
      { start: local(CHICAGO, 2026, 3, 5, 8), end: local(CHICAGO, 2026, 3, 5, 10) },
      { start: local(CHICAGO, 2026, 3, 5, 9, 30), end: local(CHICAGO, 2026, 3, 5, 11, 30) },
    ];
    expect([...minutesByMonth(logs, CHICAGO)]).toEqual([
      ['2026-03', 210],
      ['2026-06', 120],
    ]);
    expect(minutesByMonth([], CHICAGO).size).toBe(0);
  });

  it('sums over the months to the minutes of the whole, in every zone', () => {
    const instant = fc.integer({ min: utc('2025-10-01T00:00:00Z'), max: utc('2027-04-01T00:00:00Z') });
    const log = fc.tuple(instant, fc.integer({ min: 0, max: 80 * 24 * 60 * 60_000 }));
    const logs = fc.array(
      log.map(([start, length]) => ({ start, end: start + length })),
      { maxLength: 6 },
    );
    fc.assert(
      fc.property(logs, fc.constantFrom(...ZONES), (list, zone) => {
        const byMonth = minutesByMonth(list, zone);
        const whole = { start: monthWindow('2025-09', zone).start, end: monthWindow('2027-06', zone).end };
        const sum = [...byMonth.values()].reduce((total, minutes) => total + minutes, 0);
        expect(sum).toBe(clippedMinutes(list, whole));
        const months = [...byMonth.keys()];
        expect(months).toEqual([...months].sort());
        for (const [month, minutes] of byMonth) {
          expect(minutes).toBeGreaterThan(0);
          expect(minutes).toBe(clippedMinutes(list, monthWindow(month, zone)));
        }
      }),
      PROPERTY,
    );
  });
});

describe('a technologist’s monitoring minutes per month', () => {
  const span = (technologist: string, timeZone: string, start: string, end: string) => ({
    technologist,
    timeZone,
    start: utc(start),
    end: utc(end),
  });

  it('leaves out a technologist whose spans make no whole minute', () => {
    expect(
      technologistMinutesByMonth([
        span('tech1', 'UTC', '2026-05-04T10:00:10Z', '2026-05-04T10:00:50Z'),
        span('tech2', 'UTC', '2026-05-04T10:00:00Z', '2026-05-04T10:02:00Z'),
        span('tech3', 'UTC', '2026-05-04T10:00:00Z', '2026-05-04T10:00:00Z'),
      ]),
    ).toEqual([{ technologist: 'tech2', month: '2026-05', minutes: 2 }]);
  });

  it('counts patients watched at once once, and each technologist on their own', () => {
    const rows = technologistMinutesByMonth([
      span('tech1', CHICAGO, '2026-03-10T14:00:00Z', '2026-03-10T16:00:00Z'),
      span('tech1', CHICAGO, '2026-03-10T14:00:00Z', '2026-03-10T16:00:00Z'),
      span('tech1', 'UTC', '2026-03-10T15:00:40Z', '2026-03-10T17:00:20Z'),
      span('tech2', CHICAGO, '2026-03-10T14:00:00Z', '2026-03-10T15:00:00Z'),
      span('tech2', CHICAGO, '2026-03-10T18:00:00Z', '2026-03-10T18:00:00Z'),
    ]);
    // 14:00–17:00 on the minute grid, whichever client each case is of.
    expect(rows).toEqual([
      { technologist: 'tech1', month: '2026-03', minutes: 180 },
      { technologist: 'tech2', month: '2026-03', minutes: 60 },
    ]);
  });

  it('cuts each span into its own client’s local months before joining them', () => {
    // 23:00–01:00 Chicago time across March's end (05:00Z), and 04:30–06:30 for a client on UTC, all April:
    // 04:30–05:00 is March's in Chicago and April's in UTC, so it counts in both months.
    const rows = technologistMinutesByMonth([
      span('tech1', CHICAGO, '2026-04-01T04:00:00Z', '2026-04-01T06:00:00Z'),
      span('tech1', 'UTC', '2026-04-01T04:30:00Z', '2026-04-01T06:30:00Z'),
    ]);
    expect(rows).toEqual([
      { technologist: 'tech1', month: '2026-03', minutes: 60 },
      { technologist: 'tech1', month: '2026-04', minutes: 120 },
    ]);
  });

  it('never counts more than the union of each zone’s minutes nor less than the longest one', () => {
    const spans = fc.array(
      fc.record({
        technologist: fc.constantFrom('tech1', 'tech2'),
        timeZone: fc.constantFrom(...ZONES),
        start: fc.integer({ min: utc('2026-01-25T00:00:00Z'), max: utc('2026-02-05T00:00:00Z') }),
        length: fc.integer({ min: 0, max: 20 * HOUR }),
      }),
      { maxLength: 12 },
    );
    fc.assert(
      fc.property(spans, (drawn) => {
        const list = drawn.map(({ length, ...rest }) => ({ ...rest, end: rest.start + length }));
        const rows = technologistMinutesByMonth(list);
        for (const technologist of ['tech1', 'tech2']) {
          const own = list.filter((entry) => entry.technologist === technologist);
          const counted = rows
            .filter((row) => row.technologist === technologist)
            .reduce((sum, row) => sum + row.minutes, 0);
          const perZone = ZONES.map((zone) =>
            [
              ...minutesByMonth(
                own.filter((entry) => entry.timeZone === zone),
                zone,
              ).values(),
            ].reduce((sum, minutes) => sum + minutes, 0),
          );
          expect(counted).toBeLessThanOrEqual(perZone.reduce((sum, minutes) => sum + minutes, 0));
          expect(counted).toBeGreaterThanOrEqual(Math.max(0, ...perZone));
        }
      }),
      PROPERTY,
    );
  });
});

describe('a range of billing months', () => {
  it('lists every month from the first to the last, both included, across a new year', () => {
    expect(monthsBetween('2025-11', '2026-02')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthsBetween('2026-03', '2026-03')).toEqual(['2026-03']);
    expect(monthsBetween('2026-04', '2026-03')).toEqual([]);
  });

  it('counts months forward and back, across years', () => {
    expect(addMonths('2026-03', 0)).toBe('2026-03');
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2026-03', 14)).toBe('2027-05');
    expect(addMonths('2026-03', -27)).toBe('2023-12');
  });
});
