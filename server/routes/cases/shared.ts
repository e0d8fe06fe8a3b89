import type { FastifyRequest } from 'fastify';
import { type CaseDetails, caseRowHeader } from '../../../contract/cases';
import type { Role } from '../../../contract/roles';
import type { OrderInput } from '../../../contract/turnaround';
import { recordWrite } from '../../db/audit';
import { readCaseDetails } from '../../db/caseDetails';
import { type CaseRecord, findOrderCase, getCase, lockCase } from '../../db/cases';
import type { DbOrTx } from '../../db/transaction';
import { allowedTransitions, closedCaseRefusal, staleCaseMessage } from '../../domain/caseStages';
import { orderFor, patientFor } from '../../domain/minimumNecessary';
import { caseNextReport } from '../../domain/reportsDue';
import { badRequest, conflict, notFound } from '../../errors';
import type { TechnologistRoster } from '../../services/technologistRoster';

export const caseNotFound = (id: number) => notFound(`Case ${id} not found`);

/** One case per order of a client: a placer order number already on another case is refused (400). */
export async function checkPlacerOrder(
  tx: DbOrTx,
  clientId: number,
  caseId: number | null,
  order: OrderInput | null | undefined,
) {
  if (!order?.placerOrderNumber) return;
  const other = await findOrderCase(tx, clientId, order.placerOrderNumber);
  if (other && other.id !== caseId) {
    const message = `Order ${order.placerOrderNumber} is already on case ${other.caseNumber}`;
    throw badRequest('Invalid order.placerOrderNumber', [{ field: 'order.placerOrderNumber', message }]);
  }
}

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

/** The case page's record for a caller with these roles (GET details, and the answer of every write). */
export async function loadCaseDetails(
  db: DbOrTx,
  id: number,
  roles: readonly Role[],
  roster: TechnologistRoster,
): Promise<CaseDetails> {
  const read = await readCaseDetails(db, id);
  if (!read) throw caseNotFound(id);
  const { row, signers, reporting } = read;
  const [names, people] = await Promise.all([
    roster.nameOf(row.technologists),
    roster.people(row.reader ? [row.reader, ...signers] : signers),
  ]);
  return {
    ...caseRowHeader(row),
    order: orderFor(roles, row.order),
    client: read.client,
    patient: patientFor(roles, read.patient),
    technologists: row.technologists.map((username) => ({ username, name: names.get(username) ?? username })),
    protocolRevision: read.protocolRevision,
    transferRevision: read.transferRevision,
    channelCount: read.channelCount,
    createdBy: read.createdBy,
    nextCheckBy: read.nextCheckBy,
    transitions: read.transitions,
    actions: read.actions,
    handovers: read.handovers,
    people,
    allowedTransitions: allowedTransitions(row.stage, roles, read.facts, read.previousStage),
    nextReport: caseNextReport(row.stage, reporting, new Date()),
  };
}
