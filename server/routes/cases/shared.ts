import type { FastifyRequest } from 'fastify';
import { type CaseDetails, type CaseStage, caseRowHeader } from '../../../contract/cases';
import type { Role } from '../../../contract/roles';
import { recordWrite } from '../../db/audit';
import { caseFacts, caseHistory, previousStage } from '../../db/caseHistory';
import { listLatestRevisions } from '../../db/caseRecords';
import { type CaseRecord, getCase, getCaseRow, getPatient, lockCase } from '../../db/cases';
import { getClient } from '../../db/clients';
import { handoversOf } from '../../db/handovers';
import { reportCaseOf } from '../../db/reportsDue';
import type { DbOrTx } from '../../db/transaction';
import { allowedTransitions, closedCaseRefusal, staleCaseMessage } from '../../domain/caseStages';
import { patientFor } from '../../domain/minimumNecessary';
import { nextOpenReport, reportsDue } from '../../domain/reportsDue';
import { conflict, notFound } from '../../errors';
import type { TechnologistRoster } from '../../services/technologistRoster';

export const caseNotFound = (id: number) => notFound(`Case ${id} not found`);

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

export const staleCase = (caseNumber: string) => conflict(staleCaseMessage(caseNumber));

/** Records a write on a case in the write's transaction: ids, stages and versions only, never patient data. */
export const auditCaseWrite = (
  tx: DbOrTx,
  request: FastifyRequest,
  action: string,
  caseId: number,
  details: Record<string, unknown>,
) => recordWrite(tx, request.user.username, 'cases', action, caseId, details);

/** Who signed the case's interpretations (voided ones too: they stay listed with their signer). */
async function signersOf(db: DbOrTx, id: number): Promise<string[]> {
  const interpretations = await listLatestRevisions(db, id, ['interpretations']);
  return interpretations.flatMap(({ body }) => (typeof body.signedBy === 'string' ? [body.signedBy] : []));
}

/** The case page's record for a caller with these roles (GET details, and the answer of every write). */
export async function loadCaseDetails(
  db: DbOrTx,
  id: number,
  roles: readonly Role[],
  roster: TechnologistRoster,
): Promise<CaseDetails> {
  const [record, row, patient, history, previous, handovers, signers, reporting] = await Promise.all([
    getCase(db, id),
    getCaseRow(db, id),
    getPatient(db, id),
    caseHistory(db, id),
    previousStage(db, id),
    handoversOf(db, id),
    signersOf(db, id),
    reportCaseOf(db, id),
  ]);
  if (!record || !row) throw caseNotFound(id);
  const [client, facts, names, people] = await Promise.all([
    getClient(db, record.clientId),
    caseFacts(db, record),
    roster.nameOf(row.technologists),
    roster.people(row.reader ? [row.reader, ...signers] : signers),
  ]);
  if (!client) throw caseNotFound(id);
  return {
    ...caseRowHeader(row),
    client: { id: client.id, name: client.name, code: client.code, timeZone: client.timeZone },
    patient: patientFor(roles, patient),
    technologists: row.technologists.map((username) => ({ username, name: names.get(username) ?? username })),
    protocolRevision: record.protocolRevision,
    transferRevision: record.transferRevision,
    channelCount: record.channelCount,
    createdBy: record.createdBy,
    transitions: history.transitions,
    actions: history.actions,
    handovers,
    people,
    allowedTransitions: allowedTransitions(record.stage, roles, facts, previous as CaseStage | undefined),
    nextReport: reporting ? nextOpenReport(reportsDue(reporting.input, new Date())) : null,
  };
}
