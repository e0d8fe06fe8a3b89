// @vitest-environment node
import { TZDate } from '@date-fns/tz';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { monthsBetween } from '../../contract/billingMonths';
import { MONITORING_LEVELS, type MonitoringLevel } from '../../contract/cases';
import { CPT_DESCRIPTIONS, type CptInput, cptCodes } from '../../server/domain/billing/cpt';
import { monthOf } from '../../server/domain/billing/months';

const HOUR = 3_600_000;
const CHICAGO = 'America/Chicago';
const PROPERTY = { seed: 20261122, numRuns: 200 };

/** Local wall-clock time in a zone (month 1-based). */
const local = (zone: string, year: number, month: number, day: number, hour = 0, minute = 0) =>
  new TZDate(year, month - 1, day, hour, minute, zone).getTime();
const chicago = (month: number, day: number, hour = 0, minute = 0) =>
  local(CHICAGO, 2026, month, day, hour, minute);

const study = (start: number, hours: number, overrides: Partial<CptInput> = {}): CptInput => ({
  recordingStart: start,
  recordingEnd: start + hours * HOUR,
  timeZone: CHICAGO,
  hasVideo: false,
  monitoringLevel: 'continuous',
  hasHookupLog: false,
  ...overrides,
});
const unitsOf = (input: CptInput, month?: string) =>
  cptCodes(input, month).codes.map(({ code, units }) => [code, units]);
const periodsOf = (input: CptInput, month?: string) =>
  cptCodes(input, month).periods.map(({ minutes, unit, note }) => [minutes, unit, note]);

/** DESIGN §4's code table restated: [2–12 h, 12–26 h] by video and monitoring level. */
const SPEC_CODES: Record<'withoutVideo' | 'withVideo', Record<MonitoringLevel, [string, string]>> = {
  withoutVideo: {
    unmonitored: ['95705', '95708'],
    intermittent: ['95706', '95709'],
    continuous: ['95707', '95710'],
  },
  withVideo: {
    unmonitored: ['95711', '95714'],
    intermittent: ['95712', '95715'],
    continuous: ['95713', '95716'],
  },
};
const ONE_SHORT_UNIT = 'one 2–12 h unit per study';

