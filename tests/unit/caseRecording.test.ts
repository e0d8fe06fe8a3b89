import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CaseStage } from '../../contract/cases';
import { TIME_LOG_ACTIVITIES, type TimeLogActivity } from '../../contract/timeLogs';
import {
  type DatedRecord,
  datedRecords,
  outsideRecording,
  recordingChangeRefusal,
  recordingErrors,
  type StoredDated,
} from '../../server/domain/caseRecording';

describe('the recording times of a case header (DESIGN §4 "Windows")', () => {
  const now = Date.parse('2026-11-20T18:00:00.000Z');
  const stored = (stage: CaseStage, start: string | null, end: string | null) => ({
    stage,
    recordingStart: start === null ? null : new Date(start),
    recordingEnd: end === null ? null : new Date(end),
  });

  it('takes times in the past, the end after the start', () => {
    expect(
      recordingErrors(
        stored('monitoring', '2026-11-19T08:00:00.000Z', null),
        { recordingEnd: '2026-11-20T08:00:00.000Z' },
        now,
      ),
    ).toEqual([]);
  });

  it('takes a time up to 5 minutes ahead of the clock, not one millisecond more', () => {
    const intake = stored('intake', null, null);
    expect(recordingErrors(intake, { recordingStart: '2026-11-20T18:05:00.000Z' }, now)).toEqual([]);
    expect(recordingErrors(intake, { recordingStart: '2026-11-20T18:05:00.001Z' }, now)).toEqual([
      { field: 'recordingStart', message: 'Recording start cannot be in the future' },
    ]);
    expect(
      recordingErrors(
        intake,
        { recordingStart: '2026-11-20T17:00:00.000Z', recordingEnd: '2026-11-20T18:05:00.001Z' },
        now,
      ),
    ).toEqual([{ field: 'recordingEnd', message: 'Recording end cannot be in the future' }]);
  });

  it('wants the start before an end, and the end strictly after the start', () => {
    expect(
      recordingErrors(stored('intake', null, null), { recordingEnd: '2026-11-20T08:00:00.000Z' }, now),
    ).toEqual([{ field: 'recordingEnd', message: 'Set the recording start first' }]);
    const started = stored('monitoring', '2026-11-20T08:00:00.000Z', null);
    expect(recordingErrors(started, { recordingEnd: '2026-11-20T08:00:00.000Z' }, now)).toEqual([
      { field: 'recordingEnd', message: 'Recording end must be after the recording start' },
    ]);
    expect(recordingErrors(started, { recordingEnd: '2026-11-20T08:01:00.000Z' }, now)).toEqual([]);
  });

  it('checks the stored times where the patch leaves them, the patch where it gives them', () => {
    const ended = stored('preview', '2026-11-19T08:00:00.000Z', '2026-11-20T08:00:00.000Z');
    expect(recordingErrors(ended, {}, now)).toEqual([]);
    expect(recordingErrors(ended, { recordingStart: '2026-11-20T09:00:00.000Z' }, now)).toEqual([
      { field: 'recordingEnd', message: 'Recording end must be after the recording start' },
    ]);
  });

  it('keeps the start from monitoring on, and the end in preview and reviewed', () => {
    expect(
      recordingErrors(stored('intake', '2026-11-19T08:00:00.000Z', null), { recordingStart: null }, now),
    ).toEqual([]);
    for (const stage of ['monitoring', 'closed'] as const)
      expect(
        recordingErrors(stored(stage, '2026-11-19T08:00:00.000Z', null), { recordingStart: null }, now),
      ).toEqual([{ field: 'recordingStart', message: `A case in ${stage} keeps its recording start` }]);
    for (const stage of ['preview', 'reviewed'] as const)
      expect(
        recordingErrors(
          stored(stage, '2026-11-19T08:00:00.000Z', '2026-11-20T08:00:00.000Z'),
          { recordingEnd: null },
          now,
        ),
      ).toEqual([{ field: 'recordingEnd', message: `A case in ${stage} keeps its recording end` }]);
    expect(
      recordingErrors(
        stored('monitoring', '2026-11-19T08:00:00.000Z', '2026-11-20T08:00:00.000Z'),
        { recordingEnd: null },
        now,
      ),
    ).toEqual([]);
  });

  it('names every failing field at once', () => {
    expect(
      recordingErrors(
        stored('reviewed', '2026-11-19T08:00:00.000Z', '2026-11-20T08:00:00.000Z'),
        { recordingStart: '2026-11-21T08:00:00.000Z', recordingEnd: null },
        now,
      ),
    ).toEqual([
      { field: 'recordingStart', message: 'Recording start cannot be in the future' },
      { field: 'recordingEnd', message: 'A case in reviewed keeps its recording end' },
    ]);
  });
});

