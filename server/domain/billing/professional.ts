import type { CptCode, ProfessionalCodes, ReaderCodes, UnreportedPeriod } from '../../../contract/billing';
import type { Interval } from '../../../contract/hours';
import { type CptInput, recordedPeriods, studyRecording } from './cpt';
import { monthOf } from './months';

/**
 * The readers' professional codes of a study (CPT 2020 95717–95726, "interpretation and report"; DESIGN §4
 * "Reading, reporting and billing", round three). Codes come from signed reports only, and go to the reader
 * who signed the report (its latest revision's `signedBy`), not to the case's reader:
 *
 * - Each billing period earns a unit by its recorded minutes: 95717/95718 (without/with video) for 2 to
 *   12 h inclusive, at most once per study (the study's first such period, as the technical codes), and
 *   95719/95720 for more than 12 h up to 26 h; under 2 h earns nothing.
 * - A period earns its unit only when a signed daily report or final *covers* it: the report's
 *   [periodStart, periodEnd] overlaps the period's recorded part for more than an instant; a report with no
 *   period (a final, typically) covers the whole recording, and a missing end runs to the recording's end.
 *   When several cover one period, the daily one with the largest overlap wins (ties: the earlier period,
 *   then the signer's name), and the final only when no daily covers it. Preliminaries and addenda never
 *   earn codes (callers pass only signed dailies and finals).
 * - A study reported once after it ends (no signed daily report, a signed final) that lasted more than 36 h
 *   earns one code by its length under the final's signer, in the month the recording ended: 95721/95722
 *   (> 36 to 60 h), 95723/95724 (> 60 to 84 h), 95725/95726 (> 84 h); the final's own period does not
 *   matter then, since it reports the whole study.
 * - A period that would earn a unit but no signed report covers is *unreported*: listed, never coded.
 *
 * Per-period units bill in the month the period's recording starts, as the technical codes do. A routine
 * EEG or one of too few channels earns none and is never unreported.
 */

export interface SignedReport {
  kind: 'daily' | 'final';
  /** Instants in ms; null: from the recording's start (to its end). */
  periodStart: number | null;
  periodEnd: number | null;
  signedBy: string;
}

export interface ProfessionalInput {
  /** The study as the technical codes read it. */
  study: CptInput;
  /** The case's live, signed daily and final interpretations. */
  reports: readonly SignedReport[];
  /** The month billed, `YYYY-MM`; without it, the whole study. */
  month?: string;
}

const HOUR = 60;
const SHORT_UNIT_MINUTES = 2 * HOUR;
const LONG_UNIT_MINUTES = 12 * HOUR;
const LONG_UNIT_MAX_MINUTES = 26 * HOUR;

const DESCRIPTIONS: Record<string, string> = {
  '95717': 'EEG interpretation, 2–12 h, without video',
  '95718': 'EEG interpretation, 2–12 h, with video',
  '95719': 'EEG interpretation, each 12–26 h, without video',
  '95720': 'EEG interpretation, each 12–26 h, with video',
  '95721': 'EEG interpretation, > 36 to 60 h, without video, reported at the end',
  '95722': 'EEG interpretation, > 36 to 60 h, with video, reported at the end',
  '95723': 'EEG interpretation, > 60 to 84 h, without video, reported at the end',
  '95724': 'EEG interpretation, > 60 to 84 h, with video, reported at the end',
  '95725': 'EEG interpretation, > 84 h, without video, reported at the end',
  '95726': 'EEG interpretation, > 84 h, with video, reported at the end',
};

type CodePair = readonly [withoutVideo: string, withVideo: string];
const SHORT_PAIR: CodePair = ['95717', '95718'];
const LONG_PAIR: CodePair = ['95719', '95720'];

/** The code of a pair: the first without video, the second with. */
const pick = ([withoutVideo, withVideo]: CodePair, hasVideo: boolean) =>
  hasVideo ? withVideo : withoutVideo;

const codeOf = (code: string, units: number): CptCode => ({
  code,
  description: DESCRIPTIONS[code] ?? code,
  units,
});

/** The whole-study pair of a study reported once, by its length in minutes; none up to 36 h. */
function wholeStudyPair(minutes: number): CodePair | null {
  if (minutes > 84 * HOUR) return ['95725', '95726'];
  if (minutes > 60 * HOUR) return ['95723', '95724'];
  if (minutes > 36 * HOUR) return ['95721', '95722'];
  return null;
}

