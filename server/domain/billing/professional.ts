import type { CptCode, CptResult } from '../../../contract/billing';

/**
 * The reader's professional codes of a study (CPT 2020, DESIGN §4 "Reading, reporting and billing"). With
 * daily reports, each billing period is interpreted on its own: the study's one 2–12 h period gives 95717
 * (95718 with video) and each 12–26 h period 95719 (95720), exactly where the technical codes bill a unit. A
 * study reported once after it ends that lasted more than 36 h bills one code by its length: 95721/95722
 * (> 36 to 60 h), 95723/95724 (> 60 to 84 h), 95725/95726 (> 84 h), in the month the recording ended.
 * Otherwise the per-period codes. A routine EEG or one of too few channels bills none.
 */

export interface ProfessionalInput {
  /** The study's technical codes, for the month billed (their periods say which units bill there). */
  cpt: CptResult;
  hasVideo: boolean;
  /** Whether the study has a signed daily report: it was interpreted period by period. */
  hasDailyReports: boolean;
  /** The recording ended in the month billed (a whole-study code bills there). */
  endsInMonth: boolean;
}

const HOUR = 60;

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

/** The code of a pair: the first without video, the second with. */
const pick = ([withoutVideo, withVideo]: readonly [string, string], hasVideo: boolean) =>
  hasVideo ? withVideo : withoutVideo;

const codeOf = (code: string, units: number): CptCode => ({
  code,
  description: DESCRIPTIONS[code] ?? code,
  units,
});

/** The whole-study code of a study reported once, by its length in minutes; none up to 36 h. */
function wholeStudyCode(minutes: number): readonly [string, string] | null {
  if (minutes > 84 * HOUR) return ['95725', '95726'];
  if (minutes > 60 * HOUR) return ['95723', '95724'];
  if (minutes > 36 * HOUR) return ['95721', '95722'];
  return null;
}

export function professionalCodes({
  cpt,
  hasVideo,
  hasDailyReports,
  endsInMonth,
}: ProfessionalInput): CptCode[] {
  if (cpt.flag !== null) return [];
  const whole = hasDailyReports ? null : wholeStudyCode(cpt.recordingMinutes);
  if (whole) return endsInMonth ? [codeOf(pick(whole, hasVideo), 1)] : [];
  const short = cpt.periods.filter((period) => period.unit === '2-12h').length;
  const long = cpt.periods.filter((period) => period.unit === '12-26h').length;
  return [
    ...(short > 0 ? [codeOf(pick(['95717', '95718'], hasVideo), short)] : []),
    ...(long > 0 ? [codeOf(pick(['95719', '95720'], hasVideo), long)] : []),
  ];
}
