// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clippedMinutes,
  formatDuration,
  HOUR_MS,
  type Interval,
  isStaleOpenLog,
  openLogEnd,
  spanMinutes,
  toMinuteGrid,
  unionIntervals,
  unionMinutes,
} from '../../contract/hours';
import { cptCodes } from '../../server/domain/billing/cpt';

const MINUTE = 60_000;
const BASE = Date.UTC(2026, 2, 14);
/** An instant `minutes` (and `ms`) after BASE. */
const at = (minutes: number, ms = 0) => BASE + minutes * MINUTE + ms;
const span = (from: number, to: number): Interval => ({ start: at(from), end: at(to) });

const EVERYTHING = span(-1, 3001);
const PROPERTY = { seed: 20261122, numRuns: 200 };
/** Instants over about two days, most of them off the minute grid. */
const instant = fc.integer({ min: 0, max: 3000 * MINUTE }).map((offset) => BASE + offset);
const interval = fc.tuple(instant, instant).map(([a, b]) => ({ start: Math.min(a, b), end: Math.max(a, b) }));
const intervals = fc.array(interval, { maxLength: 8 });

/** The spec restated by brute force: minutes of the window covered by at least one gridded interval. */
function coveredMinutes(list: readonly Interval[], window: Interval): number {
  const floor = (ms: number) => Math.floor((ms - BASE) / MINUTE);
  let count = 0;
  for (let minute = floor(window.start); minute < floor(window.end); minute += 1)
    if (list.some(({ start, end }) => floor(start) <= minute && minute < floor(end))) count += 1;
  return count;
}

describe('the minute grid', () => {
  it('floors both ends to whole UTC minutes and drops what is left empty', () => {
    expect(toMinuteGrid({ start: at(10, 59_999), end: at(20, 1) })).toEqual(span(10, 20));
    expect(toMinuteGrid({ start: at(10, 1), end: at(10, 59_999) })).toBeUndefined();
    expect(toMinuteGrid(span(10, 10))).toBeUndefined();
    expect(toMinuteGrid(span(10, 9))).toBeUndefined();
  });

  it('floors instants before 1970 down, not toward zero', () => {
    expect(toMinuteGrid({ start: -90_000, end: -1 })).toEqual({ start: -120_000, end: -60_000 });
  });
});

describe('the union of intervals', () => {
  it('sorts and merges overlapping and touching intervals, keeping gaps', () => {
    const list = [span(50, 60), span(0, 10), span(5, 20), span(20, 30), span(31, 40)];
    expect(unionIntervals(list)).toEqual([span(0, 30), span(31, 40), span(50, 60)]);
  });

  it('does not change the intervals it is given', () => {
    const list = [span(0, 10), span(5, 20)];
    unionIntervals(list);
    expect(list).toEqual([span(0, 10), span(5, 20)]);
  });

  it('counts two technologists overlapping 30 minutes once: 2 h + 2 h = 210 minutes', () => {
    const first = { start: Date.parse('2026-03-14T08:00:00Z'), end: Date.parse('2026-03-14T10:00:00Z') };
    const second = { start: Date.parse('2026-03-14T09:30:00Z'), end: Date.parse('2026-03-14T11:30:00Z') };
    expect(clippedMinutes([first, second], { start: 0, end: Date.parse('2027-01-01T00:00:00Z') })).toBe(210);
  });

  it('clips to the window', () => {
    expect(clippedMinutes([span(0, 100), span(150, 300)], span(50, 200))).toBe(50 + 50);
    expect(clippedMinutes([span(0, 100)], span(100, 200))).toBe(0);
    expect(clippedMinutes([span(0, 100)], span(60, 10))).toBe(0);
  });

  it('counts the covered minutes of the window, as a brute-force count does', () => {
    fc.assert(
      fc.property(intervals, interval, (list, window) => {
        expect(clippedMinutes(list, window)).toBe(coveredMinutes(list, window));
      }),
      PROPERTY,
    );
  });

  it('never counts more than the window nor less than nothing', () => {
    fc.assert(
      fc.property(intervals, interval, (list, window) => {
        const minutes = clippedMinutes(list, window);
        const grid = toMinuteGrid(window);
        expect(minutes).toBeGreaterThanOrEqual(0);
        expect(minutes).toBeLessThanOrEqual(grid ? (grid.end - grid.start) / MINUTE : 0);
      }),
      PROPERTY,
    );
  });

  it('counts overlapping logs once: duplicated and shuffled logs have the same union', () => {
    fc.assert(
      fc.property(
        intervals.chain((list) => fc.tuple(fc.constant(list), fc.shuffledSubarray([...list, ...list]))),
        ([list, shuffled]) => {
          const union = unionIntervals(list);
          expect(unionIntervals([...shuffled, ...list])).toEqual(union);
          const sumOfDurations = list.reduce((total, one) => total + clippedMinutes([one], one), 0);
          expect(clippedMinutes(list, EVERYTHING)).toBeLessThanOrEqual(sumOfDurations);
        },
      ),
      PROPERTY,
    );
  });

  it('answers sorted, disjoint, non-touching intervals on the grid', () => {
    fc.assert(
      fc.property(intervals, (list) => {
        const union = unionIntervals(list);
        for (const [index, { start, end }] of union.entries()) {
          expect(start % MINUTE).toBe(0);
          expect(end % MINUTE).toBe(0);
          expect(end).toBeGreaterThan(start);
          if (index > 0) expect(start).toBeGreaterThan(union[index - 1].end);
        }
      }),
      PROPERTY,
    );
  });
});

