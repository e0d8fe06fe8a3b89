import { type Hl7Message, Hl7Segment } from '@medplum/core';
import type { PatientInput, StudyType } from '../../contract/cases';
import { orderPriorityOf } from '../../contract/turnaroundRules';
import { recordWrite } from '../db/audit';
import { caseFacts, lastTransition } from '../db/caseHistory';
import { recordStageMove } from '../db/caseMoves';
import { findOrderCase, intakeCase, updateCaseOrder } from '../db/cases';
import { getClient } from '../db/clients';
import type { Db } from '../db/database';
import {
  findSender,
  indexPatientAtOnce,
  insertMessage,
  markMerged,
  openCasesOfPatient,
  upsertIndexedPatient,
} from '../db/interfaces';
import { fieldsOf, insertPatient, keepAsRevision, lockPatient, replacePatient } from '../db/patientDetails';
import { isUniqueViolation, type Tx } from '../db/transaction';
import { applyCaseCommand } from '../domain/caseStages';
import {
  headerOf,
  type MessageHeader,
  orderOf,
  type PatientFromMessage,
  patientOf,
  priorMrnOf,
} from './hl7Fields';

/**
 * Inbound HL7 v2 (issue 32): each message is applied in one transaction and answered with an ACK. AA: applied;
 * AE: understood but not applied (a required field missing); AR: refused (unknown sender, a message type
 * Vigil does not take). A control id (MSH-10) already applied for the sender is acknowledged again, not
 * applied twice.
 */

type AckCode = 'AA' | 'AE' | 'AR';

class Refusal extends Error {
  constructor(
    readonly code: 'AE' | 'AR',
    message: string,
  ) {
    super(message);
  }
}

/** Text safe inside an HL7 field: no separators or line breaks. */
const fieldText = (text: string) => text.replace(/[|^~\\&\r\n]+/g, ' ').slice(0, 200);

function acknowledge(message: Hl7Message, code: AckCode, text: string): Hl7Message {
  const errSegment =
    code === 'AA'
      ? undefined
      : new Hl7Segment(
          [
            'ERR',
            '',
            '',
            code === 'AR' ? '200^Unsupported message type^HL70357' : '207^Application internal error^HL70357',
            'E',
            '',
            '',
            '',
            fieldText(text),
          ],
          message.context,
        );
  const ack = message.buildAck({ ackCode: code, errSegment });
  ack.getSegment('MSA')?.setField(3, fieldText(text));
  return ack;
}

const ADT_EVENTS = new Set(['ADT^A01', 'ADT^A04', 'ADT^A08', 'ADT^A02', 'ADT^A03', 'ADT^A40']);
const ORDER_TYPES = new Set(['ORM^O01', 'OMG^O19']);

/** The details the index holds, as a case's patient details (fields it does not know are left as they are). */
function detailsFrom(patient: PatientFromMessage): Partial<PatientInput> {
  const { mrn, firstName, lastName, dateOfBirth, sex, unit, room } = patient;
  const known = { mrn, firstName, lastName, dateOfBirth, sex, unit, room };
  return Object.fromEntries(Object.entries(known).filter(([, value]) => value !== undefined));
}

/** Each open case of the patient gets the new details as a revision authored by the interface. */
async function refreshOpenCases(
  tx: Tx,
  clientId: number,
  mrn: string,
  details: Partial<PatientInput>,
  author: string,
) {
  for (const caseId of await openCasesOfPatient(tx, clientId, mrn)) {
    const row = await lockPatient(tx, caseId);
    if (!row) continue;
    const current = fieldsOf(row);
    const next = { ...current, ...details };
    if (JSON.stringify(next) === JSON.stringify(current)) continue;
    await keepAsRevision(tx, row);
    const updated = await replacePatient(tx, row, next, author);
    await recordWrite(tx, author, 'cases', 'patient.update', caseId, { revision: updated.version });
  }
}

function requireMrn(patient: PatientFromMessage) {
  if (!patient.mrn) throw new Refusal('AE', 'PID-3 (the patient identifier, MRN) is empty');
}

async function applyAdmission(tx: Tx, clientId: number, type: string, message: Hl7Message, author: string) {
  const patient = patientOf(message);
  requireMrn(patient);
  if (type === 'ADT^A03') patient.dischargedAt ??= new Date();
  if (type === 'ADT^A40') {
    const prior = priorMrnOf(message);
    if (!prior) throw new Refusal('AE', 'MRG-1 (the prior patient identifier) is empty');
    await upsertIndexedPatient(tx, clientId, defined(patient));
    await markMerged(tx, clientId, prior, patient.mrn);
    await refreshOpenCases(tx, clientId, prior, detailsFrom(patient), author);
  } else {
    await upsertIndexedPatient(tx, clientId, defined(patient));
  }
  await refreshOpenCases(tx, clientId, patient.mrn, detailsFrom(patient), author);
  return { text: `${type} applied`, caseId: null };
}

const defined = <T extends object>(value: T) =>
  Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;

