// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { handoverWindowRefusal } from '../../server/domain/handovers';
import {
  FUTURE_TOLERANCE_MS,
  latestEnd,
  logShapeErrors,
  logWindow,
  logWindowRefusal,
  openLogUnassignRefusal,
} from '../../server/domain/timeLogRules';

const HOUR = 3_600_000;
const START = Date.parse('2026-11-23T11:05:00Z');
const END = START + 6 * HOUR;
/** Case 34's study: Denver, recording 04:05–10:05 MST. */
const study = { recordingStart: START, recordingEnd: END, timeZone: 'America/Denver' };
const log = (activity: 'hookup' | 'monitoring' | 'takedown', from: number, to: number | null) => ({
  activity,
  start: START + from * HOUR,
  end: to === null ? null : START + to * HOUR,
});

describe('the window of a time log in its study (DESIGN §4 "Windows")', () => {
  it('lets a hookup start 4 h early and a takedown end 4 h late; the rest lies within the recording', () => {
    expect(logWindow('hookup', study)).toEqual({ earliest: START - 4 * HOUR, latest: END });
    expect(logWindow('takedown', study)).toEqual({ earliest: START, latest: END + 4 * HOUR });
    expect(logWindow('monitoring', study)).toEqual({ earliest: START, latest: END });
    expect(logWindow('monitoring', { ...study, recordingEnd: null })).toEqual({
      earliest: START,
      latest: null,
    });
    expect(logWindow('hookup', { ...study, recordingStart: null, recordingEnd: null })).toBeUndefined();
    expect(logWindow('takedown', { ...study, recordingEnd: null })).toEqual({
      earliest: START,
      latest: null,
    });
  });

  it('names the window in the client’s zone with its abbreviation', () => {
    expect(logWindowRefusal(log('hookup', -6, 0), study)).toBe(
      'A hookup log must start at most 4 h before the recording start and lie within the recording: from Nov 23, 00:05 MST to Nov 23, 10:05 MST',
    );
    expect(logWindowRefusal(log('takedown', 6, 20), study)).toBe(
      'A takedown log must lie within the recording and end at most 4 h after its end: from Nov 23, 04:05 MST to Nov 23, 14:05 MST',
    );
    expect(logWindowRefusal(log('monitoring', -1, 1), study)).toBe(
      'A monitoring log must lie within the recording: from Nov 23, 04:05 MST to Nov 23, 10:05 MST',
    );
    expect(logWindowRefusal(log('monitoring', -1, null), { ...study, recordingEnd: null })).toBe(
      'A monitoring log must lie within the recording: from Nov 23, 04:05 MST on (the recording is running)',
    );
    // A running log is judged by its start.
    expect(logWindowRefusal(log('monitoring', 7, null), study)).toBe(
      'A monitoring log must lie within the recording: from Nov 23, 04:05 MST to Nov 23, 10:05 MST',
    );
    expect(logWindowRefusal(log('monitoring', 5, null), study)).toBeUndefined();
    expect(logWindowRefusal(log('monitoring', 5, 7), study)).toContain('to Nov 23, 10:05 MST');
    expect(logWindowRefusal(log('monitoring', 1, null), { ...study, recordingEnd: null })).toBeUndefined();
  });

  it('accepts only hookups before the recording start is set', () => {
    const unstarted = { ...study, recordingStart: null, recordingEnd: null };
    expect(logWindowRefusal(log('hookup', -1, 0), unstarted)).toBeUndefined();
    expect(logWindowRefusal(log('monitoring', 0, 1), unstarted)).toBe(
      'Only a hookup log is accepted before the recording start is set: set the recording start first (this is a monitoring log)',
    );
  });

  it('accepts the edges: a hookup 4 h early, a takedown ending 4 h late', () => {
    expect(logWindowRefusal(log('hookup', -4, 0), study)).toBeUndefined();
    expect(logWindowRefusal(log('takedown', 6, 10), study)).toBeUndefined();
    expect(logWindowRefusal(log('monitoring', 0, 6), study)).toBeUndefined();
  });
});

