import http from 'node:http';
import type net from 'node:net';
import type { AddressInfo } from 'node:net';
import { Hl7Message } from '@medplum/core';
import { Hl7Client, Hl7Server } from '@medplum/hl7';

/**
 * A client hospital as its interface engine sees Vigil (issue 32): it sends admissions, updates and EEG
 * orders over MLLP (with @medplum/hl7's client) and receives the signed reports on its own MLLP port and a
 * small FHIR endpoint, acknowledging each. Used by `npm run hospital:simulate` and the end-to-end story.
 */

export interface Sender {
  /** MSH-3: the hospital's sending application, as the client's interface settings name it. */
  application: string;
  /** MSH-4: the sending facility. */
  facility: string;
}

export interface HospitalPatient {
  mrn: string;
  lastName: string;
  firstName: string;
  /** YYYYMMDD */
  born: string;
  sex: 'F' | 'M' | 'U';
  unit: string;
  room: string;
  visit: string;
}

/** HL7 v2 time stamp (YYYYMMDDHHMMSS, UTC) of a date. */
const hl7Time = (at: Date) => at.toISOString().replace(/[-:T]/g, '').slice(0, 14);

let sequence = 0;
/** A control id (MSH-10) unique to this run. */
const controlId = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++sequence}`;

function message(sender: Sender, type: string, segments: string[], at = new Date()): Hl7Message {
  const msh = `MSH|^~\\&|${sender.application}|${sender.facility}|VIGIL|VIGIL|${hl7Time(at)}||${type}|${controlId(type.split('^').slice(0, 2).join(''))}|P|2.5.1`;
  return Hl7Message.parse([msh, ...segments].join('\r'));
}

const pid = (patient: HospitalPatient, sender: Sender) =>
  `PID|1||${patient.mrn}^^^${sender.facility}^MR||${patient.lastName}^${patient.firstName}||${patient.born}|${patient.sex}`;
const pv1 = (patient: HospitalPatient) =>
  `PV1|1|I|${patient.unit}^${patient.room}^1||||||||||||||||${patient.visit}`;

/** ADT^A01 (admit) or ADT^A04 (register), A08 (update), A02 (transfer) or A03 (discharge) of a patient. */
export function adt(
  sender: Sender,
  event: 'A01' | 'A04' | 'A08' | 'A02' | 'A03',
  patient: HospitalPatient,
): Hl7Message {
  return message(sender, `ADT^${event}^ADT_A01`, [
    `EVN|${event}|${hl7Time(new Date())}`,
    pid(patient, sender),
    pv1(patient),
  ]);
}

export interface EegOrder {
  placerOrderNumber: string;
  /** OBR-4's text; Vigil takes EEG orders only ("Continuous video EEG" is a long-term study with video). */
  service: string;
  reason: string;
  /** `S` stat, `R` routine. */
  priority: 'S' | 'R';
  provider: { id: string; lastName: string; firstName: string; phone: string };
}

/** ORM^O01: a new EEG order for a patient. */
export function eegOrder(sender: Sender, patient: HospitalPatient, order: EegOrder): Hl7Message {
  const { id, lastName, firstName, phone } = order.provider;
  const provider = `${id}^${lastName}^${firstName}`;
  return message(sender, 'ORM^O01', [
    pid(patient, sender),
    pv1(patient),
    `ORC|NW|${order.placerOrderNumber}||||||^^^^^${order.priority}|||||${provider}`,
    `OBR|1|${order.placerOrderNumber}||EEG^${order.service}||${hl7Time(new Date())}||||||||||${provider}|${phone}||||||||||^^^^^${order.priority}||||^${order.reason}`,
  ]);
}

/** The acknowledgement's code (MSA-1) and text (MSA-3). */
export function ackOf(ack: Hl7Message) {
  const msa = ack.getSegment('MSA');
  return { code: msa?.getField(1)?.toString() ?? '', text: msa?.getField(3)?.toString() ?? '' };
}

/** Sends messages one after another on one connection, each waiting for its ACK. */
export async function sendAll(
  vigil: { host: string; port: number },
  messages: Hl7Message[],
  onAck: (sent: Hl7Message, ack: Hl7Message) => void = () => undefined,
): Promise<Hl7Message[]> {
  const client = new Hl7Client({ host: vigil.host, port: vigil.port, connectTimeout: 10_000 });
  const acks: Hl7Message[] = [];
  try {
    for (const sent of messages) {
      const ack = await client.sendAndWait(sent, { timeoutMs: 30_000 });
      acks.push(ack);
      onAck(sent, ack);
    }
  } finally {
    await client.close().catch(() => undefined);
  }
  return acks;
}

/** A FHIR resource the hospital received, as its type and the words that say what it is. */
export interface ReceivedReport {
  transport: 'mllp' | 'fhir';
  /** ORU^R01 for HL7; the Bundle's DiagnosticReport status for FHIR (final, amended…). */
  kind: string;
  /** The patient's MRN as the report names it. */
  mrn: string;
  raw: string;
}

interface FhirBundle {
  resourceType?: string;
  entry?: { resource?: { resourceType?: string; status?: string; identifier?: { value?: string }[] } }[];
}

function reportOfBundle(raw: string): ReceivedReport {
  const bundle = JSON.parse(raw) as FhirBundle;
  const resources = (bundle.entry ?? []).map((entry) => entry.resource ?? {});
  const report = resources.find((resource) => resource.resourceType === 'DiagnosticReport');
  const patient = resources.find((resource) => resource.resourceType === 'Patient');
  return {
    transport: 'fhir',
    kind: `DiagnosticReport ${report?.status ?? '(none)'}`,
    mrn: patient?.identifier?.[0]?.value ?? '',
    raw,
  };
}

export interface HospitalPeer {
  mllpPort: number;
  fhirPort: number;
  received: ReceivedReport[];
  stop(): Promise<void>;
}

/**
 * The hospital's receiving side: an MLLP server (@medplum/hl7) acknowledging every report AA, and a FHIR
 * endpoint (POST of a transaction Bundle) answering 200. Port 0 picks a free one.
 */
export async function startHospitalPeer(options: {
  host?: string;
  mllpPort: number;
  fhirPort: number;
  onReport?: (report: ReceivedReport) => void;
}): Promise<HospitalPeer> {
  const host = options.host ?? '127.0.0.1';
  const received: ReceivedReport[] = [];
  const keep = (report: ReceivedReport) => {
    received.push(report);
    options.onReport?.(report);
  };
  const mllp = new Hl7Server((connection) => {
    connection.addEventListener('message', (event) => {
      const hl7 = event.message;
      keep({
        transport: 'mllp',
        kind: hl7.getSegment('MSH')?.getField(9)?.toString() ?? '',
        mrn: hl7.getSegment('PID')?.getComponent(3, 1) ?? '',
        raw: hl7.toString(),
      });
      connection.send(hl7.buildAck({ ackCode: 'AA' }));
    });
  });
  await mllp.start(options.mllpPort);
  const fhir = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => {
      try {
        keep(reportOfBundle(body));
        response
          .writeHead(200, { 'content-type': 'application/fhir+json' })
          .end('{"resourceType":"Bundle","type":"transaction-response"}');
      } catch {
        response.writeHead(400, { 'content-type': 'text/plain' }).end('Not a FHIR Bundle');
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    fhir.once('error', reject);
    fhir.listen(options.fhirPort, host, resolve);
  });
  return {
    mllpPort: ((mllp.server as net.Server).address() as AddressInfo).port,
    fhirPort: (fhir.address() as AddressInfo).port,
    received,
    async stop() {
      await mllp.stop({ forceDrainTimeoutMs: 0 });
      fhir.closeAllConnections();
      await new Promise<void>((resolve) => fhir.close(() => resolve()));
    },
  };
}
