// @vitest-environment node
import { TZDate } from '@date-fns/tz';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ProfessionalCodes } from '../../contract/billing';
import { MONITORING_LEVELS } from '../../contract/cases';
import { type CptInput, recordedPeriods } from '../../server/domain/billing/cpt';
import { professionalCodes, type SignedReport } from '../../server/domain/billing/professional';

const HOUR = 3_600_000;
const ZONE = 'America/New_York';
const PROPERTY = { seed: 20261126, numRuns: 200 };
/** Midnight on June 10th, local: with `00:00` billing periods, whole local days from here. */
const day = (date: number, hour = 0) => new TZDate(2026, 5, date, hour, 0, ZONE).getTime();
const start = day(10);

const studyOf = (hours: number, overrides: Partial<CptInput> = {}): CptInput => ({
  recordingStart: start,
  recordingEnd: start + hours * HOUR,
  timeZone: ZONE,
  billingPeriodStart: '00:00',
  hasVideo: true,
  monitoringLevel: 'continuous',
  hasHookupLog: true,
  ...overrides,
});
const daily = (signedBy: string, from: number, to: number): SignedReport => ({
  kind: 'daily',
  periodStart: from,
  periodEnd: to,
  signedBy,
});
const final = (signedBy: string, from: number | null = null, to: number | null = null): SignedReport => ({
  kind: 'final',
  periodStart: from,
  periodEnd: to,
  signedBy,
});
/** Each reader's codes as `[reader, code, units]`. */
const codesOf = ({ readers }: ProfessionalCodes) =>
  readers.flatMap(({ reader, codes }) => codes.map(({ code, units }) => [reader, code, units]));
const unreportedOf = ({ unreported }: ProfessionalCodes) =>
  unreported.map(({ start: from, end, minutes }) => [Date.parse(from), Date.parse(end), minutes]);

describe('professional codes from signed reports, under their signers (issue 30)', () => {
  it('bills each day of a 48 h video study to the reader who signed its daily report', () => {
    const result = professionalCodes({
      study: studyOf(48),
      reports: [daily('reader1', day(10), day(11)), daily('reader2', day(11), day(12))],
    });
    expect(codesOf(result)).toEqual([
      ['reader1', '95720', 1],
      ['reader2', '95720', 1],
    ]);
    expect(result.unreported).toEqual([]);
  });

  it('bills a study reported once, longer than 36 h, to the final’s signer, whoever the case’s reader', () => {
    const result = professionalCodes({ study: studyOf(48), reports: [final('reader1')] });
    expect(codesOf(result)).toEqual([['reader1', '95722', 1]]);
    expect(result.readers[0]?.codes[0]?.description).toBe(
      'EEG interpretation, > 36 to 60 h, with video, reported at the end',
    );
  });

  it('bills nothing without a signed report, and lists each period as unreported', () => {
    const result = professionalCodes({ study: studyOf(48), reports: [] });
    expect(result.readers).toEqual([]);
    expect(unreportedOf(result)).toEqual([
      [day(10), day(11), 24 * 60],
      [day(11), day(12), 24 * 60],
    ]);
  });

  it('codes 36 h reported once at the end as a 24 h period (95720) and a 12 h one (95718), not 95720 × 2', () => {
    const result = professionalCodes({ study: studyOf(36), reports: [final('reader1')] });
    expect(codesOf(result)).toEqual([
      ['reader1', '95718', 1],
      ['reader1', '95720', 1],
    ]);
  });

  it('draws the 12-hour line: 2 to 12 h inclusive is 95717/95718, more than 12 h up to 26 h 95719/95720', () => {
    const codes = (hours: number, hasVideo = false) =>
      codesOf(professionalCodes({ study: studyOf(hours, { hasVideo }), reports: [final('r')] }));
    expect(codes(2)).toEqual([['r', '95717', 1]]);
    expect(codes(12)).toEqual([['r', '95717', 1]]);
    expect(codes(12 + 1 / 60)).toEqual([['r', '95719', 1]]);
    expect(codes(24, true)).toEqual([['r', '95720', 1]]);
    expect(codes(2 - 1 / 60)).toEqual([]);
  });

  it('codes a partial first day of 22 h only when a signed report covers it', () => {
    // 02:00 on the 10th to midnight on the 12th: a 22 h first day, then a full day with its daily report.
    const study = studyOf(46, { recordingStart: day(10, 2), recordingEnd: day(12) });
    const dailyOnly = professionalCodes({ study, reports: [daily('reader1', day(11), day(12))] });
    expect(codesOf(dailyOnly)).toEqual([['reader1', '95720', 1]]);
    expect(unreportedOf(dailyOnly)).toEqual([[day(10, 2), day(11), 22 * 60]]);
    // The final covers the whole recording, so the first day too, under its own signer.
    const withFinal = professionalCodes({
      study,
      reports: [daily('reader1', day(11), day(12)), final('reader2')],
    });
    expect(codesOf(withFinal)).toEqual([
      ['reader1', '95720', 1],
      ['reader2', '95720', 1],
    ]);
    expect(withFinal.unreported).toEqual([]);
  });

  it('gives a period to the daily report that overlaps it most, before the final', () => {
    const result = professionalCodes({
      study: studyOf(24),
      reports: [
        final('finalReader'),
        daily('brief', day(10, 20), day(11, 6)),
        daily('most', day(10, 2), day(10, 20)),
      ],
    });
    expect(codesOf(result)).toEqual([['most', '95720', 1]]);
    // A report that only touches the period's edge does not cover it.
    const touching = professionalCodes({ study: studyOf(24), reports: [daily('edge', day(11), day(12))] });
    expect(touching.readers).toEqual([]);
  });

  it('bills per-period units in the month the period starts, a whole-study code in the month it ends', () => {
    // June 29th 00:00 to July 1st 12:00: two June days and a 12 h July period.
    const study = studyOf(60, { recordingStart: day(29), recordingEnd: day(29) + 60 * HOUR });
    const reports = [daily('r', day(29), day(30)), final('f')];
    expect(codesOf(professionalCodes({ study, reports, month: '2026-06' }))).toEqual([
      ['f', '95720', 1],
      ['r', '95720', 1],
    ]);
    expect(codesOf(professionalCodes({ study, reports, month: '2026-07' }))).toEqual([['f', '95718', 1]]);
    const once = [final('f')];
    expect(professionalCodes({ study, reports: once, month: '2026-06' })).toEqual({
      readers: [],
      unreported: [],
    });
    expect(codesOf(professionalCodes({ study, reports: once, month: '2026-07' }))).toEqual([
      ['f', '95722', 1],
    ]);
  });

  it('bills a study reported once by its length: > 36 to 60 h, > 60 to 84 h, > 84 h', () => {
    const code = (hours: number, hasVideo: boolean) =>
      codesOf(professionalCodes({ study: studyOf(hours, { hasVideo }), reports: [final('r')] }));
    expect(code(60, false)).toEqual([['r', '95721', 1]]);
    expect(code(61, true)).toEqual([['r', '95724', 1]]);
    expect(code(84, false)).toEqual([['r', '95723', 1]]);
    expect(code(85, false)).toEqual([['r', '95725', 1]]);
    expect(code(96, true)).toEqual([['r', '95726', 1]]);
  });

  it('bills nothing and lists nothing for a routine EEG or a study of fewer than 8 channels', () => {
    const none = { readers: [], unreported: [] };
    expect(professionalCodes({ study: studyOf(1.5), reports: [final('r')] })).toEqual(none);
    expect(professionalCodes({ study: studyOf(48, { channelCount: 4 }), reports: [] })).toEqual(none);
  });
});