describe('the shape of a time log', () => {
  const now = START + 8 * HOUR;

  it('refuses a start or end more than 5 minutes after now, naming the field', () => {
    const ahead = now + FUTURE_TOLERANCE_MS + 1;
    expect(logShapeErrors({ activity: 'monitoring', start: ahead, end: null }, now)).toEqual([
      { field: 'start', message: 'A time log cannot start more than 5 minutes after now' },
    ]);
    expect(logShapeErrors({ activity: 'monitoring', start: now - HOUR, end: ahead }, now)).toEqual([
      { field: 'end', message: 'A time log cannot end more than 5 minutes after now' },
    ]);
    expect(
      logShapeErrors({ activity: 'monitoring', start: now, end: now + FUTURE_TOLERANCE_MS }, now),
    ).toEqual([]);
  });

  it('refuses a log that ends when or before it starts', () => {
    const backwards = [{ field: 'end', message: 'A time log must end after it starts' }];
    expect(logShapeErrors({ activity: 'monitoring', start: now - HOUR, end: now - HOUR }, now)).toEqual(
      backwards,
    );
    expect(logShapeErrors({ activity: 'monitoring', start: now - HOUR, end: now - 2 * HOUR }, now)).toEqual(
      backwards,
    );
    expect(
      logShapeErrors({ activity: 'monitoring', start: now - HOUR, end: now - HOUR + 60_000 }, now),
    ).toEqual([]);
  });

  it('refuses a closed log longer than MAX_OPEN_LOG_HOURS (26 h is two shifts)', () => {
    expect(logShapeErrors({ activity: 'monitoring', start: now - 26 * HOUR, end: now }, now)).toEqual([
      { field: 'end', message: 'A time log lasts at most 16 h (one shift): split a longer one into shifts' },
    ]);
    expect(logShapeErrors({ activity: 'monitoring', start: now - 16 * HOUR, end: now }, now)).toEqual([]);
  });

  it('gives a running log its latest end: a shift after its start, within its window', () => {
    expect(latestEnd(log('monitoring', 0, null), { ...study, recordingEnd: null }, 16)).toBe(
      START + 16 * HOUR,
    );
    expect(latestEnd(log('monitoring', 0, null), study, 16)).toBe(END);
    expect(latestEnd(log('takedown', 5, null), study, 16)).toBe(END + 4 * HOUR);
    const unstarted = { ...study, recordingStart: null, recordingEnd: null };
    expect(latestEnd(log('hookup', -2, null), unstarted, 16)).toBe(START + 14 * HOUR);
  });
});

describe('leaving a case and handing it over (DESIGN §4, round three)', () => {
  it('keeps a technologist on a case while their log on it is open: close or hand over first', () => {
    expect(openLogUnassignRefusal('tech1', [])).toBeUndefined();
    expect(
      openLogUnassignRefusal('tech1', [
        { caseNumber: 'BMH-2026-0042', activity: 'monitoring', start: START, timeZone: 'America/Denver' },
        { caseNumber: 'BMH-2026-0043', activity: 'takedown', start: END, timeZone: 'UTC' },
      ]),
    ).toBe(
      'tech1 has an open monitoring log on case BMH-2026-0042 (since Nov 23, 04:05 MST) and an open takedown log on case BMH-2026-0043 (since Nov 23, 17:05 UTC): close or hand over first',
    );
  });

  it('hands over within the recording only, its ends included', () => {
    expect(handoverWindowRefusal('BMH-2026-0042', new Date(START), study)).toBeUndefined();
    expect(handoverWindowRefusal('BMH-2026-0042', new Date(END), study)).toBeUndefined();
    // On billing's minute grid: within the minute the recording ends in is within it, the next one is not.
    expect(handoverWindowRefusal('BMH-2026-0042', new Date(END + 59_000), study)).toBeUndefined();
    expect(handoverWindowRefusal('BMH-2026-0042', new Date(END + 60_000), study)).toBe(
      'A handover lies within the recording of case BMH-2026-0042 (Nov 23, 04:05 MST to Nov 23, 10:05 MST): one at Nov 23, 10:06 MST lies after the recording end',
    );
    expect(
      handoverWindowRefusal('BMH-2026-0042', new Date(START - 60_000), { ...study, recordingEnd: null }),
    ).toBe(
      'A handover lies within the recording of case BMH-2026-0042 (Nov 23, 04:05 MST to now): one at Nov 23, 04:04 MST lies before the recording start',
    );
  });
});
