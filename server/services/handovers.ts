import { ownHandoverRefusal } from '../../contract/ownWork';
import { rolesFromGroups } from '../../contract/roles';
import type { TimeLogFields } from '../../contract/timeLogs';
import { appendRevision, insertItem, latestRevision } from '../db/caseRecords';
import { type CaseRecord, touchCases } from '../db/cases';
import {
  activeCasesByTechnologist,
  assignTechnologist,
  lockTechnologists,
  technologistsOfCase,
} from '../db/caseTechnologists';
import { insertHandover, logOnCaseAfter, openLogOnCase } from '../db/handovers';
import { indexTimeLog } from '../db/timeLogs';
import type { DbOrTx } from '../db/transaction';
import { assignmentRefusal } from '../domain/caseStages';
import { handoverFieldErrors, handoverStartRefusal, handoverWindowRefusal } from '../domain/handovers';
import { takeOverRefusal } from '../domain/technologistLoad';
import { badRequest, conflict, forbidden, overLoadConflict } from '../errors';
import type { Writer } from './audit';
import { auditCaseWrite, lockOpenCase, studyOf } from './cases';
import type { TechnologistRoster } from './technologistRoster';
import type { UserDirectory } from './userDirectory';

/**
 * Handovers (DESIGN §4 "Staffing and handover"): in one transaction the outgoing technologist's open log on
 * the case ends at `at` (a revision of it), the incoming one's opens then with the same activity, the
 * incoming one is assigned if not yet, and the handover is recorded.
 */

type Input = { from: string; to: string; at: string; note: string };

/** 400s on the body's fields: a time in the future, a handover to oneself, an incoming non-technologist. */
async function fieldErrors(directory: UserDirectory, input: Input) {
  // Membership is read afresh: a write must not rely on a cached roster.
  const incoming = input.to === input.from ? undefined : await directory.getUser(input.to);
  const isTechnologist = rolesFromGroups(incoming?.groups).includes('technologist');
  const errors = handoverFieldErrors(input, Date.now(), isTechnologist);
  if (errors.length > 0) throw badRequest(`Invalid ${errors.map((e) => e.field).join(', ')}`, errors);
}

/**
 * The incoming technologist is put on the case if not yet, within their load limit: a 409 beyond it says
 * by how much and names the other technologists who could take the case.
 */
async function assignIncoming(
  tx: DbOrTx,
  request: Writer,
  roster: TechnologistRoster,
  { id, monitoringLevel }: Pick<CaseRecord, 'id' | 'monitoringLevel'>,
  { from, to }: Pick<Input, 'from' | 'to'>,
) {
  if ((await technologistsOfCase(tx, id)).includes(to)) return;
  const [members, held, names] = await Promise.all([
    roster.list(),
    activeCasesByTechnologist(tx),
    roster.nameOf([to]),
  ]);
  const candidates = members.map(({ username, name }) => ({
    username,
    name,
    held: held.get(username) ?? [],
  }));
  const incoming = { username: to, name: names.get(to) ?? to, held: held.get(to) ?? [] };
  const others = candidates.filter(({ username }) => username !== from && username !== to);
  const refusal = takeOverRefusal(incoming, { id, monitoringLevel }, others);
  if (refusal) throw overLoadConflict(refusal.message, refusal.overLoad);
  await assignTechnologist(tx, [id], to, request.user.username);
  await touchCases(tx, [id]);
  await auditCaseWrite(tx, request, 'case.technologists', id, { technologist: to, change: 'assigned' });
}

/**
 * 403 unless the caller hands over their own case (or is an admin); 400s on the body's fields. Read before
 * the transaction: the incoming technologist's membership comes from the directory.
 */
export async function checkHandover(directory: UserDirectory, request: Writer, input: Input) {
  const notOwn = ownHandoverRefusal(request.user, input.from);
  if (notOwn) throw forbidden(notOwn);
  await fieldErrors(directory, input);
}

/** Hands case `id` over from `input.from` to `input.to` at `input.at`; answers the handover recorded. */
export async function handOver(
  tx: DbOrTx,
  request: Writer,
  roster: TechnologistRoster,
  id: number,
  input: Input,
) {
  const { from, to, note } = input;
  const { username } = request.user;
  const at = new Date(input.at);
  await lockTechnologists(tx, [from, to]);
  const locked = await lockOpenCase(tx, id);
  const inactive = assignmentRefusal(locked.caseNumber, locked.stage);
  if (inactive) throw conflict(inactive);
  const outside = handoverWindowRefusal(locked.caseNumber, at, await studyOf(tx, locked));
  if (outside) throw conflict(outside);
  const open = await openLogOnCase(tx, id, from);
  if (!open) throw conflict(`${from} has no open time log on case ${locked.caseNumber} to hand over`);
  const early = handoverStartRefusal({ from, caseNumber: locked.caseNumber }, at, open.startAt);
  if (early) throw conflict(early);
  const clash = await logOnCaseAfter(tx, id, to, at);
  if (clash)
    throw conflict(
      `${to} already has a time log on case ${locked.caseNumber} from ${clash.startAt.toISOString()} that runs past the handover`,
    );
  await assignIncoming(tx, request, roster, locked, input);

  const latest = await latestRevision(tx, open.itemId);
  if (!latest) throw conflict(`${from}'s open log on case ${locked.caseNumber} has no revision`);
  const before = latest.body as TimeLogFields;
  const closed = await appendRevision(
    tx,
    open.itemId,
    latest.revision + 1,
    { ...before, end: at.toISOString() },
    { voided: false, voidReason: '' },
    username,
  );
  await indexTimeLog(tx, id, closed);
  const incoming: TimeLogFields = {
    technologist: to,
    start: at.toISOString(),
    end: null,
    activity: before.activity,
    billable: before.billable,
    caseNoteIds: [],
  };
  const opened = await insertItem(tx, id, 'time-logs', incoming, username);
  await indexTimeLog(tx, id, opened);
  const recorded = await insertHandover(tx, {
    caseId: id,
    fromTechnologist: from,
    toTechnologist: to,
    at,
    note,
    closedLogId: closed.itemId,
    openedLogId: opened.itemId,
    by: username,
  });
  await auditCaseWrite(tx, request, 'case.handover', id, {
    handoverId: recorded.id,
    from,
    to,
    closedLog: { itemId: closed.itemId, revision: closed.revision },
    openedLog: { itemId: opened.itemId, revision: opened.revision },
  });
  return recorded;
}
