import type { z } from 'zod';
import { isStaleOpenLog } from '../../contract/hours';
import { ownLogRefusal } from '../../contract/ownWork';
import { canAccess } from '../../contract/roles';
import type {
  InsertionLocation,
  TimeLog,
  TimeLogFields,
  timeLogCreateSchema,
  timeLogInsertionSchema,
  timeLogRevisionSchema,
} from '../../contract/timeLogs';
import { appendRevision, insertItem, listLatestRevisions, type StoredRevision } from '../db/caseRecords';
import type { CaseRecord } from '../db/cases';
import { lockTechnologists } from '../db/caseTechnologists';
import {
  caseNoteIdsOf,
  indexTimeLog,
  latestTimeLogId,
  type OtherLog,
  overlappingLog,
  runningLogOf,
  technologistStanding,
} from '../db/timeLogs';
import type { DbOrTx } from '../db/transaction';
import { closedCaseRefusal } from '../domain/caseStages';
import { type NoteMoment, notesInWindow, timeLogCorrection } from '../domain/timeLogCorrection';
import {
  latestEnd,
  logShapeErrors,
  logStandingRefusal,
  logWindowRefusal,
  type StudyTimes,
} from '../domain/timeLogRules';
import { badRequest, conflict, forbidden, notFound } from '../errors';
import type { Writer } from './audit';
import { historyOf, revisedFrom, withMeta } from './caseRecords';
import { auditCaseWrite, lockOpenCase, requireCase, studyOf } from './cases';
import type { TechnologistRoster } from './technologistRoster';

/**
 * Time logs (DESIGN §4 "time-logs", §8 "Case records"): the generic revisions plus what makes a log a log.
 * On one case a technologist's logs never overlap and at most one runs; across their assigned cases they may
 * run several (concurrent monitoring), checked under a per-technologist lock; the list answers the
 * correction of stale note links and flags stale running logs; a revision without an id revises the case's
 * latest log; a log can be inserted right before or after another.
 */

const resource = 'cases.time-logs';

const when = (at: Date) => at.toISOString().slice(0, 16).replace('T', ' ');
const span = (log: OtherLog) => `${when(log.startAt)}–${log.endAt ? when(log.endAt) : 'now'} UTC`;

/** What the time-log rules read besides the case: who is a technologist, and how long a log may run. */
export interface TimeLogSettings {
  roster: TechnologistRoster;
  maxOpenLogHours: number;
}

/** What the rules of a case's logs need besides the log: the settings, the writer, the study. */
interface LogContext extends TimeLogSettings {
  request: Writer;
  study: StudyTimes;
}

const contextOf = async (
  db: DbOrTx,
  request: Writer,
  settings: TimeLogSettings,
  found: CaseRecord,
): Promise<LogContext> => ({ ...settings, request, study: await studyOf(db, found) });

/** A stored revision as the API shows it: a running one says whether it is stale and until when it may run. */
function toTimeLog(
  stored: StoredRevision,
  { study, maxOpenLogHours }: Omit<LogContext, 'request' | 'roster'>,
) {
  const log = withMeta(stored) as Omit<TimeLog, 'stale' | 'latestEnd'>;
  if (log.end !== null) return { ...log, stale: false, latestEnd: null };
  const times = { activity: log.activity, start: Date.parse(log.start), end: null };
  return {
    ...log,
    stale: isStaleOpenLog(times.start, Date.now(), maxOpenLogHours),
    latestEnd: new Date(latestEnd(times, study, maxOpenLogHours)).toISOString(),
  };
}

/** Only members of the technologist group own time logs (DESIGN §4): the caller's groups, or the roster. */
async function checkTechnologist({ request, roster }: LogContext, technologist: string): Promise<void> {
  const isTechnologist =
    technologist === request.user.username
      ? request.user.roles.includes('technologist')
      : (await roster.list()).some((member) => member.username === technologist);
  if (!isTechnologist) {
    throw badRequest('Invalid technologist', [
      {
        field: 'technologist',
        message: `${technologist} is not a technologist: only technologists own time logs`,
      },
    ]);
  }
}

/**
 * What a technologist's log may not be (DESIGN §4 "Monitoring operations"): backwards, in the future,
 * longer than a shift, outside its window in the study, overlapping their other logs on this case, a
 * second running one on this case, on a case they are not assigned to, or one running log more than
 * their active cases. `before` is the log's previous revision, when revised: a log already theirs stays
 * theirs when they are no longer assigned.
 */