/** The study an order asks for, from its service text (OBR-4). */
function studyOf(service: string): { studyType: StudyType; hasVideo: boolean } {
  const hasVideo = /video/i.test(service);
  if (/ambulator/i.test(service)) return { studyType: 'ambulatory', hasVideo };
  if (/\bICU\b|critical/i.test(service)) return { studyType: 'icu', hasVideo };
  if (/long|LTM|continuous|cEEG|video/i.test(service)) return { studyType: 'long-term', hasVideo };
  return { studyType: 'routine', hasVideo };
}

/**
 * ORC-1 CA: the hospital cancels its order. A case not yet recording leaves intake as cancelled (intake →
 * closed, the stage machine's cancel, made on the hospital's behalf with the reason recorded); a case whose
 * recording started is not stopped from afar: AE, for the monitoring service to settle by phone.
 */
async function cancelOrder(tx: Tx, clientId: number, placerOrderNumber: string, author: string) {
  const found = await findOrderCase(tx, clientId, placerOrderNumber);
  if (!found) throw new Refusal('AE', `Order ${placerOrderNumber} is not known to Vigil: nothing to cancel`);
  const last = await lastTransition(tx, found.id);
  if (found.stage === 'closed' && last?.from === 'intake')
    return {
      text: `Order ${placerOrderNumber} already cancelled: case ${found.caseNumber}`,
      caseId: found.id,
    };
  if (found.stage !== 'intake' || found.recordingStart !== null)
    throw new Refusal(
      'AE',
      `Order ${placerOrderNumber} already in progress: case ${found.caseNumber} is ${found.stage === 'intake' ? 'recording' : `in ${found.stage}`}; call the monitoring service`,
    );
  const reason = `Order ${placerOrderNumber} cancelled by the hospital (ORC-1 CA)`;
  const { outcome } = applyCaseCommand(
    { caseNumber: found.caseNumber, stage: found.stage, history: last ? [last] : [], version: found.version },
    // The hospital's cancel is the admin's cancel of an intake case, made on its behalf.
    { type: 'transition', to: 'closed', roles: ['admin'], by: author, reason, version: found.version },
    await caseFacts(tx, found),
  );
  if (!outcome.ok) throw new Refusal('AE', outcome.messages.join('; '));
  const moved = await recordStageMove(tx, found, {
    to: 'closed',
    version: found.version,
    by: author,
    reason,
  });
  if (!moved) throw new Refusal('AE', `Case ${found.caseNumber} changed meanwhile; send the cancel again`);
  await recordWrite(tx, author, 'cases', 'case.transition', found.id, {
    from: 'intake',
    to: 'closed',
    kind: 'cancel',
    transitionId: moved.transition.id,
    before: { version: found.version },
    after: { version: moved.updated.version },
  });
  return { text: `Order ${placerOrderNumber} cancelled: case ${found.caseNumber} closed`, caseId: found.id };
}

async function applyOrder(tx: Tx, clientId: number, message: Hl7Message, author: string) {
  const order = orderOf(message);
  if (!order.placerOrderNumber) throw new Refusal('AE', 'ORC-2 (the placer order number) is empty');
  if (order.control === 'CA') return cancelOrder(tx, clientId, order.placerOrderNumber, author);
  if (!/EEG/i.test(order.service))
    throw new Refusal('AR', `Only EEG orders are taken; OBR-4 is "${order.service || 'empty'}"`);
  const patient = patientOf(message);
  requireMrn(patient);
  const indexed = await upsertIndexedPatient(tx, clientId, defined(patient));
  const caseOrder = {
    placerOrderNumber: order.placerOrderNumber,
    visitNumber: indexed.visitNumber || null,
    orderingProvider: order.orderingProvider || null,
    orderingProviderPhone: order.orderingProviderPhone || null,
    orderPriority: orderPriorityOf(order.priority),
    orderReason: order.reason || null,
    orderedAt: order.orderedAt,
  };
  const existing = await findOrderCase(tx, clientId, order.placerOrderNumber);
  const orderDetails = {
    orderingPhysician: order.orderingProvider.slice(0, 200),
    indication: order.reason.slice(0, 2000),
  };
  if (existing) {
    await updateCaseOrder(tx, existing.id, caseOrder);
    await refreshOpenCases(tx, clientId, patient.mrn, { ...detailsFrom(patient), ...orderDetails }, author);
    await recordWrite(tx, author, 'cases', 'case.order-update', existing.id, {});
    return {
      text: `Order ${order.placerOrderNumber} updated on case ${existing.caseNumber}`,
      caseId: existing.id,
    };
  }
  const client = await getClient(tx, clientId);
  if (!client) throw new Refusal('AR', 'The client of this interface no longer exists');
  const { studyType, hasVideo } = studyOf(order.service);
  const row = await intakeCase(tx, client, {
    studyType,
    hasVideo,
    monitoringLevel: studyType === 'routine' ? 'unmonitored' : 'continuous',
    createdBy: author,
    ...caseOrder,
  });
  const details: PatientInput = {
    mrn: indexed.mrn,
    firstName: indexed.firstName,
    lastName: indexed.lastName,
    dateOfBirth: indexed.dateOfBirth,
    sex: indexed.sex,
    unit: indexed.unit,
    room: indexed.room,
    medications: '',
    ...orderDetails,
  };
  await insertPatient(tx, row.id, details, author);
  await recordWrite(tx, author, 'cases', 'case.intake', row.id, {
    clientId,
    after: { version: row.version },
  });
  return { text: `Order ${order.placerOrderNumber} taken as case ${row.caseNumber}`, caseId: row.id };
}

