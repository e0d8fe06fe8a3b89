import { type Hl7Message, type Hl7Segment, parseHl7DateTime } from '@medplum/core';
import type { PatientSex } from '../../contract/cases';

/**
 * What Vigil reads of an HL7 v2 message (parsed by @medplum/core's Hl7Message): the header, the patient
 * (PID, PV1, MRG) and an EEG order (ORC, OBR, TQ1). Pure mapping, tested with real messages.
 */

export type MessageHeader = {
  sendingApplication: string;
  sendingFacility: string;
  /** `ADT^A01` */
  type: string;
  controlId: string;
};

export function headerOf(message: Hl7Message): MessageHeader {
  const msh = message.getSegment('MSH');
  const type = msh?.getField(9);
  return {
    sendingApplication: msh?.getComponent(3, 1) ?? '',
    sendingFacility: msh?.getComponent(4, 1) ?? '',
    type: [type?.getComponent(1) ?? '', type?.getComponent(2) ?? ''].filter(Boolean).join('^'),
    controlId: msh?.getField(10)?.toString() ?? '',
  };
}

/** `19800214` → `1980-02-14`; anything else is no date. */
function dateOf(value: string): string | null {
  const match = /^(\d{4})(\d{2})(\d{2})/.exec(value);
  return match ? `${match[1]}-${match[2]}-${match[3]}` : null;
}

function instantOf(value: string): Date | undefined {
  if (!/^\d{8}/.test(value)) return undefined;
  const iso = parseHl7DateTime(value);
  return iso ? new Date(iso) : undefined;
}

function sexOf(value: string): PatientSex | null {
  if (value === 'M' || value === 'F' || value === 'U') return value;
  return value ? 'X' : null;
}

export type PatientFromMessage = {
  mrn: string;
  firstName?: string;
  lastName?: string;
  dateOfBirth?: string | null;
  sex?: PatientSex | null;
  unit?: string;
  room?: string;
  visitNumber?: string;
  admittedAt?: Date;
  dischargedAt?: Date;
};

const text = (segment: Hl7Segment | undefined, field: number, component = 1) =>
  segment?.getComponent(field, component).trim() ?? '';

/** The patient of PID (and PV1 when present); an empty field is left out, so it keeps what we know. */
export function patientOf(message: Hl7Message): PatientFromMessage {
  const pid = message.getSegment('PID');
  const pv1 = message.getSegment('PV1');
  const some = (value: string) => value || undefined;
  const birth = text(pid, 7);
  const sex = text(pid, 8);
  return {
    mrn: text(pid, 3),
    lastName: some(text(pid, 5, 1)),
    firstName: some(text(pid, 5, 2)),
    dateOfBirth: birth ? dateOf(birth) : undefined,
    sex: sex ? sexOf(sex) : undefined,
    unit: some(text(pv1, 3, 1)),
    room: some([text(pv1, 3, 2), text(pv1, 3, 3)].filter(Boolean).join('-')),
    visitNumber: some(text(pv1, 19)),
    admittedAt: instantOf(text(pv1, 44)),
    dischargedAt: instantOf(text(pv1, 45)),
  };
}

/** A40: the MRN being merged away (MRG-1). */
export const priorMrnOf = (message: Hl7Message) => text(message.getSegment('MRG'), 1);

export type OrderFromMessage = {
  control: string;
  placerOrderNumber: string;
  service: string;
  orderingProvider: string;
  orderingProviderPhone: string;
  priority: string;
  reason: string;
  orderedAt: Date | null;
};

/** The order of ORC/OBR (ORM^O01 and OMG^O19 alike); priority from TQ1-9, else OBR-27.6 or ORC-7.6. */
export function orderOf(message: Hl7Message): OrderFromMessage {
  const orc = message.getSegment('ORC');
  const obr = message.getSegment('OBR');
  const tq1 = message.getSegment('TQ1');
  const provider = obr?.getField(16) ?? orc?.getField(12);
  return {
    control: text(orc, 1),
    placerOrderNumber: text(orc, 2) || text(obr, 2),
    service: [text(obr, 4, 1), text(obr, 4, 2)].filter(Boolean).join(' '),
    orderingProvider: [provider?.getComponent(3), provider?.getComponent(2)].filter(Boolean).join(' ').trim(),
    orderingProviderPhone: text(obr, 17) || text(orc, 14),
    priority: text(tq1, 9) || text(obr, 27, 6) || text(orc, 7, 6),
    reason: text(obr, 31, 2) || text(obr, 31, 1),
    orderedAt: instantOf(text(orc, 9)) ?? instantOf(text(obr, 6)) ?? null,
  };
}