/** The unit a period of `minutes` earns when reported: 2–12 h inclusive once per study, more than 12 h up to 26 h. */
function periodPair(minutes: number, shortUnitTaken: boolean): CodePair | null {
  if (minutes > LONG_UNIT_MINUTES && minutes <= LONG_UNIT_MAX_MINUTES) return LONG_PAIR;
  if (minutes >= SHORT_UNIT_MINUTES && minutes <= LONG_UNIT_MINUTES && !shortUnitTaken) return SHORT_PAIR;
  return null;
}

const overlap = (a: Interval, b: Interval) =>
  Math.max(0, Math.min(a.end, b.end) - Math.max(a.start, b.start));

/** What says which part of a recording a report covers. */
export type ReportCover = Pick<SignedReport, 'kind' | 'periodStart' | 'periodEnd'> & { signedBy?: string };

/** The report that covers `part` of `recording` (see the module comment), or null. */
export function coveringReport<Report extends ReportCover>(
  part: Interval,
  reports: readonly Report[],
  recording: Interval,
): Report | null {
  const covering = reports
    .map((report) => {
      const start = report.periodStart ?? recording.start;
      return { report, start, overlap: overlap(part, { start, end: report.periodEnd ?? recording.end }) };
    })
    .filter((each) => each.overlap > 0);
  const dailies = covering
    .filter(({ report }) => report.kind === 'daily')
    .sort(
      (a, b) =>
        b.overlap - a.overlap ||
        a.start - b.start ||
        (a.report.signedBy ?? '').localeCompare(b.report.signedBy ?? ''),
    );
  return dailies[0]?.report ?? covering.find(({ report }) => report.kind === 'final')?.report ?? null;
}

/** The recorded part of a period: the period clipped to the recording. */
export const recordedPart = (period: Interval, recording: Interval): Interval => ({
  start: Math.max(period.start, recording.start),
  end: Math.min(period.end, recording.end),
});

const NONE: ProfessionalCodes = { readers: [], unreported: [] };

/** Codes per reader, sorted by reader then code, from (reader, code) units. */
function byReader(units: readonly { reader: string; code: string }[]): ReaderCodes[] {
  const counts = new Map<string, Map<string, number>>();
  for (const { reader, code } of units) {
    const own = counts.get(reader) ?? new Map<string, number>();
    own.set(code, (own.get(code) ?? 0) + 1);
    counts.set(reader, own);
  }
  return [...counts]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([reader, codes]) => ({
      reader,
      codes: [...codes].sort(([a], [b]) => a.localeCompare(b)).map(([code, n]) => codeOf(code, n)),
    }));
}

export function professionalCodes({ study, reports, month }: ProfessionalInput): ProfessionalCodes {
  const { recording, recordingMinutes, flag } = studyRecording(study);
  if (!recording || flag !== null) return NONE;
  const inMonth = (instant: number) => month === undefined || monthOf(instant, study.timeZone) === month;
  const final = reports.find((report) => report.kind === 'final');
  const whole = wholeStudyPair(recordingMinutes);
  if (whole && final && !reports.some((report) => report.kind === 'daily')) {
    if (!inMonth(recording.end)) return NONE;
    return {
      readers: [{ reader: final.signedBy, codes: [codeOf(pick(whole, study.hasVideo), 1)] }],
      unreported: [],
    };
  }
  let shortUnitTaken = false;
  const units: { reader: string; code: string }[] = [];
  const unreported: UnreportedPeriod[] = [];
  for (const period of recordedPeriods(recording, study)) {
    const pair = periodPair(period.minutes, shortUnitTaken);
    shortUnitTaken ||= pair === SHORT_PAIR;
    if (!pair || !inMonth(period.startsAt)) continue;
    const part = recordedPart(period, recording);
    const signer = coveringReport(part, reports, recording)?.signedBy;
    if (signer) units.push({ reader: signer, code: pick(pair, study.hasVideo) });
    else
      unreported.push({
        start: new Date(part.start).toISOString(),
        end: new Date(part.end).toISOString(),
        minutes: period.minutes,
      });
  }
  return { readers: byReader(units), unreported };
}
