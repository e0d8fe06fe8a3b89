// @vitest-environment node
import { TZDate } from '@date-fns/tz';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { billingPeriodStartSchema } from '../../contract/billingPeriods';
import { billingPeriods } from '../../server/domain/billing/periods';

const HOUR = 3_600_000;
const NEW_YORK = 'America/New_York';
const LONDON = 'Europe/London';
const PROPERTY = { seed: 20261123, numRuns: 300 };

const local = (zone: string, year: number, month: number, day: number, hour = 0, minute = 0) =>
  new TZDate(year, month - 1, day, hour, minute, zone).getTime();
/** Each period as local wall-clock start → end and its length in hours. */
const described = (zone: string, recording: { start: number; end: number }, billingPeriodStart: string) =>
  billingPeriods(recording, { timeZone: zone, billingPeriodStart }).map(({ start, end }) => {
    const wall = (instant: number) => new TZDate(instant, zone).toString().slice(4, 21);
    return `${wall(start)} → ${wall(end)} (${(end - start) / HOUR} h)`;
  });

describe('billing periods at local midnight', () => {
  it('keep to local midnight across the autumn change in New York (the issue’s study: no period at 23:00)', () => {
    const recording = { start: local(NEW_YORK, 2026, 11, 1, 0, 0), end: local(NEW_YORK, 2026, 11, 2, 1, 30) };
    expect(described(NEW_YORK, recording, '00:00')).toEqual([
      'Nov 01 2026 00:00 → Nov 02 2026 00:00 (25 h)',
      'Nov 02 2026 00:00 → Nov 03 2026 00:00 (24 h)',
    ]);
  });

  it('keep to local midnight across the spring change in New York', () => {
    const recording = { start: local(NEW_YORK, 2026, 3, 7, 20), end: local(NEW_YORK, 2026, 3, 9, 3) };
    expect(described(NEW_YORK, recording, '00:00')).toEqual([
      'Mar 07 2026 00:00 → Mar 08 2026 00:00 (24 h)',
      'Mar 08 2026 00:00 → Mar 09 2026 00:00 (23 h)',
      'Mar 09 2026 00:00 → Mar 10 2026 00:00 (24 h)',
    ]);
  });

  it('keep to local midnight across both changes in London', () => {
    const spring = { start: local(LONDON, 2026, 3, 29, 0, 30), end: local(LONDON, 2026, 3, 30, 0, 30) };
    expect(described(LONDON, spring, '00:00')).toEqual([
      'Mar 29 2026 00:00 → Mar 30 2026 00:00 (23 h)',
      'Mar 30 2026 00:00 → Mar 31 2026 00:00 (24 h)',
    ]);
    const autumn = { start: local(LONDON, 2026, 10, 24, 22), end: local(LONDON, 2026, 10, 26, 1) };
    expect(described(LONDON, autumn, '00:00')).toEqual([
      'Oct 24 2026 00:00 → Oct 25 2026 00:00 (24 h)',
      'Oct 25 2026 00:00 → Oct 26 2026 00:00 (25 h)',
      'Oct 26 2026 00:00 → Oct 27 2026 00:00 (24 h)',
    ]);
  });
});

describe('billing periods from 07:00', () => {
  it('start the day before when the recording starts before 07:00, and stay at 07:00 across DST', () => {
    const newYork = { start: local(NEW_YORK, 2026, 10, 31, 5), end: local(NEW_YORK, 2026, 11, 2, 8) };
    expect(described(NEW_YORK, newYork, '07:00')).toEqual([
      'Oct 30 2026 07:00 → Oct 31 2026 07:00 (24 h)',
      'Oct 31 2026 07:00 → Nov 01 2026 07:00 (25 h)',
      'Nov 01 2026 07:00 → Nov 02 2026 07:00 (24 h)',
      'Nov 02 2026 07:00 → Nov 03 2026 07:00 (24 h)',
    ]);
    const london = { start: local(LONDON, 2026, 3, 28, 7), end: local(LONDON, 2026, 3, 29, 12) };
    expect(described(LONDON, london, '07:00')).toEqual([
      'Mar 28 2026 07:00 → Mar 29 2026 07:00 (23 h)',
      'Mar 29 2026 07:00 → Mar 30 2026 07:00 (24 h)',
    ]);
  });
});