describe('whole minutes of a union (the one rule of server, statement and print)', () => {
  it('counts a log of 10:00:40–11:00:20 as 60 minutes: both ends are floored to the minute', () => {
    const log = { start: Date.parse('2026-03-14T10:00:40Z'), end: Date.parse('2026-03-14T11:00:20Z') };
    expect(unionMinutes([log])).toBe(60);
    expect(clippedMinutes([log], EVERYTHING)).toBe(60);
  });

  it('joins intervals that touch or nest, and counts nothing for less than a minute', () => {
    expect(
      unionMinutes([span(0, 30), span(30, 60), span(10, 20), { start: at(90), end: at(90, 59_999) }]),
    ).toBe(60);
    expect(unionMinutes([])).toBe(0);
  });

  it('agrees with the minutes clipped to a window holding everything', () => {
    fc.assert(
      fc.property(intervals, (list) => {
        expect(unionMinutes(list)).toBe(clippedMinutes(list, EVERYTHING));
      }),
      PROPERTY,
    );
  });
});

describe('the minutes of one span, as every duration is shown (DESIGN §4 "Round three (turn 4)")', () => {
  const iso = (text: string) => Date.parse(`2026-03-14T${text}Z`);

  it('counts a log of 10:00:30–11:00:10 as billing does, 60 minutes (not the 59 its length floors to)', () => {
    const start = iso('10:00:30');
    const end = iso('11:00:10');
    expect(spanMinutes(start, end)).toBe(60);
    expect(unionMinutes([{ start, end }])).toBe(60);
    expect(formatDuration(spanMinutes(start, end))).toBe('1 h');
  });

  it('writes a recording billed as a 2–12 h unit as 2 h, not "1 h 59 min"', () => {
    const recording = { start: iso('10:00:30'), end: iso('12:00:10') };
    const billed = cptCodes({
      recordingStart: recording.start,
      recordingEnd: recording.end,
      timeZone: 'America/Chicago',
      hasVideo: false,
      monitoringLevel: 'continuous',
      hasHookupLog: false,
    });
    expect(billed.periods.map(({ minutes, unit }) => [minutes, unit])).toEqual([[120, '2-12h']]);
    expect(formatDuration(spanMinutes(recording.start, recording.end))).toBe('2 h');
  });

  it('counts a minute when the span crosses onto the next one, and nothing within one minute or backwards', () => {
    expect(spanMinutes(iso('10:00:59.999'), iso('10:01:00'))).toBe(1);
    expect(spanMinutes(iso('10:00:00'), iso('10:00:59.999'))).toBe(0);
    expect(spanMinutes(iso('10:05:00'), iso('10:00:00'))).toBe(0);
  });

  it('is the minutes billing clips of that single interval', () => {
    fc.assert(
      fc.property(interval, ({ start, end }) => {
        expect(spanMinutes(start, end)).toBe(clippedMinutes([{ start, end }], EVERYTHING));
        expect(spanMinutes(start, end)).toBe(clippedMinutes([{ start, end }], { start, end }));
      }),
      PROPERTY,
    );
  });

  it('writes minutes as minutes, whole hours, and hours with minutes', () => {
    expect([0, 5, 59, 60, 119, 120, 1565].map(formatDuration)).toEqual([
      '0 min',
      '5 min',
      '59 min',
      '1 h',
      '1 h 59 min',
      '2 h',
      '26 h 5 min',
    ]);
    expect(() => formatDuration(1.5)).toThrow(new RangeError('Minutes must be a whole number, got 1.5'));
  });

  it('writes back the minutes it is given', () => {
    const read = (text: string) => {
      const [, hours = '0', minutes = '0'] = /^(?:(\d+) h)? ?(?:(\d+) min)?$/.exec(text) ?? [];
      return Number(hours) * 60 + Number(minutes);
    };
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), (minutes) => {
        expect(read(formatDuration(minutes))).toBe(minutes);
      }),
      PROPERTY,
    );
  });
});