describe('records kept within the recording when its times change (DESIGN §4, round three)', () => {
  const HOUR = 3_600_000;
  const START = Date.parse('2026-11-23T11:00:00Z');
  const END = START + 6 * HOUR;
  /** A Denver study, recording 04:00–10:00 MST. */
  const study = { recordingStart: START, recordingEnd: END, timeZone: 'America/Denver' };
  const log = (activity: TimeLogActivity, from: number, to: number | null): DatedRecord => ({
    name: `${activity} log`,
    by: 'tech1',
    activity,
    start: START + from * HOUR,
    end: to === null ? null : START + to * HOUR,
  });
  const note = (at: number): DatedRecord => ({ name: 'case note', by: 'tech1', start: START + at * HOUR });

  it('compares on billing’s minute grid: a log stopped seconds into the minute the recording ends lies within it', () => {
    const SECOND = 1000;
    const stoppedAt = (seconds: number): DatedRecord => ({
      name: 'monitoring log',
      by: 'tech1',
      activity: 'monitoring',
      start: START + HOUR,
      end: END + seconds * SECOND,
    });
    expect(outsideRecording(stoppedAt(25), study)).toBeUndefined();
    expect(outsideRecording(stoppedAt(59), study)).toBeUndefined();
    expect(outsideRecording(stoppedAt(60), study)).toBe('ends after the recording end');
    expect(outsideRecording({ ...note(0), start: START - SECOND }, study)).toBe(
      'lies before the recording start',
    );
  });

  it('keeps each record in its window: a hookup 4 h early, a takedown 4 h late, the rest within', () => {
    expect(outsideRecording(log('hookup', -4, 0), study)).toBeUndefined();
    expect(outsideRecording(log('hookup', -4.01, 0), study)).toBe(
      'starts more than 4 h before the recording start',
    );
    expect(outsideRecording(log('takedown', 5, 10), study)).toBeUndefined();
    expect(outsideRecording(log('takedown', 5, 10.02), study)).toBe(
      'ends more than 4 h after the recording end',
    );
    expect(outsideRecording(log('takedown', -0.5, 1), study)).toBe('starts before the recording start');
    expect(outsideRecording(log('monitoring', 5, 6.5), study)).toBe('ends after the recording end');
    expect(outsideRecording(log('monitoring', 6.5, null), study)).toBe('starts after the recording end');
    expect(outsideRecording(log('monitoring', 5, null), study)).toBeUndefined();
    expect(outsideRecording(note(0), study)).toBeUndefined();
    expect(outsideRecording(note(6), study)).toBeUndefined();
    expect(outsideRecording(note(-0.1), study)).toBe('lies before the recording start');
    expect(outsideRecording(note(6.1), study, 'the new recording')).toBe('lies after the new recording end');
    expect(outsideRecording(note(600), { ...study, recordingEnd: null })).toBeUndefined();
    const unstarted = { ...study, recordingStart: null, recordingEnd: null };
    expect(outsideRecording(log('hookup', 0, 1), unstarted)).toBeUndefined();
    expect(outsideRecording(note(0), unstarted)).toBe('lies outside the recording, which has no start');
  });

  it('names, in the client’s zone, only the records a change moves out, to be revised first', () => {
    const records = [log('hookup', -1, -0.5), log('monitoring', 4, 5), note(4.5), note(-2)];
    const earlierEnd = { ...study, recordingEnd: START + 4.25 * HOUR };
    expect(recordingChangeRefusal('BMH-2026-0042', records, study, earlierEnd)).toEqual({
      message:
        'The recording times would leave 2 records of case BMH-2026-0042 outside the recording: monitoring log Nov 23, 08:00\u2009–\u200909:00 MST by tech1 ends after the new recording end; case note of Nov 23, 08:30 MST by tech1 lies after the new recording end; revise them first',
      records: [
        'monitoring log Nov 23, 08:00\u2009–\u200909:00 MST by tech1 ends after the new recording end; revise it first',
        'case note of Nov 23, 08:30 MST by tech1 lies after the new recording end; revise it first',
      ],
    });
    // The note of 02:00 was outside already: it holds no edit back. A later end moves nothing out.
    expect(
      recordingChangeRefusal('BMH-2026-0042', records, study, { ...study, recordingEnd: END + HOUR }),
    ).toBe(undefined);
    expect(
      recordingChangeRefusal('BMH-2026-0042', [log('monitoring', 1, null)], study, {
        ...study,
        recordingStart: START + 2 * HOUR,
      })?.records,
    ).toEqual([
      'monitoring log running since Nov 23, 05:00 MST by tech1 starts before the new recording start; revise it first',
    ]);
  });

  it('never refuses a change that only widens the recording', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...TIME_LOG_ACTIVITIES, undefined),
        fc.integer({ min: -5 * 60, max: 11 * 60 }),
        fc.option(fc.integer({ min: 1, max: 16 * 60 })),
        fc.nat(600),
        fc.nat(600),
        (activity, startMinute, length, earlier, later) => {
          const start = START + startMinute * 60_000;
          const record = {
            name: 'record',
            by: 'tech1',
            activity,
            start,
            end: length === null ? null : start + length * 60_000,
          };
          const wider = {
            ...study,
            recordingStart: START - earlier * 60_000,
            recordingEnd: END + later * 60_000,
          };
          expect(recordingChangeRefusal('C', [record], study, wider)).toBeUndefined();
        },
      ),
      { numRuns: 200 },
    );
  });

  it('reads the live records and handovers of a case, named by kind', () => {
    const stored = (
      kind: StoredDated['kind'],
      body: Record<string, unknown>,
      voided = false,
    ): StoredDated => ({
      kind,
      body,
      author: 'reader1',
      voided,
    });
    const at = (hour: number) => new Date(START + hour * HOUR).toISOString();
    expect(
      datedRecords(
        [
          stored('events', { type: 'seizure', occurredAt: at(1) }),
          stored('interpretations', { kind: 'daily', periodStart: at(0), periodEnd: at(2) }),
          stored('interpretations', { kind: 'prelim', periodStart: null, periodEnd: null }),
          stored('case-notes', { notedAt: at(3) }, true),
          stored('impedances', { measuredAt: at(2) }),
          stored('time-logs', { technologist: 'tech1', activity: 'check', start: at(1), end: at(1.5) }),
          stored('billing-notes', { month: '2026-11' }),
        ],
        [{ from: 'tech1', to: 'newhire', at: at(4), by: 'admin' }],
      ),
    ).toEqual([
      { name: 'check log', by: 'tech1', activity: 'check', start: START + HOUR, end: START + 1.5 * HOUR },
      { name: 'impedance', by: 'reader1', start: START + 2 * HOUR },
      { name: 'seizure event', by: 'reader1', start: START + HOUR },
      { name: 'daily interpretation', by: 'reader1', start: START, end: START + 2 * HOUR },
      { name: 'handover from tech1 to newhire', by: 'admin', start: START + 4 * HOUR },
    ]);
  });
});
