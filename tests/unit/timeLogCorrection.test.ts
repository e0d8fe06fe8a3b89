import { describe, expect, it } from 'vitest';
import { type LoggedWindow, notesInWindow, timeLogCorrection } from '../../server/domain/timeLogCorrection';

const at = (hour: number) => new Date(Date.UTC(2026, 2, 14, hour)).toISOString();
const log = (overrides: Partial<LoggedWindow>): LoggedWindow => ({
  _id: 1,
  revision: 1,
  start: at(2),
  end: at(4),
  voided: false,
  caseNoteIds: [],
  ...overrides,
});
const note = (_id: number, hour: number, voided = false) => ({ _id, notedAt: at(hour), voided });

describe('time-log correction (DESIGN §4)', () => {
  it('finds nothing stale while every linked note is live and inside its log, bounds included', () => {
    expect(timeLogCorrection([log({ caseNoteIds: [1, 2] })], [note(1, 2), note(2, 4)])).toBeNull();
  });

  it('names the first log by start with a note outside its window, voided, or unknown', () => {
    const logs = [
      log({ _id: 9, revision: 3, start: at(6), end: at(8), caseNoteIds: [5] }),
      log({ _id: 4, revision: 2, caseNoteIds: [1, 2, 3, 7] }),
    ];
    const notes = [note(1, 3), note(2, 5), note(3, 3, true), note(5, 1)];
    expect(timeLogCorrection(logs, notes)).toEqual({ _id: 4, revision: 2, caseNoteIds: [2, 3, 7] });
  });

  it('breaks a tie of starts by id: the lower id is named first, whatever order the logs come in', () => {
    const stale = (_id: number) => log({ _id, revision: _id, caseNoteIds: [_id] });
    const notes = [note(3, 9), note(5, 9)];
    expect(timeLogCorrection([stale(5), stale(3)], notes)).toEqual({ _id: 3, revision: 3, caseNoteIds: [3] });
    expect(timeLogCorrection([stale(3), stale(5)], notes)).toEqual({ _id: 3, revision: 3, caseNoteIds: [3] });
  });

  it('lets a running log hold every later note, and ignores a voided log’s links', () => {
    expect(timeLogCorrection([log({ end: null, caseNoteIds: [1] })], [note(1, 20)])).toBeNull();
    expect(timeLogCorrection([log({ voided: true, caseNoteIds: [1] })], [note(1, 20)])).toBeNull();
  });

  it('re-links the live notes inside the window, in id order', () => {
    const notes = [note(8, 3), note(2, 2), note(5, 4, true), note(6, 5), note(1, 1)];
    expect(notesInWindow({ start: at(2), end: at(4) }, notes)).toEqual([2, 8]);
    expect(notesInWindow({ start: at(2), end: null }, notes)).toEqual([2, 6, 8]);
  });
});