describe('CPT codes by study length, video and monitoring level', () => {
  const table = [true, false].flatMap((hasVideo) =>
    MONITORING_LEVELS.flatMap((monitoringLevel) => {
      const [short, long] = SPEC_CODES[hasVideo ? 'withVideo' : 'withoutVideo'][monitoringLevel];
      const options = { hasVideo, monitoringLevel };
      const label = `${hasVideo ? 'with' : 'without'} video, ${monitoringLevel}`;
      return [
        {
          name: `4 h, ${label}`,
          input: study(chicago(6, 10, 10), 4, options),
          codes: [[short, 1]],
          periods: [[240, '2-12h', null]],
        },
        {
          name: `30 h from 16:00, ${label}`,
          input: study(chicago(6, 10, 16), 30, options),
          codes: [
            [short, 1],
            [long, 1],
          ],
          periods: [
            [480, '2-12h', null],
            [1320, '12-26h', null],
          ],
        },
        {
          name: `60 h from 16:00, ${label}`,
          input: study(chicago(6, 10, 16), 60, options),
          codes: [
            [short, 1],
            [long, 2],
          ],
          periods: [
            [480, '2-12h', null],
            [1440, '12-26h', null],
            [1440, '12-26h', null],
            [240, null, ONE_SHORT_UNIT],
          ],
        },
      ];
    }),
  );

  it.each(table)('$name', ({ input, codes, periods }) => {
    expect(unitsOf(input)).toEqual(codes);
    expect(periodsOf(input)).toEqual(periods);
    expect(cptCodes(input).flag).toBeNull();
  });

  it('names each code’s unit, video and monitoring level', () => {
    const result = cptCodes(study(chicago(6, 10, 16), 30, { hasVideo: true, hasHookupLog: true }));
    expect(result.codes).toEqual([
      { code: '95700', description: 'EEG set-up and takedown by a technologist', units: 1 },
      { code: '95713', description: 'EEG with video, 2–12 h, continuous monitoring', units: 1 },
      { code: '95716', description: 'EEG with video, 12–26 h, continuous monitoring (each)', units: 1 },
    ]);
    expect(CPT_DESCRIPTIONS['95705']).toBe('EEG without video, 2–12 h, unmonitored');
    expect(Object.keys(CPT_DESCRIPTIONS)).toHaveLength(13);
  });

  it('lays 24-hour periods from local midnight of the first day, with ISO bounds and the whole length', () => {
    const result = cptCodes(study(chicago(6, 10, 16), 60));
    expect(result.recordingMinutes).toBe(3600);
    expect(result.periods[0]).toMatchObject({
      start: '2026-06-10T05:00:00.000Z',
      end: '2026-06-11T05:00:00.000Z',
    });
    expect(result.periods[3]).toMatchObject({
      start: '2026-06-13T05:00:00.000Z',
      end: '2026-06-14T05:00:00.000Z',
    });
    const kolkata = cptCodes(study(local('Asia/Kolkata', 2026, 6, 10, 9), 4, { timeZone: 'Asia/Kolkata' }));
    expect(kolkata.periods[0].start).toBe('2026-06-09T18:30:00.000Z');
  });

  it('keeps periods at local midnight across a DST change: the spring day is a 23 h period', () => {
    const result = cptCodes(study(chicago(3, 7), 72));
    expect(result.periods.map(({ start }) => start)).toEqual([
      '2026-03-07T06:00:00.000Z',
      '2026-03-08T06:00:00.000Z',
      '2026-03-09T05:00:00.000Z',
      '2026-03-10T05:00:00.000Z',
    ]);
    expect(periodsOf(study(chicago(3, 7), 72)).map(([minutes]) => minutes)).toEqual([1440, 1380, 1440, 60]);
  });

  it('bills the issue’s study (00:00 EDT Nov 1 to 01:30 EST Nov 2) one 12–26 h unit and no extra 2–12 h unit', () => {
    const newYork = (day: number, hour: number, minute = 0) =>
      local('America/New_York', 2026, 11, day, hour, minute);
    const input = study(newYork(1, 0), 0, {
      recordingEnd: newYork(2, 1, 30),
      timeZone: 'America/New_York',
      hasVideo: true,
    });
    expect(periodsOf(input)).toEqual([
      [1500, '12-26h', null],
      [90, null, 'under 2 h'],
    ]);
    expect(unitsOf(input)).toEqual([['95716', 1]]);
  });

  it('cuts periods where the client’s billing day starts: 07:00, or 24 h from the recording start', () => {
    const from7 = study(chicago(6, 10, 5), 28, { billingPeriodStart: '07:00' });
    expect(cptCodes(from7).periods.map(({ start }) => start)).toEqual([
      '2026-06-09T12:00:00.000Z',
      '2026-06-10T12:00:00.000Z',
      '2026-06-11T12:00:00.000Z',
    ]);
    expect(periodsOf(from7)).toEqual([
      [120, '2-12h', null],
      [1440, '12-26h', null],
      [120, null, ONE_SHORT_UNIT],
    ]);
    const fromStart = study(chicago(6, 10, 5), 28, { billingPeriodStart: 'recording-start' });
    expect(periodsOf(fromStart)).toEqual([
      [1440, '12-26h', null],
      [240, '2-12h', null],
    ]);
  });

  it('flags a study of fewer than 8 EEG channels and codes none of it', () => {
    const fewChannels = study(chicago(6, 10, 5), 30, { channelCount: 4, hasHookupLog: true });
    expect(cptCodes(fewChannels)).toMatchObject({ codes: [], flag: 'channels' });
    expect(cptCodes(fewChannels).periods.map(({ note }) => note)).toEqual([
      'fewer than 8 EEG channels',
      'fewer than 8 EEG channels',
    ]);
    expect(cptCodes(study(chicago(6, 10, 5), 30, { channelCount: 8 })).flag).toBeNull();
  });

  it('notes the channels on each period of 2 h or more of such a study, and the shorter ones as under 2 h', () => {
    expect(periodsOf(study(chicago(6, 10, 23), 26, { channelCount: 4 }))).toEqual([
      [60, null, 'under 2 h'],
      [1440, null, 'fewer than 8 EEG channels'],
      [60, null, 'under 2 h'],
    ]);
    expect(periodsOf(study(chicago(6, 10, 22), 2, { channelCount: 7 }))).toEqual([
      [120, null, 'fewer than 8 EEG channels'],
    ]);
  });

  it('gives the one 2–12 h unit to the study’s first period of 2 h to < 12 h, not to the first period', () => {
    expect(periodsOf(study(chicago(6, 10, 23, 30), 29.5))).toEqual([
      [30, null, 'under 2 h'],
      [1440, '12-26h', null],
      [300, '2-12h', null],
    ]);
  });

  it('draws the lines at exactly 2 h and 12 h, on whole minutes', () => {
    expect(periodsOf(study(chicago(6, 10, 10), 2))).toEqual([[120, '2-12h', null]]);
    expect(periodsOf(study(chicago(6, 10, 6), 12))).toEqual([[720, '12-26h', null]]);
    expect(periodsOf(study(chicago(6, 10, 6), 12 - 1 / 60))).toEqual([[719, '2-12h', null]]);
    const seconds = {
      recordingStart: chicago(6, 10, 10) + 30_000,
      recordingEnd: chicago(6, 10, 12) + 29_000,
    };
    expect(cptCodes({ ...study(0, 0), ...seconds }).recordingMinutes).toBe(120);
  });
});