describe('an open log', () => {
  const start = Date.parse('2026-10-31T18:00:00Z');
  const now = Date.parse('2026-11-23T12:00:00Z');

  it('counts up to start + MAX_OPEN_LOG_HOURS when forgotten for days (not 541 h)', () => {
    const end = openLogEnd(
      { start, activity: 'monitoring' },
      { now, recordingEnd: null, maxOpenLogHours: 16 },
    );
    expect(end).toBe(start + 16 * HOUR_MS);
    expect(isStaleOpenLog(start, now, 16)).toBe(true);
  });

  it('counts up to now while it is young', () => {
    const young = now - 2 * HOUR_MS;
    expect(
      openLogEnd({ start: young, activity: 'monitoring' }, { now, recordingEnd: null, maxOpenLogHours: 16 }),
    ).toBe(now);
    expect(isStaleOpenLog(young, now, 16)).toBe(false);
  });

  it('turns stale only past a whole shift, not at its last instant', () => {
    expect(isStaleOpenLog(now - 16 * HOUR_MS, now, 16)).toBe(false);
    expect(isStaleOpenLog(now - 16 * HOUR_MS - 1, now, 16)).toBe(true);
  });

  it('counts up to the recording end, a takedown up to 4 h after it', () => {
    const recordingEnd = now - 10 * HOUR_MS;
    const cap = { now, recordingEnd, maxOpenLogHours: 16 };
    const forgotten = now - 11 * HOUR_MS;
    expect(openLogEnd({ start: forgotten, activity: 'monitoring' }, cap)).toBe(recordingEnd);
    expect(openLogEnd({ start: forgotten, activity: 'hookup' }, cap)).toBe(recordingEnd);
    expect(openLogEnd({ start: forgotten, activity: 'takedown' }, cap)).toBe(recordingEnd + 4 * HOUR_MS);
    // A takedown's allowance never reaches past now or one shift.
    expect(openLogEnd({ start: forgotten, activity: 'takedown' }, { ...cap, now: now - 8 * HOUR_MS })).toBe(
      now - 8 * HOUR_MS,
    );
    expect(openLogEnd({ start: forgotten, activity: 'takedown' }, { ...cap, maxOpenLogHours: 2 })).toBe(
      forgotten + 2 * HOUR_MS,
    );
  });
});
