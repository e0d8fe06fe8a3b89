import { type CaseRecord, getCase, lockCase } from '../db/cases';
import { getClient } from '../db/clients';
import type { DbOrTx } from '../db/transaction';
import { closedCaseRefusal, staleCaseMessage } from '../domain/caseStages';
import type { StudyTimes } from '../domain/timeLogRules';
import { conflict, notFound } from '../errors';
import { writeAudit } from './audit';

export const caseNotFound = (id: number) => notFound(`Case ${id} not found`);

/** 409: the case changed since the caller loaded it (optimistic locking). */
export const staleCase = (caseNumber: string) => conflict(staleCaseMessage(caseNumber));

/** The case, or a 404. */
export async function requireCase(db: DbOrTx, id: number): Promise<CaseRecord> {
  const found = await getCase(db, id);
  if (!found) throw caseNotFound(id);
  return found;
}

/** The case, locked for the rest of the transaction (its guards are read against what cannot change), or a 404. */
export async function lockExistingCase(tx: DbOrTx, id: number): Promise<CaseRecord> {
  const locked = await lockCase(tx, id);
  if (!locked) throw caseNotFound(id);
  return locked;
}

/**
 * The case, locked, for a write: 404 when unknown, 409 when closed (a closed case is read-only; only a
 * reopen, which the transition route checks itself, may touch it).
 */
export async function lockOpenCase(tx: DbOrTx, id: number): Promise<CaseRecord> {
  const locked = await lockExistingCase(tx, id);
  const closed = closedCaseRefusal(locked.caseNumber, locked.stage);
  if (closed) throw conflict(closed);
  return locked;
}

/** Records a write on a case in the write's transaction. */
export const auditCaseWrite = writeAudit('cases');

/** A case's recording times and its client's zone, as the window rules read them. */
export async function studyOf(
  db: DbOrTx,
  found: Pick<CaseRecord, 'clientId' | 'recordingStart' | 'recordingEnd'>,
): Promise<StudyTimes> {
  return {
    recordingStart: found.recordingStart?.getTime() ?? null,
    recordingEnd: found.recordingEnd?.getTime() ?? null,
    timeZone: (await getClient(db, found.clientId))?.timeZone ?? 'UTC',
  };
}