describe('routine EEGs and set-up', () => {
  it('flags a study under 2 h in all as routine and bills nothing, noting every period', () => {
    const routine = study(chicago(6, 10, 23), 1.5, { hasHookupLog: true });
    expect(cptCodes(routine)).toMatchObject({ codes: [], recordingMinutes: 90, flag: 'routine' });
    expect(periodsOf(routine)).toEqual([
      [60, null, 'under 2 h'],
      [30, null, 'under 2 h'],
    ]);
    expect(cptCodes(study(chicago(6, 10, 10), 2 - 1 / 60)).flag).toBe('routine');
    expect(cptCodes(study(chicago(6, 10, 10), 0))).toMatchObject({ codes: [], periods: [], flag: 'routine' });
  });

  it('bills 95700 once per study with a hookup log, and not without one', () => {
    expect(unitsOf(study(chicago(6, 10, 16), 60, { hasHookupLog: true }))).toEqual([
      ['95700', 1],
      ['95707', 1],
      ['95710', 2],
    ]);
    expect(unitsOf(study(chicago(6, 10, 16), 60, { hasHookupLog: false }))).toEqual([
      ['95707', 1],
      ['95710', 2],
    ]);
  });
});

describe('a study across a month end', () => {
  // 2026-03-30 16:00 to 2026-04-02 04:00 Chicago: periods of 8 h, 24 h (March), 24 h, 4 h (April).
  const acrossMonths = study(chicago(3, 30, 16), 60, { hasVideo: true, hasHookupLog: true });

  it('bills each month only the periods that start in it, and set-up in the month the study starts', () => {
    expect(unitsOf(acrossMonths, '2026-03')).toEqual([
      ['95700', 1],
      ['95713', 1],
      ['95716', 1],
    ]);
    expect(periodsOf(acrossMonths, '2026-03')).toEqual([
      [480, '2-12h', null],
      [1440, '12-26h', null],
    ]);
    expect(unitsOf(acrossMonths, '2026-04')).toEqual([['95716', 1]]);
    expect(periodsOf(acrossMonths, '2026-04')).toEqual([
      [1440, '12-26h', null],
      [240, null, ONE_SHORT_UNIT],
    ]);
    expect(cptCodes(acrossMonths, '2026-05')).toMatchObject({ codes: [], periods: [] });
  });

  it('bills a period in the month its recording starts, never in the month before', () => {
    // A 07:00 client: a study from 03:00 on Nov 1 falls in the billing day that began at 07:00 on Oct 31.
    const london = study(local('Europe/London', 2026, 11, 1, 3), 30, {
      timeZone: 'Europe/London',
      billingPeriodStart: '07:00',
    });
    expect(cptCodes(london, '2026-10')).toMatchObject({ codes: [], periods: [] });
    expect(cptCodes(london, '2026-11').periods.map(({ start, minutes }) => [start, minutes])).toEqual([
      ['2026-10-31T07:00:00.000Z', 240],
      ['2026-11-01T07:00:00.000Z', 1440],
      ['2026-11-02T07:00:00.000Z', 120],
    ]);
  });

  it('keeps the whole study’s length and flag in every month', () => {
    for (const month of ['2026-03', '2026-04', '2026-05'])
      expect(cptCodes(acrossMonths, month)).toMatchObject({ recordingMinutes: 3600, flag: null });
  });
});

