import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordItemParams, recordParams } from '../../contract/caseRecords';
import { envelope } from '../../contract/envelope';
import { API_PATHS } from '../../contract/paths';
import { canAccess } from '../../contract/roles';
import {
  insertionQuerySchema,
  type TimeLog,
  type TimeLogFields,
  timeLogCreateSchema,
  timeLogInsertionSchema,
  timeLogListSchema,
  timeLogRevisionSchema,
  timeLogSchema,
} from '../../contract/timeLogs';
import { appendRevision, insertItem, listLatestRevisions, type StoredRevision } from '../db/caseRecords';
import type { CaseRecord } from '../db/cases';
import { lockTechnologists } from '../db/cases';
import {
  caseNoteIdsOf,
  indexTimeLog,
  latestTimeLogId,
  type OtherLog,
  overlappingLog,
  runningLogOf,
} from '../db/timeLogs';
import type { DbOrTx } from '../db/transaction';
import { closedCaseRefusal } from '../domain/caseStages';
import { type NoteMoment, notesInWindow, timeLogCorrection } from '../domain/timeLogCorrection';
import { badRequest, conflict, forbidden, notFound } from '../errors';
import { concurrentRevisionConflict, historyOf, revisedFrom, withMeta } from './caseRecords';
import type { CaseRouteOptions } from './cases';
import { auditCaseWrite, lockOpenCase, requireCase } from './cases/shared';
import { ok, page, requires } from './reply';

/**
 * Time logs (DESIGN §4 "time-logs", §8 "Case records"): the generic revisions plus what makes a log a log.
 * A technologist has at most one running log and their logs never overlap, checked under a per-technologist
 * lock; the list answers the correction of stale note links; a revision without an id revises the case's
 * latest log; a log can be inserted right before or after another.
 */

const tags = ['case records'];
const resource = 'cases.time-logs';

/** A few seconds of clock difference between a browser and the server are not "the future". */
const FUTURE_TOLERANCE_MS = 60_000;

const toTimeLog = (stored: StoredRevision) => withMeta(stored) as TimeLog;

const when = (at: Date) => at.toISOString().slice(0, 16).replace('T', ' ');
const span = (log: OtherLog) => `${when(log.startAt)}–${log.endAt ? when(log.endAt) : 'now'} UTC`;