export type InboundResult = { ack: Hl7Message; status: 'accepted' | 'refused' | 'error' | 'repeated' };

/**
 * Applies one message and answers its ACK; the message and its outcome go to the message log. An admission,
 * update or transfer of a patient without open cases, the feed's bulk, is one statement (sender, repeat,
 * index and log together); the rest runs in one transaction after one statement that finds the sender and
 * an earlier message of the control id.
 */
export async function receiveMessage(
  db: Db,
  message: Hl7Message,
  onInternalError: (error: unknown) => void,
): Promise<InboundResult> {
  const header = headerOf(message);
  const rawText = message.toString();
  const logged = {
    direction: 'in' as const,
    messageType: header.type || '?',
    transport: 'mllp',
    controlId: header.controlId,
    rawText,
  };
  const refuse = async (clientId: number | null, refusal: Refusal): Promise<InboundResult> => {
    await insertMessage(db, {
      ...logged,
      clientId,
      status: refusal.code === 'AR' ? 'refused' : 'error',
      ackCode: refusal.code,
      ackText: refusal.message,
      error: refusal.message,
      attempts: 1,
    });
    return {
      ack: acknowledge(message, refusal.code, refusal.message),
      status: refusal.code === 'AR' ? 'refused' : 'error',
    };
  };
  if (!header.controlId) return refuse(null, new Refusal('AR', 'MSH-10 (the message control id) is empty'));
  const repeated = (earlier: { ackText: string }): InboundResult => ({
    ack: acknowledge(message, 'AA', earlier.ackText),
    status: 'repeated',
  });
  let clientId: number | null = null;
  try {
    const atOnce = await indexAtOnce(db, header, message, rawText);
    if (atOnce && 'ack' in atOnce) return atOnce;
    const sender = atOnce ?? (await findSender(db, header));
    if (sender.clientId === null) {
      const who = `${header.sendingApplication || '(none)'} at ${header.sendingFacility || '(none)'}`;
      return refuse(
        null,
        new Refusal('AR', `Unknown sender ${who}: no client's inbound interface is set up for it`),
      );
    }
    if (sender.earlier) return repeated(sender.earlier);
    clientId = sender.clientId;
    const author = `interface:${clientId}`;
    const known = clientId;
    // A repeat that arrives meanwhile is caught by the log's unique index: this transaction then rolls back.
    return await db.transaction(async (tx) => {
      let applied: { text: string; caseId: number | null };
      if (ADT_EVENTS.has(header.type))
        applied = await applyAdmission(tx, known, header.type, message, author);
      else if (ORDER_TYPES.has(header.type)) applied = await applyOrder(tx, known, message, author);
      else throw new Refusal('AR', `Message type ${header.type || '(none)'} is not taken by Vigil`);
      await insertMessage(tx, {
        ...logged,
        clientId: known,
        status: 'accepted',
        ackCode: 'AA',
        ackText: applied.text,
        attempts: 1,
        caseId: applied.caseId,
      });
      return { ack: acknowledge(message, 'AA', applied.text), status: 'accepted' as const };
    });
  } catch (error) {
    if (error instanceof Refusal) return refuse(clientId, error);
    if (isUniqueViolation(error, 'interface_messages_inbound_control_unique')) {
      const { earlier } = await findSender(db, header);
      if (earlier) return repeated(earlier);
    }
    onInternalError(error);
    return refuse(
      clientId,
      new Refusal('AE', 'The message could not be applied: an internal error; send it again'),
    );
  }
}

/**
 * A01/A04/A08/A02/A03 with an MRN, in one statement: the ACK when it applied the message; otherwise what it
 * found of the sender (none, a repeat, or open cases of the patient to revise in a transaction). Undefined
 * for the messages it does not take at once (A40, orders, other types, no MRN).
 */
async function indexAtOnce(db: Db, header: MessageHeader, message: Hl7Message, rawText: string) {
  if (!ADT_EVENTS.has(header.type) || header.type === 'ADT^A40') return undefined;
  const patient = patientOf(message);
  if (!patient.mrn) return undefined;
  if (header.type === 'ADT^A03') patient.dischargedAt ??= new Date();
  const text = `${header.type} applied`;
  const once = () =>
    indexPatientAtOnce(db, header, defined(patient), { messageType: header.type, ackText: text, rawText });
  let outcome: Awaited<ReturnType<typeof indexPatientAtOnce>>;
  try {
    outcome = await once();
  } catch (error) {
    // The same control id applied at the same moment: looked at again, it is a repeat.
    if (!isUniqueViolation(error, 'interface_messages_inbound_control_unique')) throw error;
    outcome = await once();
  }
  if (outcome.applied)
    return { ack: acknowledge(message, 'AA', text), status: 'accepted' as const } satisfies InboundResult;
  return outcome;
}