describe('CPT properties', () => {
  const studies = fc
    .record({
      recordingStart: fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) }),
      // Short studies often, to cross the 2 h line, and up to 12 days.
      length: fc.oneof(fc.integer({ min: 0, max: 3 * HOUR }), fc.integer({ min: 0, max: 12 * 24 * HOUR })),
      timeZone: fc.constantFrom(CHICAGO, 'Europe/London', 'Asia/Kolkata', 'Australia/Lord_Howe'),
      hasVideo: fc.boolean(),
      monitoringLevel: fc.constantFrom(...MONITORING_LEVELS),
      hasHookupLog: fc.boolean(),
      billingPeriodStart: fc.constantFrom('00:00', '07:00', '23:30', 'recording-start'),
    })
    .map(({ length, ...input }): CptInput => ({ ...input, recordingEnd: input.recordingStart + length }));

  it('follows DESIGN §4 restated: contiguous billing periods, one 2–12 h unit, one 12–26 h unit per long period', () => {
    fc.assert(
      fc.property(studies, (input) => {
        const result = cptCodes(input);
        const minutes = result.periods.map((period) => period.minutes);
        expect(minutes.reduce((total, each) => total + each, 0)).toBe(result.recordingMinutes);
        const routine = result.recordingMinutes < 120;
        expect(result.flag).toBe(routine ? 'routine' : null);

        const firstShort = minutes.findIndex((each) => each >= 120 && each < 720);
        const units = minutes.map((each, index) =>
          routine ? null : each >= 720 ? '12-26h' : index === firstShort ? '2-12h' : null,
        );
        expect(result.periods.map((period) => period.unit)).toEqual(units);

        const [short, long] =
          SPEC_CODES[input.hasVideo ? 'withVideo' : 'withoutVideo'][input.monitoringLevel];
        const count = (unit: string) => units.filter((each) => each === unit).length;
        const expected = [
          ['95700', input.hasHookupLog && !routine ? 1 : 0],
          [short, count('2-12h')],
          [long, count('12-26h')],
        ].filter(([, n]) => n !== 0);
        expect(unitsOf(input)).toEqual(expected);

        const starts = result.periods.map((period) => Date.parse(period.start));
        if (starts.length > 0) {
          expect(starts[0]).toBeLessThanOrEqual(input.recordingStart);
          expect(Date.parse(result.periods[0]?.end ?? '')).toBeGreaterThan(input.recordingStart);
        }
        for (const [index, period] of result.periods.entries()) {
          const length = Date.parse(period.end) - starts[index];
          // 24 h, or a local billing day of 23 to 25 h across a DST change (Lord Howe moves 30 minutes).
          if (input.billingPeriodStart === 'recording-start') expect(length).toBe(24 * HOUR);
          else expect(length >= 23 * HOUR && length <= 25 * HOUR).toBe(true);
          if (index > 0) expect(starts[index]).toBe(Date.parse(result.periods[index - 1]?.end ?? ''));
          expect(starts[index]).toBeLessThan(input.recordingEnd);
          expect(period.minutes).toBeGreaterThan(0);
        }
      }),
      PROPERTY,
    );
  });

  it('bills a study exactly once over the months it spans', () => {
    fc.assert(
      fc.property(studies, (input) => {
        const whole = cptCodes(input);
        const months = monthsBetween(
          monthOf(input.recordingStart, input.timeZone),
          monthOf(input.recordingEnd, input.timeZone),
        );
        const byMonth = months.map((month) => cptCodes(input, month));
        expect(byMonth.flatMap((result) => result.periods)).toEqual(whole.periods);
        const units = new Map<string, number>();
        for (const { code, units: n } of byMonth.flatMap((result) => result.codes))
          units.set(code, (units.get(code) ?? 0) + n);
        expect([...units].sort(([a], [b]) => a.localeCompare(b))).toEqual(
          whole.codes.map(({ code, units: n }) => [code, n]),
        );
        for (const result of byMonth) {
          expect(result.recordingMinutes).toBe(whole.recordingMinutes);
          expect(result.flag).toBe(whole.flag);
        }
      }),
      PROPERTY,
    );
  });
});
