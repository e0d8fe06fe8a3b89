import { CPT_UNITS, type CptResult } from '../../../contract/billing';
import { type BillingPeriodStart, DEFAULT_BILLING_PERIOD_START } from '../../../contract/billingPeriods';
import { MONITORING_LEVELS, type MonitoringLevel } from '../../../contract/cases';
import { clippedMinutes, type Interval, minutesOf, toMinuteGrid } from '../../../contract/hours';
import { monthOf } from './months';
import { billingPeriods } from './periods';

/**
 * The 2020 long-term EEG technical codes of a recording (DESIGN §4 "CPT technical codes"): the client's
 * billing periods (24 h from the recording start, or local billing days from `HH:MM`, which keep to the
 * clock across DST), each billing one 12–26 h unit, or the study's single 2–12 h unit, or nothing, with why.
 * Fewer than 8 channels is not a long-term EEG: flagged, not coded.
 */

export interface CptInput {
  recordingStart: number;
  recordingEnd: number;
  timeZone: string;
  hasVideo: boolean;
  monitoringLevel: MonitoringLevel;
  hasHookupLog: boolean;
  /** `recording-start` or a local `HH:MM`; midnight when not given. */
  billingPeriodStart?: BillingPeriodStart;
  /** EEG channels recorded; 21 when not given. */
  channelCount?: number;
}

/** A long-term EEG code needs at least this many EEG channels (CPT 2020). */
const MIN_LONG_TERM_CHANNELS = 8;

type CptUnit = (typeof CPT_UNITS)[number];

const SHORT_UNIT_MINUTES = 2 * 60;
const LONG_UNIT_MINUTES = 12 * 60;
const SET_UP_AND_TAKEDOWN = '95700';

type CodesByLevel = Record<MonitoringLevel, string>;

const LONG_TERM_CODES: Record<CptUnit, { withoutVideo: CodesByLevel; withVideo: CodesByLevel }> = {
  '2-12h': {
    withoutVideo: { unmonitored: '95705', intermittent: '95706', continuous: '95707' },
    withVideo: { unmonitored: '95711', intermittent: '95712', continuous: '95713' },
  },
  '12-26h': {
    withoutVideo: { unmonitored: '95708', intermittent: '95709', continuous: '95710' },
    withVideo: { unmonitored: '95714', intermittent: '95715', continuous: '95716' },
  },
};

const codeOf = (unit: CptUnit, hasVideo: boolean, level: MonitoringLevel) =>
  LONG_TERM_CODES[unit][hasVideo ? 'withVideo' : 'withoutVideo'][level];

const UNIT_TEXT: Record<CptUnit, string> = { '2-12h': '2–12 h', '12-26h': '12–26 h' };
const LEVEL_TEXT: Record<MonitoringLevel, string> = {
  unmonitored: 'unmonitored',
  intermittent: 'intermittent monitoring',
  continuous: 'continuous monitoring',
};

function describe(unit: CptUnit, hasVideo: boolean, level: MonitoringLevel): string {
  // 12–26 h units repeat per period; the 2–12 h unit is billed once.
  const each = unit === '12-26h' ? ' (each)' : '';
  return `EEG ${hasVideo ? 'with' : 'without'} video, ${UNIT_TEXT[unit]}, ${LEVEL_TEXT[level]}${each}`;
}

export const CPT_DESCRIPTIONS: Record<string, string> = Object.fromEntries([
  [SET_UP_AND_TAKEDOWN, 'EEG set-up and takedown by a technologist'],
  ...CPT_UNITS.flatMap((unit) =>
    [false, true].flatMap((hasVideo) =>
      MONITORING_LEVELS.map((level) => [codeOf(unit, hasVideo, level), describe(unit, hasVideo, level)]),
    ),
  ),
]);

function unitOf(minutes: number, shortUnitBilled: boolean): CptUnit | null {
  if (minutes >= LONG_UNIT_MINUTES) return '12-26h';
  if (minutes >= SHORT_UNIT_MINUTES && !shortUnitBilled) return '2-12h';
  return null;
}

