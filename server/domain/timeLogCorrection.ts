import type { TimeLogCorrection } from '../../contract/timeLogs';

/**
 * The time-log correction of DESIGN §4: a log links the case notes written during it; a link is stale when
 * the note's latest revision no longer falls inside the log's [start, end] (a running log's window has no
 * end), when the note was voided, or when it is not a note of the case.
 */

export type LoggedWindow = {
  _id: number;
  revision: number;
  start: string;
  end: string | null;
  voided: boolean;
  caseNoteIds: readonly number[];
};

export type NoteMoment = { _id: number; notedAt: string; voided: boolean };

const inWindow = (notedAt: string, { start, end }: { start: string; end: string | null }) => {
  const at = Date.parse(notedAt);
  return at >= Date.parse(start) && (end === null || at <= Date.parse(end));
};

/** The live notes inside the window, by id: what an empty `caseNoteIds` re-links to. */
export function notesInWindow(
  window: { start: string; end: string | null },
  notes: readonly NoteMoment[],
): number[] {
  return notes
    .filter((note) => !note.voided && inWindow(note.notedAt, window))
    .map((note) => note._id)
    .sort((a, b) => a - b);
}

/** The first live log (by start) with stale links, naming them; null when every link holds. */
export function timeLogCorrection(
  logs: readonly LoggedWindow[],
  notes: readonly NoteMoment[],
): TimeLogCorrection | null {
  const byId = new Map(notes.map((note) => [note._id, note]));
  const ordered = [...logs].sort((a, b) => Date.parse(a.start) - Date.parse(b.start) || a._id - b._id);
  for (const log of ordered) {
    if (log.voided) continue;
    const stale = log.caseNoteIds.filter((id) => {
      const note = byId.get(id);
      return !note || note.voided || !inWindow(note.notedAt, log);
    });
    if (stale.length > 0) return { _id: log._id, revision: log.revision, caseNoteIds: stale };
  }
  return null;
}