describe('billing periods from the recording start', () => {
  it('last 24 elapsed hours each, whatever the clock does', () => {
    const recording = { start: local(NEW_YORK, 2026, 10, 31, 14, 10), end: local(NEW_YORK, 2026, 11, 2, 9) };
    expect(described(NEW_YORK, recording, 'recording-start')).toEqual([
      'Oct 31 2026 14:10 → Nov 01 2026 13:10 (24 h)',
      'Nov 01 2026 13:10 → Nov 02 2026 13:10 (24 h)',
    ]);
    const london = { start: local(LONDON, 2026, 3, 28, 9), end: local(LONDON, 2026, 3, 29, 9) };
    expect(described(LONDON, london, 'recording-start')).toEqual([
      'Mar 28 2026 09:00 → Mar 29 2026 10:00 (24 h)',
    ]);
  });

  it('are none for an empty or reversed recording', () => {
    const at = local(NEW_YORK, 2026, 6, 1, 9);
    expect(
      billingPeriods({ start: at, end: at }, { timeZone: NEW_YORK, billingPeriodStart: '00:00' }),
    ).toEqual([]);
    expect(
      billingPeriods({ start: at, end: at - HOUR }, { timeZone: NEW_YORK, billingPeriodStart: '07:00' }),
    ).toEqual([]);
  });
});

describe('billing periods, for any recording', () => {
  const zones = fc.constantFrom(NEW_YORK, LONDON, 'UTC', 'Asia/Kolkata', 'Australia/Sydney');
  const starts = fc.constantFrom('recording-start', '00:00', '07:00', '23:30', '02:30');
  const recordings = fc
    .tuple(
      fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2028, 0, 1) }),
      fc.integer({ min: 1, max: 20 * 24 * 60 }),
    )
    .map(([start, minutes]) => ({ start, end: start + minutes * 60_000 }));

  it('are consecutive, cover the recording, hold its start in the first, and last 23 to 25 hours', () => {
    fc.assert(
      fc.property(zones, starts, recordings, (timeZone, billingPeriodStart, recording) => {
        const periods = billingPeriods(recording, { timeZone, billingPeriodStart });
        expect(periods.length).toBeGreaterThan(0);
        expect(periods[0]?.start).toBeLessThanOrEqual(recording.start);
        expect(periods[0]?.end).toBeGreaterThan(recording.start);
        expect(periods.at(-1)?.end).toBeGreaterThanOrEqual(recording.end);
        expect(periods.at(-1)?.start).toBeLessThan(recording.end);
        periods.forEach((period, index) => {
          if (index > 0) expect(period.start).toBe(periods[index - 1]?.end);
          const hours = (period.end - period.start) / HOUR;
          expect(hours).toBeGreaterThanOrEqual(23);
          expect(hours).toBeLessThanOrEqual(25);
        });
      }),
      PROPERTY,
    );
  });

  it('start at the same local time every day when set to a time of day that exists every day', () => {
    const format = (zone: string) =>
      new Intl.DateTimeFormat('en-GB', {
        timeZone: zone,
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      });
    fc.assert(
      fc.property(
        zones,
        fc.constantFrom('00:00', '07:00', '23:30'),
        recordings,
        (timeZone, start, recording) => {
          for (const period of billingPeriods(recording, { timeZone, billingPeriodStart: start }))
            expect(format(timeZone).format(period.start)).toBe(start);
        },
      ),
      PROPERTY,
    );
  });
});

describe('the billing period start setting', () => {
  it('takes recording-start and HH:MM and refuses anything else with a message', () => {
    for (const good of ['recording-start', '00:00', '07:00', '23:59'])
      expect(billingPeriodStartSchema.parse(good)).toBe(good);
    for (const bad of ['24:00', '7:00', '07:60', 'midnight', '']) {
      const result = billingPeriodStartSchema.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toMatch(/recording-start.*HH:MM/);
    }
  });
});

describe('billing-day starts worked out once', () => {
  it('answer each zone and start time with its own days, however often and in whatever order asked', () => {
    const recording = { start: Date.UTC(2026, 10, 1, 12), end: Date.UTC(2026, 10, 3, 12) };
    const starts = (zone: string, start: string) =>
      billingPeriods(recording, { timeZone: zone, billingPeriodStart: start }).map((period) => period.start);
    const firstAsked = [starts(NEW_YORK, '00:00'), starts(LONDON, '00:00'), starts(NEW_YORK, '07:00')];
    // Asked again, in another order: the days kept are the same, and no zone or time answers for another.
    expect([starts(NEW_YORK, '07:00'), starts(LONDON, '00:00'), starts(NEW_YORK, '00:00')]).toEqual([
      firstAsked[2],
      firstAsked[1],
      firstAsked[0],
    ]);
    expect(firstAsked[0]).toEqual([
      local(NEW_YORK, 2026, 11, 1),
      local(NEW_YORK, 2026, 11, 2),
      local(NEW_YORK, 2026, 11, 3),
    ]);
    expect(firstAsked[1]).toEqual([
      local(LONDON, 2026, 11, 1),
      local(LONDON, 2026, 11, 2),
      local(LONDON, 2026, 11, 3),
    ]);
    expect(firstAsked[2][0]).toBe(local(NEW_YORK, 2026, 11, 1, 7));
  });
});