const iso = (instant: number) => new Date(instant).toISOString();

/** A billing period of a study with the minutes of recording inside it. */
export interface RecordedPeriod extends Interval {
  minutes: number;
  /** When its recording starts: the period belongs to that instant's month. */
  startsAt: number;
}

/**
 * The billing periods of a recording (on the minute grid), each with its recorded minutes. A period belongs
 * to the month in which its recording starts (its first period may have begun the day before, at the
 * client's billing-day start), so a study is billed in the month it was recorded.
 */
export function recordedPeriods(
  recording: Interval,
  input: Pick<CptInput, 'timeZone' | 'billingPeriodStart'>,
): RecordedPeriod[] {
  const options = {
    timeZone: input.timeZone,
    billingPeriodStart: input.billingPeriodStart ?? DEFAULT_BILLING_PERIOD_START,
  };
  return billingPeriods(recording, options).map(({ start, end }) => ({
    start,
    end,
    minutes: clippedMinutes([recording], { start, end }),
    startsAt: Math.max(start, recording.start),
  }));
}

/** A study's recording on the minute grid, its minutes, and why it is outside the long-term codes (or null). */
export function studyRecording(input: CptInput) {
  const recording = toMinuteGrid({ start: input.recordingStart, end: input.recordingEnd });
  const recordingMinutes = recording ? minutesOf(recording) : 0;
  const routine = recordingMinutes < SHORT_UNIT_MINUTES;
  const fewChannels = (input.channelCount ?? 21) < MIN_LONG_TERM_CHANNELS;
  const flag: CptResult['flag'] = routine ? 'routine' : fewChannels ? 'channels' : null;
  return { recording, recordingMinutes, flag };
}

/** Every period of the study, classified in order: the first 2–12 h period takes the one short unit. */
function studyPeriods(recording: Interval, input: CptInput, uncoded: boolean) {
  let shortUnitBilled = false;
  return recordedPeriods(recording, input).map(({ start, end, minutes, startsAt }) => {
    const unit: CptUnit | null = uncoded ? null : unitOf(minutes, shortUnitBilled);
    shortUnitBilled ||= unit === '2-12h';
    const note = unit ? null : minutes < SHORT_UNIT_MINUTES ? 'under 2 h' : 'one 2–12 h unit per study';
    const code = unit && codeOf(unit, input.hasVideo, input.monitoringLevel);
    // A period of 2 h or more is never part of a routine study: when such a period is uncoded, the study
    // has too few channels.
    const fewChannels = uncoded && minutes >= SHORT_UNIT_MINUTES;
    return {
      startsAt,
      period: {
        start: iso(start),
        end: iso(end),
        minutes,
        unit,
        code,
        note: fewChannels ? `fewer than ${MIN_LONG_TERM_CHANNELS} EEG channels` : note,
      },
    };
  });
}

/**
 * The study's codes; with `month`, only the periods starting in that local month, and 95700 only in the
 * month the recording starts, so a study across a month end is never billed twice.
 */
export function cptCodes(input: CptInput, month?: string): CptResult {
  const { recording, recordingMinutes, flag } = studyRecording(input);
  const uncoded = flag !== null;
  const inMonth = (instant: number) => month === undefined || monthOf(instant, input.timeZone) === month;

  const periods = (recording ? studyPeriods(recording, input, uncoded) : [])
    .filter(({ startsAt }) => inMonth(startsAt))
    .map(({ period }) => period);
  const units = new Map<string, number>();
  for (const { code } of periods) if (code) units.set(code, (units.get(code) ?? 0) + 1);
  if (recording && !uncoded && input.hasHookupLog && inMonth(recording.start))
    units.set(SET_UP_AND_TAKEDOWN, 1);

  return {
    codes: [...units]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([code, count]) => ({ code, description: CPT_DESCRIPTIONS[code], units: count })),
    periods,
    recordingMinutes,
    flag,
  };
}
