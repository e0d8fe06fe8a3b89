import { caseRowHeader } from '../../contract/caseLists';
import type { CaseDetails } from '../../contract/cases';
import type { Role } from '../../contract/roles';
import type { OrderInput } from '../../contract/turnaround';
import { readCaseDetails } from '../db/caseDetails';
import { getProtocolSnapshot } from '../db/caseHistory';
import { findOrderCase } from '../db/cases';
import type { DbOrTx } from '../db/transaction';
import { allowedTransitions } from '../domain/caseStages';
import { orderFor, patientFor } from '../domain/minimumNecessary';
import { caseNextReport } from '../domain/reportsDue';
import { badRequest, notFound } from '../errors';
import { caseNotFound, requireCase } from './cases';
import type { TechnologistRoster } from './technologistRoster';

/**
 * A case as its page reads it (DESIGN §8 "Cases"): the details a caller's roles may see, the protocol a
 * closed case keeps, and the check that an order is on one case only.
 */

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

/** The protocol copied into a case when it closed (404 while it is not closed). */
export async function closedCaseProtocol(db: DbOrTx, id: number) {
  const found = await requireCase(db, id);
  const snapshot = found.stage === 'closed' ? await getProtocolSnapshot(db, found.id) : undefined;
  if (!snapshot) {
    throw notFound(`Case ${found.caseNumber} is not closed: its protocol is copied into it when it closes`);
  }
  return snapshot;
}
