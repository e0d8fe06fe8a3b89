// @vitest-environment node
import { TZDate } from '@date-fns/tz';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MONITORING_LEVELS } from '../../contract/cases';
import { type CptInput, cptCodes } from '../../server/domain/billing/cpt';
import { professionalCodes } from '../../server/domain/billing/professional';

const HOUR = 3_600_000;
const ZONE = 'America/New_York';
const PROPERTY = { seed: 20261124, numRuns: 200 };
const start = new TZDate(2026, 5, 10, 7, 0, ZONE).getTime();

const studyOf = (hours: number, overrides: Partial<CptInput> = {}): CptInput => ({
  recordingStart: start,
  recordingEnd: start + hours * HOUR,
  timeZone: ZONE,
  billingPeriodStart: '07:00',
  hasVideo: false,
  monitoringLevel: 'continuous',
  hasHookupLog: true,
  ...overrides,
});
const codes = (hours: number, hasDailyReports: boolean, overrides: Partial<CptInput> = {}) =>
  professionalCodes({
    cpt: cptCodes(studyOf(hours, overrides)),
    hasVideo: overrides.hasVideo ?? false,
    hasDailyReports,
    endsInMonth: true,
  }).map(({ code, units }) => [code, units]);

describe('professional codes, DESIGN’s table row by row', () => {
  it('with daily reports: one 95717/95718 for the 2–12 h period, a 95719/95720 per 12–26 h period', () => {
    expect(codes(8, true)).toEqual([['95717', 1]]);
    expect(codes(8, true, { hasVideo: true })).toEqual([['95718', 1]]);
    expect(codes(48, true)).toEqual([['95719', 2]]);
    expect(codes(48 + 5, true, { hasVideo: true })).toEqual([
      ['95718', 1],
      ['95720', 2],
    ]);
  });

  it('reported once after the end: by length, > 36 to 60 h, > 60 to 84 h, > 84 h', () => {
    // Exactly 36 h is not more than 36 h: two 12–26 h periods, interpreted per period.
    expect(codes(36, false)).toEqual([['95719', 2]]);
    expect(codes(36 + 1 / 60, false)).toEqual([['95721', 1]]);
    expect(codes(60, false, { hasVideo: true })).toEqual([['95722', 1]]);
    expect(codes(61, false)).toEqual([['95723', 1]]);
    expect(codes(84, false, { hasVideo: true })).toEqual([['95724', 1]]);
    expect(codes(85, false)).toEqual([['95725', 1]]);
    expect(codes(96, false, { hasVideo: true })).toEqual([['95726', 1]]);
  });

  it('reported once and 36 h or less: the per-period codes', () => {
    expect(codes(10, false)).toEqual([['95717', 1]]);
    expect(codes(30, false, { hasVideo: true })).toEqual([
      ['95718', 1],
      ['95720', 1],
    ]);
  });

  it('bills a whole-study code in the month the recording ended only', () => {
    const cpt = cptCodes(studyOf(70));
    expect(professionalCodes({ cpt, hasVideo: false, hasDailyReports: false, endsInMonth: false })).toEqual(
      [],
    );
  });

  it('describes each code by its length, video and when it was reported', () => {
    const described = (hours: number, hasDailyReports: boolean, hasVideo: boolean) =>
      professionalCodes({
        cpt: cptCodes(studyOf(hours, { hasVideo })),
        hasVideo,
        hasDailyReports,
        endsInMonth: true,
      }).map(({ code, description }) => `${code} ${description}`);
    expect(described(48 + 5, true, false)).toEqual([
      '95717 EEG interpretation, 2–12 h, without video',
      '95719 EEG interpretation, each 12–26 h, without video',
    ]);
    expect(described(48 + 5, true, true)).toEqual([
      '95718 EEG interpretation, 2–12 h, with video',
      '95720 EEG interpretation, each 12–26 h, with video',
    ]);
    expect([40, 70, 90].flatMap((hours) => described(hours, false, false))).toEqual([
      '95721 EEG interpretation, > 36 to 60 h, without video, reported at the end',
      '95723 EEG interpretation, > 60 to 84 h, without video, reported at the end',
      '95725 EEG interpretation, > 84 h, without video, reported at the end',
    ]);
    expect([40, 70, 90].flatMap((hours) => described(hours, false, true))).toEqual([
      '95722 EEG interpretation, > 36 to 60 h, with video, reported at the end',
      '95724 EEG interpretation, > 60 to 84 h, with video, reported at the end',
      '95726 EEG interpretation, > 84 h, with video, reported at the end',
    ]);
  });

  it('bills nothing for a routine EEG or a study of fewer than 8 channels', () => {
    expect(codes(1.5, true)).toEqual([]);
    expect(codes(48, true, { channelCount: 4 })).toEqual([]);
    // Nor a whole-study code for one reported once after 36 h.
    expect(codes(48, false, { channelCount: 4 })).toEqual([]);
  });
});

describe('professional codes, for any study', () => {
  const studies = fc.record({
    hours: fc.integer({ min: 0, max: 6 * 24 * 60 }).map((minutes) => minutes / 60),
    hasVideo: fc.boolean(),
    hasDailyReports: fc.boolean(),
    monitoringLevel: fc.constantFrom(...MONITORING_LEVELS),
    billingPeriodStart: fc.constantFrom('00:00', '07:00', 'recording-start'),
  });

  it('mirror the technical units with daily reports, use one code after 36 h otherwise, and pair video with even codes', () => {
    fc.assert(
      fc.property(studies, ({ hours, hasVideo, hasDailyReports, monitoringLevel, billingPeriodStart }) => {
        const cpt = cptCodes(studyOf(hours, { hasVideo, monitoringLevel, billingPeriodStart }));
        const result = professionalCodes({ cpt, hasVideo, hasDailyReports, endsInMonth: true });
        for (const { code } of result) expect(Number(code) % 2 === 0).toBe(hasVideo);
        const units = result.reduce((total, { units: n }) => total + n, 0);
        if (cpt.flag !== null) expect(result).toEqual([]);
        else if (!hasDailyReports && cpt.recordingMinutes > 36 * 60) expect(units).toBe(1);
        else expect(units).toBe(cpt.periods.filter((period) => period.unit !== null).length);
      }),
      PROPERTY,
    );
  });
});