async function checkLog(
  tx: DbOrTx,
  context: LogContext,
  found: CaseRecord,
  fields: TimeLogFields,
  before?: { itemId: number; fields: TimeLogFields },
): Promise<void> {
  const start = new Date(fields.start);
  const end = fields.end === null ? null : new Date(fields.end);
  const times = { activity: fields.activity, start: start.getTime(), end: end?.getTime() ?? null };
  const errors = logShapeErrors(times, Date.now());
  if (errors.length > 0) throw badRequest(`Invalid ${errors.map((e) => e.field).join(', ')}`, errors);
  const newOwner = before?.fields.technologist !== fields.technologist;
  if (newOwner) await checkTechnologist(context, fields.technologist);
  const outside = logWindowRefusal(times, context.study);
  if (outside) throw conflict(`${outside} (case ${found.caseNumber})`);

  const { technologist } = fields;
  await lockTechnologists(tx, [technologist]);
  const owner = { technologist, caseId: found.id };
  const itemId = before?.itemId;
  const starts = end === null && (newOwner || before?.fields.end !== null);
  if (newOwner || starts) {
    const standing = await technologistStanding(tx, owner, itemId);
    const refusal = logStandingRefusal(technologist, found.caseNumber, standing, { newOwner, starts });
    if (refusal) throw conflict(refusal);
  }
  if (end === null) {
    const running = await runningLogOf(tx, owner, itemId);
    if (running) {
      throw conflict(
        `${technologist} already has a running time log on case ${running.caseNumber} (since ${when(running.startAt)} UTC): stop it first`,
      );
    }
  }
  const overlap = await overlappingLog(tx, owner, { start, end }, itemId);
  if (overlap) {
    throw conflict(
      `This time log would overlap ${technologist}'s log of ${span(overlap)} on case ${overlap.caseNumber}`,
    );
  }
}

/** When each case note says it was written, and whether it still stands. */
const noteMoments = (notes: readonly StoredRevision[]): NoteMoment[] =>
  notes.map((note) => ({ _id: note.itemId, notedAt: String(note.body.notedAt), voided: note.voided }));

/** The note links to store: an empty list links every live note inside the window; others must be the case's. */
async function linkedNotes(tx: DbOrTx, caseId: number, fields: TimeLogFields): Promise<number[]> {
  if (fields.caseNoteIds.length === 0) {
    return notesInWindow(fields, noteMoments(await listLatestRevisions(tx, caseId, ['case-notes'])));
  }
  const known = await caseNoteIdsOf(tx, caseId, fields.caseNoteIds);
  const unknown = fields.caseNoteIds.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    throw badRequest('Invalid caseNoteIds', [
      { field: 'caseNoteIds', message: `Not a note of this case: ${unknown.join(', ')}` },
    ]);
  }
  return fields.caseNoteIds;
}

/** A technologist logs their own time; an admin may log anyone's. */
function checkOwnLog(request: Writer, ...technologists: string[]) {
  const refusal = ownLogRefusal(request.user, technologists);
  if (refusal) throw forbidden(refusal);
}

/** A new log on the case, checked and indexed, with its audit entry. */
async function createLog(tx: DbOrTx, context: LogContext, found: CaseRecord, fields: TimeLogFields) {
  const { request } = context;
  checkOwnLog(request, fields.technologist);
  await checkLog(tx, context, found, fields);
  const body = { ...fields, caseNoteIds: await linkedNotes(tx, found.id, fields) };
  const stored = await insertItem(tx, found.id, 'time-logs', body, request.user.username);
  await indexTimeLog(tx, found.id, stored);
  await auditCaseWrite(tx, request, 'record.create', found.id, {
    kind: 'time-logs',
    itemId: stored.itemId,
    revision: 1,
  });
  return toTimeLog(stored, context);
}

type RevisionBody = z.output<typeof timeLogRevisionSchema>;

async function reviseLog(
  tx: DbOrTx,
  context: LogContext,
  found: CaseRecord,
  itemId: number,
  { baseRevision, voided, voidReason, ...changes }: RevisionBody,
) {
  const { request } = context;
  const caseId = found.id;
  const latest = await revisedFrom(tx, caseId, 'time-logs', itemId, baseRevision);
  const before = latest.body as TimeLogFields;
  const fields: TimeLogFields = { ...before, ...changes };
  const relinkOnly = Object.keys(changes).every((field) => field === 'caseNoteIds') && voided === undefined;
  // Re-linking notes (the correction) is anyone's who may write time logs; the rest is the owner's.
  if (!relinkOnly) checkOwnLog(request, before.technologist, fields.technologist);
  const isVoided = voided ?? latest.voided;
  // A voided log comes back to life as a new one would: every rule holds again.
  const previous = latest.voided ? undefined : { itemId, fields: before };
  if (!isVoided && !relinkOnly) await checkLog(tx, context, found, fields, previous);
  const caseNoteIds =
    changes.caseNoteIds === undefined ? before.caseNoteIds : await linkedNotes(tx, caseId, fields);
  const stored = await appendRevision(
    tx,
    itemId,
    latest.revision + 1,
    { ...fields, caseNoteIds },
    { voided: isVoided, voidReason: voided ? voidReason : latest.voidReason },
    request.user.username,
  );
  await indexTimeLog(tx, caseId, stored);
  await auditCaseWrite(tx, request, voided ? 'record.void' : 'record.revise', caseId, {
    kind: 'time-logs',
    itemId,
    revision: stored.revision,
  });
  return toTimeLog(stored, context);
}