describe('professional codes, for any study and any signed reports', () => {
  const readers = ['r1', 'r2', 'r3'];
  const studies = fc.record({
    hours: fc.integer({ min: 0, max: 5 * 24 * 60 }).map((minutes) => minutes / 60),
    hasVideo: fc.boolean(),
    monitoringLevel: fc.constantFrom(...MONITORING_LEVELS),
    billingPeriodStart: fc.constantFrom('00:00', '07:00', 'recording-start'),
    dailies: fc.array(
      fc.record({
        from: fc.integer({ min: 0, max: 5 * 24 }),
        length: fc.integer({ min: 1, max: 30 }),
        signedBy: fc.constantFrom(...readers),
      }),
      { maxLength: 6 },
    ),
    final: fc.option(fc.constantFrom(...readers), { nil: undefined }),
  });

  it('codes every reportable period once, under a signer of the reports, or lists it unreported', () => {
    fc.assert(
      fc.property(studies, ({ hours, hasVideo, monitoringLevel, billingPeriodStart, dailies, ...rest }) => {
        const study = studyOf(hours, { hasVideo, monitoringLevel, billingPeriodStart });
        const reports = [
          ...dailies.map(({ from, length, signedBy }) =>
            daily(signedBy, start + from * HOUR, start + (from + length) * HOUR),
          ),
          ...(rest.final ? [final(rest.final)] : []),
        ];
        const result = professionalCodes({ study, reports });
        const codes = result.readers.flatMap((reader) => reader.codes);
        for (const { code } of codes) expect(Number(code) % 2 === 0).toBe(hasVideo);
        for (const { reader } of result.readers) expect(reports.map((r) => r.signedBy)).toContain(reader);
        const units = codes.reduce((total, { units: n }) => total + n, 0);
        const shortUnits = codes
          .filter(({ code }) => code === '95717' || code === '95718')
          .reduce((total, { units: n }) => total + n, 0);
        expect(shortUnits).toBeLessThanOrEqual(1);
        if (reports.length === 0) expect(result.readers).toEqual([]);
        if (hours < 2) expect(result).toEqual({ readers: [], unreported: [] });
        else if (dailies.length === 0 && rest.final && hours > 36) {
          expect([units, result.unreported.length]).toEqual([1, 0]);
        } else {
          // Periods of more than 12 h, and the study's first of 2 to 12 h.
          const minutes = recordedPeriods({ start, end: study.recordingEnd }, study).map((p) => p.minutes);
          const reportable =
            minutes.filter((m) => m > 12 * 60).length + (minutes.some((m) => m >= 120 && m <= 720) ? 1 : 0);
          expect(units + result.unreported.length).toBe(reportable);
          if (rest.final) expect(result.unreported).toEqual([]);
        }
      }),
      PROPERTY,
    );
  });
});
