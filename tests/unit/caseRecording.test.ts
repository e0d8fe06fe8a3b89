import { describe, expect, it } from 'vitest';
import type { CaseStage } from '../../contract/cases';
import { recordingErrors } from '../../server/domain/caseRecording';

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
