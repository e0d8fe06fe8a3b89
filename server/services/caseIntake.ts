import { caseDeletionRefusal } from '../../contract/caseDeletion';
import type { CaseIntake } from '../../contract/cases';
import { countCaseHistory } from '../db/caseHistory';
import { getCaseRow } from '../db/caseList';
import { deleteCase, intakeCase } from '../db/cases';
import { getClient } from '../db/clients';
import { insertPatient } from '../db/patientDetails';
import type { DbOrTx } from '../db/transaction';
import { orderColumns } from '../db/turnaroundClocks';
import { intakeClientRefusal } from '../domain/caseStages';
import { badRequest, conflict } from '../errors';
import type { Writer } from './audit';
import { checkPlacerOrder } from './caseDetails';
import { auditCaseWrite, caseNotFound, lockExistingCase, staleCase } from './cases';
import { checkMrn } from './patientDetails';

/** A case's intake, with its order and patient when known, and its deletion (DESIGN §8 "Cases"). */

/** Takes in a case for an enabled client (400 otherwise), its order on no other case and its MRN checked. */
export async function admitCase(
  tx: DbOrTx,
  request: Writer,
  { patient, clientId, order, ...header }: CaseIntake,
) {
  const client = await getClient(tx, clientId);
  const refused = intakeClientRefusal(clientId, client);
  if (refused || !client)
    throw badRequest('Invalid clientId', [{ field: 'clientId', message: refused ?? '' }]);
  if (order) await checkPlacerOrder(tx, clientId, null, order);
  const row = await intakeCase(tx, client, {
    ...header,
    ...(order ? orderColumns(order) : {}),
    createdBy: request.user.username,
  });
  if (patient) {
    await checkMrn(tx, clientId, row.id, patient);
    await insertPatient(tx, row.id, patient, request.user.username);
  }
  await auditCaseWrite(tx, request, 'case.intake', row.id, {
    clientId,
    after: { version: row.version },
  });
  return row;
}

/** Deletes a case at the version the caller loaded, when its stage and records allow (409 otherwise). */
export async function removeCase(tx: DbOrTx, request: Writer, id: number, version: number) {
  const locked = await lockExistingCase(tx, id);
  const row = await getCaseRow(tx, id);
  if (!row) throw caseNotFound(id);
  const hasRecords = locked.stage === 'intake' && (await countCaseHistory(tx, id)) > 0;
  const refusal = caseDeletionRefusal(locked.caseNumber, locked.stage, hasRecords);
  if (refusal) throw conflict(refusal);
  if (locked.version !== version) throw staleCase(locked.caseNumber);
  if (!(await deleteCase(tx, id, version))) throw staleCase(locked.caseNumber);
  await auditCaseWrite(tx, request, 'case.delete', id, { before: { version: locked.version } });
  return row;
}