/** What a technologist's log may not be: backwards, in the future, overlapping their other logs. */
async function checkWindow(
  tx: DbOrTx,
  fields: TimeLogFields,
  itemId: number | undefined,
  now = Date.now(),
): Promise<void> {
  const start = new Date(fields.start);
  const end = fields.end === null ? null : new Date(fields.end);
  const errors = [
    ...(start.getTime() > now + FUTURE_TOLERANCE_MS
      ? [{ field: 'start', message: 'A time log cannot start in the future' }]
      : []),
    ...(end && end.getTime() > now + FUTURE_TOLERANCE_MS
      ? [{ field: 'end', message: 'A time log cannot end in the future' }]
      : []),
    ...(end && end <= start ? [{ field: 'end', message: 'A time log must end after it starts' }] : []),
  ];
  if (errors.length > 0) throw badRequest(`Invalid ${errors.map((e) => e.field).join(', ')}`, errors);

  await lockTechnologists(tx, [fields.technologist]);
  if (end === null) {
    const running = await runningLogOf(tx, fields.technologist, itemId);
    if (running) {
      throw conflict(
        `${fields.technologist} already has a running time log (case ${running.caseNumber}, since ${when(running.startAt)} UTC): stop it first`,
      );
    }
  }
  const overlap = await overlappingLog(tx, fields.technologist, { start, end }, itemId);
  if (overlap) {
    throw conflict(
      `This time log would overlap ${fields.technologist}'s log of ${span(overlap)} on case ${overlap.caseNumber}`,
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
function checkOwnLog(request: FastifyRequest, ...technologists: string[]) {
  const { username, roles } = request.user;
  if (roles.includes('admin')) return;
  const other = technologists.find((technologist) => technologist !== username);
  if (other) throw forbidden(`Only ${other} or an admin may change ${other}'s time logs`);
}

/** A new log on the case, checked and indexed, with its audit entry. */
async function createLog(tx: DbOrTx, request: FastifyRequest, found: CaseRecord, fields: TimeLogFields) {
  checkOwnLog(request, fields.technologist);
  await checkWindow(tx, fields, undefined);
  const body = { ...fields, caseNoteIds: await linkedNotes(tx, found.id, fields) };
  const stored = await insertItem(tx, found.id, 'time-logs', body, request.user.username);
  await indexTimeLog(tx, found.id, stored);
  await auditCaseWrite(tx, request, 'record.create', found.id, {
    kind: 'time-logs',
    itemId: stored.itemId,
    revision: 1,
  });
  return toTimeLog(stored);
}

type RevisionBody = z.output<typeof timeLogRevisionSchema>;

async function reviseLog(
  tx: DbOrTx,
  request: FastifyRequest,
  caseId: number,
  itemId: number,
  { baseRevision, voided, voidReason, ...changes }: RevisionBody,
) {
  const latest = await revisedFrom(tx, caseId, 'time-logs', itemId, baseRevision);
  const before = latest.body as TimeLogFields;
  const fields: TimeLogFields = { ...before, ...changes };
  const relinkOnly = Object.keys(changes).every((field) => field === 'caseNoteIds') && voided === undefined;
  // Re-linking notes (the correction) is anyone's who may write time logs; the rest is the owner's.
  if (!relinkOnly) checkOwnLog(request, before.technologist, fields.technologist);
  const isVoided = voided ?? latest.voided;
  if (!isVoided && !relinkOnly) await checkWindow(tx, fields, itemId);
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
  return toTimeLog(stored);
}

export const timeLogRoutes: FastifyPluginAsyncZod<CaseRouteOptions> = async (app, { db }) => {
  const path = API_PATHS.caseRecords(':caseId', 'time-logs');
  const revisionBody = { tags, body: timeLogRevisionSchema, response: { 201: envelope(timeLogSchema) } };

  app.get(
    path,
    {
      config: requires(resource, 'list'),
      schema: { tags, params: recordParams, response: { 200: envelope(timeLogListSchema) } },
    },
    async (request) => {
      const found = await requireCase(db, request.params.caseId);
      const records = await listLatestRevisions(db, found.id, ['time-logs', 'case-notes']);
      const timeLogs = records
        .filter((row) => row.kind === 'time-logs')
        .map(toTimeLog)
        .sort((a, b) => Date.parse(a.start) - Date.parse(b.start) || a._id - b._id);
      // Only a caller who can post the correction is asked to; a closed case takes no writes.
      const canCorrect =
        canAccess(request.user.roles, resource, 'edit') && !closedCaseRefusal(found.caseNumber, found.stage);
      const notes = noteMoments(records.filter((row) => row.kind === 'case-notes'));
      return ok({ timeLogs, timeLogCorrection: canCorrect ? timeLogCorrection(timeLogs, notes) : null });
    },
  );

  app.post(
    path,
    {
      config: requires(resource, 'create'),
      schema: {
        tags,
        params: recordParams,
        body: timeLogCreateSchema,
        response: { 201: envelope(timeLogSchema) },
      },
    },
    async (request, reply) => {
      const { technologist, start, ...rest } = request.body;
      const created = await db.transaction(async (tx) => {
        const found = await lockOpenCase(tx, request.params.caseId);
        return createLog(tx, request, found, {
          ...rest,
          technologist: technologist ?? request.user.username,
          start: start ?? new Date().toISOString(),
        });
      });
      return reply.code(201).send(ok(created));
    },
  );

  app.post(
    API_PATHS.latestTimeLogRevisions(':caseId'),
    { config: requires(resource, 'edit'), schema: { ...revisionBody, params: recordParams } },
    async (request, reply) => {
      const { caseId } = request.params;
      const revised = await db
        .transaction(async (tx) => {
          await lockOpenCase(tx, caseId);
          const itemId = await latestTimeLogId(tx, caseId);
          if (itemId === undefined) throw notFound('This case has no time log yet');
          return reviseLog(tx, request, caseId, itemId, request.body);
        })
        .catch(concurrentRevisionConflict);
      return reply.code(201).send(ok(revised));
    },
  );

  app.post(
    API_PATHS.caseRecordRevisions(':caseId', 'time-logs', ':itemId'),
    { config: requires(resource, 'edit'), schema: { ...revisionBody, params: recordItemParams } },
    async (request, reply) => {
      const { caseId, itemId } = request.params;
      const revised = await db
        .transaction(async (tx) => {
          await lockOpenCase(tx, caseId);
          return reviseLog(tx, request, caseId, itemId, request.body);
        })
        .catch(concurrentRevisionConflict);
      return reply.code(201).send(ok(revised));
    },
  );

  app.get(
    API_PATHS.caseRecordRevisions(':caseId', 'time-logs', ':itemId'),
    {
      config: requires(resource, 'show'),
      schema: { tags, params: recordItemParams, response: { 200: envelope(z.array(timeLogSchema)) } },
    },
    async (request) => {
      const { caseId, itemId } = request.params;
      const rows = (await historyOf(db, caseId, 'time-logs', itemId)).history.map(toTimeLog);
      return page({ rows, total: rows.length });
    },
  );

  app.post(
    API_PATHS.timeLogInsertion(':caseId', ':itemId'),
    {
      config: requires(resource, 'create'),
      schema: {
        tags,
        params: recordItemParams,
        querystring: insertionQuerySchema,
        body: timeLogInsertionSchema,
        response: { 201: envelope(timeLogSchema) },
      },
    },
    async (request, reply) => {
      const { caseId, itemId } = request.params;
      const { location } = request.query;
      const { start, end, activity, billable, caseNoteIds } = request.body;
      const created = await db.transaction(async (tx) => {
        const found = await lockOpenCase(tx, caseId);
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
          return createLog(tx, request, found, { ...common, start, end: anchor.start });
        }
        if (anchor.end === null) {
          throw conflict('That time log is still running: stop it before inserting a log after it');
        }
        return createLog(tx, request, found, { ...common, start: anchor.end, end });
      });
      return reply.code(201).send(ok(created));
    },
  );
};
