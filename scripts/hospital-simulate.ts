// `npm run hospital:simulate`: plays a client hospital against a running `npm start` (issue 32). It sends a
// morning of admissions, updates, a transfer, a discharge and EEG orders to Vigil's HL7 v2 listener over
// MLLP, printing each ACK, then listens for the signed reports on its own MLLP port and FHIR endpoint,
// printing and acknowledging each, until Ctrl-C.
//
//   npm run hospital:simulate -- [--vigil-host 127.0.0.1] [--vigil-port 2575] [--mllp-port 2576]
//     [--fhir-port 2577] [--app EPIC] [--facility GENERAL] [--listen-only]
// The same settings may come from the environment: VIGIL_MLLP_HOST, HL7_MLLP_PORT, HOSPITAL_MLLP_PORT,
// HOSPITAL_FHIR_PORT, HOSPITAL_APP, HOSPITAL_FACILITY.
import { parseArgs } from 'node:util';
import {
  ackOf,
  adt,
  type EegOrder,
  eegOrder,
  type HospitalPatient,
  type Sender,
  sendAll,
  startHospitalPeer,
} from './support/hospital';

const { values } = parseArgs({
  options: {
    'vigil-host': { type: 'string', default: process.env.VIGIL_MLLP_HOST ?? '127.0.0.1' },
    'vigil-port': { type: 'string', default: process.env.HL7_MLLP_PORT ?? '2575' },
    'mllp-port': { type: 'string', default: process.env.HOSPITAL_MLLP_PORT ?? '2576' },
    'fhir-port': { type: 'string', default: process.env.HOSPITAL_FHIR_PORT ?? '2577' },
    app: { type: 'string', default: process.env.HOSPITAL_APP ?? 'EPIC' },
    facility: { type: 'string', default: process.env.HOSPITAL_FACILITY ?? 'GENERAL' },
    'listen-only': { type: 'boolean', default: false },
  },
});

const sender: Sender = { application: values.app, facility: values.facility };
const vigil = { host: values['vigil-host'], port: Number(values['vigil-port']) };

// Fictitious patients: the MRNs carry today's date so each morning admits new ones.
const day = new Date().toISOString().slice(2, 10).replace(/-/g, '');
const patients: HospitalPatient[] = [
  ['Rivera', 'Anna', '19800214', 'F', 'ICU', '3'],
  ['Okafor', 'Daniel', '19571103', 'M', 'NICU', '12'],
  ['Lindqvist', 'Maja', '20010630', 'F', 'ED', '7'],
].map(([lastName, firstName, born, sex, unit, room], index) => ({
  mrn: `SIM${day}${index + 1}`,
  lastName,
  firstName,
  born,
  sex: sex as HospitalPatient['sex'],
  unit,
  room,
  visit: `V${day}${index + 1}`,
}));
const [anna, daniel, maja] = patients;
const house = { id: '1234', lastName: 'House', firstName: 'Greg', phone: '+1 555 0100' };
const order = (patient: HospitalPatient, fields: Partial<EegOrder>): EegOrder => ({
  placerOrderNumber: `PON-${patient.mrn}`,
  service: 'Continuous video EEG',
  reason: 'Altered mental status',
  priority: 'R',
  provider: house,
  ...fields,
});

const morning = [
  adt(sender, 'A01', anna),
  adt(sender, 'A04', daniel),
  adt(sender, 'A01', maja),
  adt(sender, 'A08', { ...anna, room: '4' }),
  eegOrder(sender, { ...anna, room: '4' }, order(anna, { priority: 'S', reason: 'Subclinical seizures?' })),
  adt(sender, 'A02', { ...daniel, unit: 'ICU', room: '9' }),
  eegOrder(sender, { ...daniel, unit: 'ICU', room: '9' }, order(daniel, { reason: 'Post-arrest prognosis' })),
  adt(sender, 'A03', maja),
];

const peer = await startHospitalPeer({
  mllpPort: Number(values['mllp-port']),
  fhirPort: Number(values['fhir-port']),
  onReport: (report) =>
    console.log(
      `\n<- report received over ${report.transport.toUpperCase()}: ${report.kind}, MRN ${report.mrn}, acknowledged\n${report.raw.replace(/\r/g, '\n')}`,
    ),
});

console.log(`The simulated hospital (MSH-3 ${sender.application}, MSH-4 ${sender.facility}).
Point the client's interface at it (Clients → the client → Interface, as an admin):
  Inbound:  on, sending application ${sender.application}, sending facility ${sender.facility}
  Outbound: HL7 over MLLP on, host 127.0.0.1, port ${peer.mllpPort}, TLS off
            and/or FHIR on, base URL http://127.0.0.1:${peer.fhirPort}/fhir (no token needed)
Vigil's listener: ${vigil.host}:${vigil.port} (HL7_MLLP_PORT of npm start).
`);

if (!values['listen-only']) {
  try {
    await sendAll(vigil, morning, (sent, ack) => {
      const { code, text } = ackOf(ack);
      const msh = sent.getSegment('MSH');
      console.log(`-> ${msh?.getField(9)?.toString()} ${msh?.getField(10)?.toString()}: ${code} ${text}`);
    });
    console.log(
      '\nThe morning is sent. An AR means the interface is not set for this sender yet: set it and run again.',
    );
  } catch (error) {
    console.error(
      `Could not talk to Vigil at ${vigil.host}:${vigil.port} (${(error as Error).message}); is npm start running?`,
    );
  }
}
console.log('Waiting for reports (sign one in Vigil); Ctrl-C to stop.');

process.once('SIGINT', () => {
  void peer.stop().then(() => process.exit(0));
});