/** The case's logs in start order, with the note-link correction for a caller who may post it. */
export async function listTimeLogs(db: DbOrTx, request: Writer, settings: TimeLogSettings, caseId: number) {
  const found = await requireCase(db, caseId);
  const context = await contextOf(db, request, settings, found);
  const records = await listLatestRevisions(db, found.id, ['time-logs', 'case-notes']);
  const timeLogs = records
    .filter((row) => row.kind === 'time-logs')
    .map((row) => toTimeLog(row, context))
    .sort((a, b) => Date.parse(a.start) - Date.parse(b.start) || a._id - b._id);
  // Only a caller who can post the correction is asked to; a closed case takes no writes.
  const canCorrect =
    canAccess(request.user.roles, resource, 'edit') && !closedCaseRefusal(found.caseNumber, found.stage);
  const notes = noteMoments(records.filter((row) => row.kind === 'case-notes'));
  return { timeLogs, timeLogCorrection: canCorrect ? timeLogCorrection(timeLogs, notes) : null };
}

/** A new log on an open case: the caller's own, starting now, unless the body says otherwise. */
export async function createTimeLog(
  tx: DbOrTx,
  request: Writer,
  settings: TimeLogSettings,
  caseId: number,
  { technologist, start, ...rest }: z.output<typeof timeLogCreateSchema>,
) {
  const found = await lockOpenCase(tx, caseId);
  return createLog(tx, await contextOf(tx, request, settings, found), found, {
    ...rest,
    technologist: technologist ?? request.user.username,
    start: start ?? new Date().toISOString(),
  });
}

/** The next revision of a log on an open case; without an item, of the case's latest log (404 when none). */
export async function reviseTimeLog(
  tx: DbOrTx,
  request: Writer,
  settings: TimeLogSettings,
  caseId: number,
  itemId: number | undefined,
  body: RevisionBody,
) {
  const found = await lockOpenCase(tx, caseId);
  const revised = itemId ?? (await latestTimeLogId(tx, caseId));
  if (revised === undefined) throw notFound('This case has no time log yet');
  return reviseLog(tx, await contextOf(tx, request, settings, found), found, revised, body);
}

/** Every revision of one log, newest first. */
export async function timeLogHistory(
  db: DbOrTx,
  request: Writer,
  settings: TimeLogSettings,
  caseId: number,
  itemId: number,
) {
  const context = await contextOf(db, request, settings, await requireCase(db, caseId));
  return (await historyOf(db, caseId, 'time-logs', itemId)).history.map((row) => toTimeLog(row, context));
}

/** A new log of the same technologist right before or after a live one: it ends where that starts, or starts where it ends. */
export async function insertTimeLog(
  tx: DbOrTx,
  request: Writer,
  settings: TimeLogSettings,
  target: { caseId: number; itemId: number; location: InsertionLocation },
  { start, end, activity, billable, caseNoteIds }: z.output<typeof timeLogInsertionSchema>,
) {
  const { caseId, itemId, location } = target;
  const found = await lockOpenCase(tx, caseId);
  const context = await contextOf(tx, request, settings, found);
  const { history } = await historyOf(tx, caseId, 'time-logs', itemId);
  const [anchorRevision] = history;
  const anchor = anchorRevision.body as TimeLogFields;
  if (anchorRevision.voided) throw conflict('That time log is voided: insert next to a live one');
  const common = {
    technologist: anchor.technologist,
    activity: activity ?? anchor.activity,
    billable: billable ?? anchor.billable,
    caseNoteIds,
  };
  if (location === 'before') {
    if (!start) {
      throw badRequest('Invalid start', [
        { field: 'start', message: 'Start is required: the new log ends where the other one starts' },
      ]);
    }
    return createLog(tx, context, found, { ...common, start, end: anchor.start });
  }
  if (anchor.end === null) {
    throw conflict('That time log is still running: stop it before inserting a log after it');
  }
  return createLog(tx, context, found, { ...common, start: anchor.end, end });
}
