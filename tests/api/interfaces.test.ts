import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import tls from 'node:tls';
import { Hl7Message } from '@medplum/core';
import type { Bundle, Resource } from '@medplum/fhirtypes';
import { Hl7Client, Hl7Connection, Hl7Server } from '@medplum/hl7';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../contract/paths';
import { fhirProblems } from '../../server/interfaces/reports';
import { serverLogger } from '../../server/logging';
import { type ApiReply, callApi, type DemoUsername, demoTokens } from './support/apiClient';
import { finalsOverMllp } from './support/interfaceSettings';
import {
  DATABASES,
  describeEachDatabase,
  startSecondInstance,
  startTestServer,
  type TestServer,
} from './support/testServer';

type Json = Record<string, unknown>;
type Message = {
  id: number;
  direction: string;
  messageType: string;
  status: string;
  ackCode: string | null;
  error: string | null;
  attempts: number;
  rawText?: string;
  caseId: number | null;
};

const SECRET = 'fhir-token-that-must-never-be-read-back-0123456789';

/** An HL7 v2 message from the test hospital (MSH-3 EPIC, MSH-4 `facility`). */
function hl7(type: string, controlId: string, segments: string[], facility = 'GENERAL'): Hl7Message {
  const msh = `MSH|^~\\&|EPIC|${facility}|VIGIL|VIGIL|20260301080000||${type}|${controlId}|P|2.5.1`;
  return Hl7Message.parse([msh, ...segments].join('\r'));
}
const pid = (mrn: string, last: string, first: string, born = '19800214', sex = 'F') =>
  `PID|1||${mrn}^^^GENERAL^MR||${last}^${first}||${born}|${sex}`;
const pv1 = (unit: string, room: string, visit: string, extra = '') =>
  `PV1|1|I|${unit}^${room}^1||||||||||||||||${visit}${extra}`;
const ackCode = (ack: Hl7Message) => ack.getSegment('MSA')?.getField(1)?.toString();
const ackText = (ack: Hl7Message) => ack.getSegment('MSA')?.getField(3)?.toString() ?? '';

/** The text of a base64 PDF, as poppler's pdftotext reads it (a PDF that does not parse throws). */
function pdfText(base64: string): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'report-pdf-')), 'report.pdf');
  fs.writeFileSync(file, Buffer.from(base64, 'base64'));
  try {
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

/** The PDF an ORU carries in its OBX of type ED (`app^AP^PDF^Base64^data`). */
function oruPdf(oru: Hl7Message): string {
  const ed = oru.getAllSegments('OBX').find((obx) => obx.getField(2)?.toString() === 'ED');
  expect(ed?.getComponent(5, 3)).toBe('PDF');
  expect(ed?.getComponent(5, 4)).toBe('Base64');
  return ed?.getComponent(5, 5) ?? '';
}

/** Whether the server closes a raw connection after it is sent these bytes. */
function closedAfter(port: number, bytes: Buffer): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(bytes));
    socket.on('data', () => resolve(false));
    socket.on('close', () => resolve(true));
    socket.on('error', () => undefined);
  });
}

const SENDER_ENV = {
  HL7_MLLP_PORT: '0',
  // No polling in these tests: a queued message wakes the sender, a retry's time is waited for.
  INTERFACE_SEND_INTERVAL_MS: '600000',
  INTERFACE_RETRY_BASE_MS: '10',
  INTERFACE_MAX_ATTEMPTS: '3',
  INTERFACE_SEND_TIMEOUT_MS: '5000',
  METRICS_TOKEN: 'metrics-token-for-the-interface-tests',
};

/** The outbox gauge of /metrics, by status. */
async function outboxGauge(server: TestServer) {
  const response = await fetch(`${server.baseUrl}/metrics`, {
    headers: { authorization: `Bearer ${SENDER_ENV.METRICS_TOKEN}` },
  });
  const text = await response.text();
  const read = (status: string) =>
    Number(new RegExp(`vigil_interface_outbox_messages\\{status="${status}"\\} (\\d+)`).exec(text)?.[1]);
  return { pending: read('pending'), failed: read('failed') };
}

/** A hospital's MLLP endpoint that acknowledges AA and keeps what it received. */
async function startPeer() {
  const received: Hl7Message[] = [];
  const peer = new Hl7Server((connection) => {
    connection.addEventListener('message', (event) => {
      received.push(event.message);
      connection.send(event.message.buildAck({ ackCode: 'AA' }));
    });
  });
  await peer.start(0);
  const port = ((peer.server as net.Server).address() as AddressInfo).port;
  return { peer, port, received };
}

/** A self-signed certificate for 127.0.0.1 and localhost, made by the openssl CLI in a fresh folder. */
function selfSigned(): { key: string; cert: string; certFile: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mllp-tls-'));
  const [keyFile, certFile] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=hospital.test',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { stdio: 'ignore' },
  );
  return { key: fs.readFileSync(keyFile, 'utf8'), cert: fs.readFileSync(certFile, 'utf8'), certFile };
}

/** A hospital's MLLP endpoint over TLS (the library's connection on a TLS socket), acknowledging AA. */
async function startTlsPeer(identity: { key: string; cert: string }) {
  const received: Hl7Message[] = [];
  const server = tls.createServer(identity, (socket) => {
    const connection = new Hl7Connection(socket);
    connection.addEventListener('message', (event) => {
      received.push(event.message);
      connection.send(event.message.buildAck({ ackCode: 'AA' }));
    });
    connection.addEventListener('error', () => socket.destroy());
  });
  server.on('tlsClientError', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, received };
}

describeEachDatabase('Hospital interfaces', (kind) => {
  let server: TestServer;
  let tokens: Record<DemoUsername, string>;
  let client: Hl7Client;
  let clientId: number;
  let peerMessages: Hl7Message[] = [];
  let peer: Hl7Server;
  let peerPort: number;
  const fhirBodies: { authorization?: string; bundle: Bundle }[] = [];
  let fhirServer: http.Server;
  let fhirPort: number;

  const call = async (
    method: string,
    path: string,
    as: DemoUsername = 'admin',
    body?: unknown,
  ): Promise<ApiReply> => callApi(server, method, path, { token: tokens[as], body });
  const send = (message: Hl7Message) => client.sendAndWait(message, { timeoutMs: 30_000 });
  const messages = async (query = '') =>
    (await call('GET', `${API_PATHS.interfaceMessages}?perPage=100&withRawText=true${query}`)).body
      .data as Message[];
  const settings = async (body: Json) => {
    const current = (await call('GET', API_PATHS.clientInterface(clientId))).body.data as { version: number };
    return call('PUT', API_PATHS.clientInterface(clientId), 'admin', { version: current.version, ...body });
  };
  const inbound = { inboundEnabled: true, sendingApplication: 'EPIC', sendingFacility: 'GENERAL' };

  const trusted = selfSigned();
  const logLines: string[] = [];

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    server = await startTestServer(
      kind,
      { ...SENDER_ENV, INTERFACE_TLS_CA_FILE: trusted.certFile },
      { logger: serverLogger('info', sink) },
    );
    tokens = await demoTokens();
    const created = await call('POST', API_PATHS.clients, 'admin', {
      name: 'General Hospital',
      code: 'GEN',
      timeZone: 'UTC',
    });
    clientId = (created.body.data as { id: number }).id;
    client = new Hl7Client({ host: '127.0.0.1', port: server.mllpPort ?? 0 });
    ({ peer, port: peerPort, received: peerMessages } = await startPeer());
    fhirServer = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        fhirBodies.push({ authorization: request.headers.authorization, bundle: JSON.parse(body) });
        response
          .writeHead(200, { 'content-type': 'application/fhir+json' })
          .end('{"resourceType":"Bundle","type":"transaction-response"}');
      });
    });
    await new Promise<void>((resolve) => fhirServer.listen(0, '127.0.0.1', resolve));
    fhirPort = (fhirServer.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await client?.close();
    await peer?.stop({ forceDrainTimeoutMs: 0 });
    fhirServer?.close();
    await server?.close();
  });

  it('keeps the settings per client, with version, admins only, and never answers a secret', async () => {
    const first = await call('GET', API_PATHS.clientInterface(clientId));
    expect(first.body.data).toMatchObject({ version: 0, inboundEnabled: false, hasFhirBearerToken: false });
    expect((await call('GET', API_PATHS.clientInterface(clientId), 'tech1')).status).toBe(403);
    const invalid = await call('PUT', API_PATHS.clientInterface(clientId), 'admin', {
      version: 0,
      inboundEnabled: true,
      mllpEnabled: true,
      fhirBaseUrl: 'ftp://x',
    });
    expect(invalid.status).toBe(400);
    expect((invalid.body.fields ?? []).map((f) => f.field).sort()).toEqual([
      'fhirBaseUrl',
      'mllpHost',
      'mllpPort',
      'sendingApplication',
    ]);
    const saved = await call('PUT', API_PATHS.clientInterface(clientId), 'admin', {
      version: 0,
      ...inbound,
      fhirEnabled: true,
      fhirBaseUrl: `http://127.0.0.1:${fhirPort}/fhir`,
      fhirBearerToken: SECRET,
      reportKinds: ['final', 'addendum'],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      version: 1,
      hasFhirBearerToken: true,
      hasFhirClientSecret: false,
    });
    expect(JSON.stringify(saved.body)).not.toContain(SECRET);
    const stale = await call('PUT', API_PATHS.clientInterface(clientId), 'admin', { version: 0, ...inbound });
    expect(stale.status).toBe(409);
    const stored = await server.database.db.execute('select fhir_bearer_token_sealed from client_interfaces');
    expect(JSON.stringify(stored)).not.toContain(SECRET);
    const audited = await server.database.db.execute('select details from audit_log');
    expect(JSON.stringify(audited)).not.toContain(SECRET);
    // Left out on a later save, the secret is kept.
    const kept = await settings({
      ...inbound,
      fhirEnabled: true,
      fhirBaseUrl: `http://127.0.0.1:${fhirPort}/fhir`,
      reportKinds: ['final', 'addendum'],
    });
    expect(kept.body.data).toMatchObject({ version: 2, hasFhirBearerToken: true });
  });

  it('keeps the patient index from admissions, each acknowledged AA', async () => {
    const admit = await send(
      hl7('ADT^A01^ADT_A01', 'A01-1', [
        pid('MRN100', 'Rivera', 'Ana'),
        pv1('NICU', '12', 'V900', '|||||||||||||||||||||||||20260301074500'),
      ]),
    );
    expect(ackCode(admit)).toBe('AA');
    const found = await call('GET', `${API_PATHS.clientPatients(clientId)}?q=riv`, 'tech1');
    expect(found.body.data).toEqual([
      expect.objectContaining({
        mrn: 'MRN100',
        lastName: 'Rivera',
        firstName: 'Ana',
        dateOfBirth: '1980-02-14',
        unit: 'NICU',
        room: '12-1',
        visitNumber: 'V900',
      }),
    ]);
    expect(
      ackCode(
        await send(hl7('ADT^A08', 'A08-1', [pid('MRN100', 'Rivera', 'Anna'), pv1('NICU', '12', 'V900')])),
      ),
    ).toBe('AA');
    expect(
      ackCode(
        await send(hl7('ADT^A02', 'A02-1', [pid('MRN100', 'Rivera', 'Anna'), pv1('ICU', '3', 'V900')])),
      ),
    ).toBe('AA');
    expect(ackCode(await send(hl7('ADT^A04', 'A04-1', [pid('MRN200', 'Old', 'Record')])))).toBe('AA');
    expect(ackCode(await send(hl7('ADT^A40', 'A40-1', [pid('MRN201', 'Old', 'Record'), 'MRG|MRN200'])))).toBe(
      'AA',
    );
    const byMrn = await call('GET', `${API_PATHS.clientPatients(clientId)}?q=MRN`, 'tech1');
    expect((byMrn.body.data as { mrn: string }[]).map((p) => p.mrn).sort()).toEqual(['MRN100', 'MRN201']);
    expect(byMrn.body.data).toContainEqual(
      expect.objectContaining({ mrn: 'MRN100', firstName: 'Anna', unit: 'ICU' }),
    );
    expect((await call('GET', API_PATHS.clientPatients(clientId), 'billing1')).status).toBe(403);
  });

  it('takes an EEG order as an intake case, and later updates reach it as revisions by the interface', async () => {
    const order = hl7('ORM^O01', 'ORM-1', [
      pid('MRN100', 'Rivera', 'Anna'),
      pv1('ICU', '3', 'V900'),
      'ORC|NW|PON-77||||||^^^^^S|||||1234^House^Greg|||||||',
      'OBR|1|PON-77||EEG-LTM^Continuous video EEG||20260301081500||||||||||1234^House^Greg|+1 555 0100||||||||||^^^^^S||||^Altered mental status',
    ]);
    const ack = await send(order);
    expect(ackCode(ack)).toBe('AA');
    expect(ackText(ack)).toMatch(/^Order PON-77 taken as case GEN-\d{4}-0001$/);
    const intake = await call('GET', `/continuous-monitoring/cases/intake`, 'tech1');
    const row = (intake.body.data as { id: number }[])[0];
    const patient = await call('GET', API_PATHS.patientDetails(row.id), 'admin');
    expect(patient.body.data).toMatchObject({
      mrn: 'MRN100',
      lastName: 'Rivera',
      firstName: 'Anna',
      unit: 'ICU',
      orderingPhysician: 'Greg House',
      indication: 'Altered mental status',
    });
    const details = await call('GET', API_PATHS.caseDetails(row.id), 'tech1');
    expect(details.body.data).toMatchObject({
      studyType: 'long-term',
      hasVideo: true,
      createdBy: `interface:${clientId}`,
      order: {
        placerOrderNumber: 'PON-77',
        orderingPhysician: { name: 'Greg House', phone: '+1 555 0100' },
        priority: 'stat',
        indication: 'Altered mental status',
        orderedAt: '2026-03-01T08:15:00.000Z',
      },
    });

    // Minimum necessary: billing reads the order's numbers, not its indication nor the patient's.
    const forBilling = (await call('GET', API_PATHS.caseDetails(row.id), 'billing1')).body.data as {
      order: Json;
      patient: Json;
    };
    expect(forBilling.order).toMatchObject({ placerOrderNumber: 'PON-77', indication: '' });
    expect(forBilling.patient).toMatchObject({ mrn: 'MRN100', indication: '' });
    expect(JSON.stringify(forBilling)).not.toContain('Altered mental status');

    // The same order again (new control id) updates the case rather than making a second one.
    expect(
      ackText(
        await send(
          hl7(
            'ORM^O01',
            'ORM-2',
            order.segments.slice(1).map((s) => s.toString()),
          ),
        ),
      ),
    ).toMatch(/updated on case/);
    expect((await call('GET', `/continuous-monitoring/cases/intake`, 'tech1')).body.total).toBe(1);

    expect(
      ackCode(
        await send(hl7('ADT^A08', 'A08-2', [pid('MRN100', 'Rivera-Diaz', 'Anna'), pv1('ICU', '4', 'V900')])),
      ),
    ).toBe('AA');
    const history = await call('GET', API_PATHS.patientDetailsRevisions(row.id), 'tech1');
    const revisions = history.body.data as {
      lastName: string;
      room: string;
      author: string;
      current: boolean;
    }[];
    expect(revisions[0]).toMatchObject({
      lastName: 'Rivera-Diaz',
      room: '4-1',
      author: `interface:${clientId}`,
      current: true,
    });
    expect(revisions.at(-1)).toMatchObject({ lastName: 'Rivera' });

    // A discharge is acknowledged and kept in the index.
    expect(ackCode(await send(hl7('ADT^A03', 'A03-1', [pid('MRN100', 'Rivera-Diaz', 'Anna')])))).toBe('AA');
    const discharged = await call('GET', `${API_PATHS.clientPatients(clientId)}?q=MRN100`, 'tech1');
    expect((discharged.body.data as { dischargedAt: string | null }[])[0].dischargedAt).not.toBeNull();
  });

  it('refuses a patient typed by hand whose MRN the hospital knows as someone else (409 naming both)', async () => {
    const reply = await call('POST', API_PATHS.cases, 'tech1', {
      clientId,
      studyType: 'routine',
      monitoringLevel: 'unmonitored',
      patient: { mrn: 'MRN201', firstName: 'Someone', lastName: 'Else', dateOfBirth: '1990-01-01' },
    });
    expect(reply.status).toBe(409);
    expect(reply.body.error).toContain('Old, Record (born 1980-02-14)');
    expect(reply.body.error).toContain('Else, Someone (born 1990-01-01)');
  });

  it('answers a repeat once applied, a wrong sender AR, bad messages AE/AR, and closes on bytes that are not HL7', async () => {
    const before = (await messages('&direction=in&status=accepted')).length;
    const repeat = hl7('ADT^A08', 'A08-1', [pid('MRN100', 'Changed', 'Name')]);
    expect(ackCode(await send(repeat))).toBe('AA');
    expect((await messages('&direction=in&status=accepted')).length).toBe(before);
    const stillNamed = await call('GET', `${API_PATHS.clientPatients(clientId)}?q=MRN100`, 'tech1');
    expect((stillNamed.body.data as { lastName: string }[])[0].lastName).toBe('Rivera-Diaz');

    const stranger = await send(hl7('ADT^A01', 'X-1', [pid('MRN999', 'Nobody', 'Known')], 'ELSEWHERE'));
    expect(ackCode(stranger)).toBe('AR');
    expect(ackText(stranger)).toContain('Unknown sender EPIC at ELSEWHERE');
    expect(stranger.getSegment('ERR')).toBeDefined();

    const noMrn = await send(hl7('ADT^A01', 'BAD-1', ['PID|1||||Nobody^Known']));
    expect(ackCode(noMrn)).toBe('AE');
    expect(ackText(noMrn)).toContain('PID-3');
    expect(ackCode(await send(hl7('SIU^S12', 'BAD-2', [pid('MRN1', 'A', 'B')])))).toBe('AR');
    const notEeg = await send(
      hl7('ORM^O01', 'BAD-3', [
        pid('MRN100', 'Rivera-Diaz', 'Anna'),
        'ORC|NW|PON-78',
        'OBR|1|PON-78||MRI^MRI brain',
      ]),
    );
    expect(ackCode(notEeg)).toBe('AR');
    const unknown = await call('GET', `${API_PATHS.clientPatients(clientId)}?q=MRN999`, 'tech1');
    expect(unknown.body.data).toEqual([]);
    expect((await messages('&status=refused')).map((m) => m.messageType)).toEqual(
      expect.arrayContaining(['ADT^A01', 'SIU^S12', 'ORM^O01']),
    );

    const port = server.mllpPort ?? 0;
    expect(
      await closedAfter(port, Buffer.from([0x0b, ...Buffer.from('garbage \x00\xff not hl7'), 0x1c, 0x0d])),
    ).toBe(true);
    const huge = Buffer.concat([
      Buffer.from([0x0b]),
      Buffer.from(
        `MSH|^~\\&|EPIC|GENERAL|VIGIL|VIGIL|||ADT^A08|BIG-1|P|2.5.1\r${pid('MRN100', 'x'.repeat(1_000_000), 'Big')}`,
      ),
      Buffer.from([0x1c, 0x0d]),
    ]);
    expect(await closedAfter(port, huge)).toBe(true);
    expect((await messages()).some((m) => m.rawText?.includes('BIG-1'))).toBe(false);
    // Reading the raw text is a read of patient data: audited, with the messages read.
    const rawReads = (await server.database.db.execute(
      "select actor, details from audit_log where resource = 'interfaces.messages' and action = 'read'",
    )) as unknown as { rows: { actor: string; details: { messageIds: number[] } }[] };
    expect(rawReads.rows.length).toBeGreaterThan(0);
    expect(rawReads.rows.every((row) => row.actor === 'admin' && row.details.messageIds.length > 0)).toBe(
      true,
    );
    const withoutText = await call('GET', `${API_PATHS.interfaceMessages}?perPage=5`);
    expect((withoutText.body.data as Message[]).map((m) => m.rawText)).toEqual(Array(5).fill(undefined));
    // One message, as its page opens it: with its raw text, and that read audited with its id.
    const [first] = withoutText.body.data as Message[];
    const one = await call('GET', API_PATHS.interfaceMessage(first.id));
    expect(one.status).toBe(200);
    expect((one.body.data as Message).rawText).toMatch(/^MSH\|/);
    const oneRead = (await server.database.db.execute(
      `select details from audit_log where resource = 'interfaces.messages' and resource_id = '${first.id}' and action = 'read'`,
    )) as unknown as { rows: { details: { messageIds: number[] } }[] };
    expect(oneRead.rows.map((row) => row.details.messageIds)).toContainEqual([first.id]);
    expect((await call('GET', API_PATHS.interfaceMessage(999_999))).status).toBe(404);
    // Still serving.
    expect(ackCode(await send(hl7('ADT^A08', 'AFTER-1', [pid('MRN100', 'Rivera-Diaz', 'Anna')])))).toBe('AA');
  });

  it('sends a signed final over MLLP and FHIR, an addendum as corrected/amended, retries a down peer then fails, and resends', async () => {
    await settings({
      ...inbound,
      mllpEnabled: true,
      mllpHost: '127.0.0.1',
      mllpPort: peerPort,
      fhirEnabled: true,
      fhirBaseUrl: `http://127.0.0.1:${fhirPort}/fhir`,
      reportKinds: ['final', 'addendum'],
    });
    const caseId = (
      (await call('GET', '/continuous-monitoring/cases/intake', 'tech1')).body.data as { id: number }[]
    )[0].id;
    const records = API_PATHS.caseRecords(caseId, 'interpretations');
    const final = await call('POST', records, 'reader1', {
      kind: 'final',
      impression: 'Normal | awake ^ drowsy',
      seizuresInPeriod: false,
      status: 'signed',
    });
    expect(final.status, JSON.stringify(final.body)).toBe(201);
    await expect
      .poll(async () => (await messages('&direction=out')).map((m) => m.status).sort(), { timeout: 30_000 })
      .toEqual(['sent', 'sent']);
    expect(peerMessages).toHaveLength(1);
    const oru = peerMessages[0];
    expect(oru.getSegment('MSH')?.getField(9)?.toString()).toBe('ORU^R01^ORU_R01');
    expect(oru.getSegment('OBR')?.getField(25)?.toString()).toBe('F');
    expect(oru.getSegment('PID')?.getComponent(3, 1)).toBe('MRN100');
    expect(oru.toString()).toContain('Impression: Normal \\F\\ awake \\S\\ drowsy');
    expect(fhirBodies).toHaveLength(1);
    expect(fhirBodies[0].authorization).toBe(`Bearer ${SECRET}`);
    const resources = (fhirBodies[0].bundle.entry ?? []).map((entry) => entry.resource as Resource);
    expect(resources.map((r) => r.resourceType)).toEqual(['Patient', 'DiagnosticReport']);
    expect(resources.flatMap(fhirProblems)).toEqual([]);
    expect(resources[1]).toMatchObject({
      status: 'final',
      presentedForm: [expect.objectContaining({ contentType: 'application/pdf' })],
    });
    // Both carry the signed report's PDF, which parses and says the impression, case and patient.
    const fhirPdf = (resources[1] as { presentedForm: { data: string }[] }).presentedForm[0].data;
    for (const text of [pdfText(oruPdf(oru)), pdfText(fhirPdf)]) {
      expect(text).toContain('Final EEG report');
      expect(text).toContain('Normal | awake ^ drowsy');
      expect(text).toMatch(/GEN-\d{4}-0001/);
      expect(text).toContain('MRN100');
      expect(text).toContain('Electronically signed by: reader1');
    }

    const finalId = (final.body.data as { _id: number })._id;
    // The peer goes down: the addendum is tried, retried with backoff, then failed.
    await peer.stop({ forceDrainTimeoutMs: 0 });
    const addendum = await call('POST', records, 'reader1', {
      kind: 'addendum',
      amendsId: finalId,
      impression: 'Corrected',
      status: 'signed',
    });
    expect(addendum.status).toBe(201);
    await expect
      .poll(
        async () => (await messages('&direction=out&type=ORU')).find((m) => m.status === 'failed')?.attempts,
        { timeout: 30_000 },
      )
      .toBe(3);
    await expect.poll(async () => fhirBodies.length, { timeout: 30_000 }).toBe(2);
    expect(fhirBodies[1].bundle.entry?.at(1)?.resource).toMatchObject({ status: 'amended' });
    const failed = (await messages('&direction=out&status=failed'))[0];
    expect(failed.error).toContain('ECONNREFUSED');
    expect(await outboxGauge(server)).toEqual({ pending: 0, failed: 1 });

    await peer.start(peerPort);
    const resent = await call('POST', API_PATHS.interfaceMessageResend(failed.id));
    expect(resent.status).toBe(200);
    await expect.poll(async () => peerMessages.length, { timeout: 30_000 }).toBe(2);
    expect((await messages('&direction=out&status=failed')).length).toBe(0);
    expect(peerMessages.at(-1)?.getSegment('OBR')?.getField(25)?.toString()).toBe('C');
    expect(pdfText(oruPdf(peerMessages.at(-1) as Hl7Message))).toContain('Corrected');
    expect((await call('POST', API_PATHS.interfaceMessageResend(failed.id), 'tech1')).status).toBe(403);
  });

  it('sends over TLS to a peer whose certificate is trusted, and nothing to one whose certificate is not', async () => {
    const good = await startTlsPeer(trusted);
    const stranger = await startTlsPeer(selfSigned());
    try {
      const signFinal = async (mrn: string, impression: string) => {
        const intake = await call('POST', API_PATHS.cases, 'tech1', {
          clientId,
          studyType: 'routine',
          monitoringLevel: 'unmonitored',
          patient: { mrn, firstName: 'Tls', lastName: 'Patient' },
        });
        const caseId = (intake.body.data as { id: number }).id;
        const signed = await call('POST', API_PATHS.caseRecords(caseId, 'interpretations'), 'reader1', {
          kind: 'final',
          impression,
          seizuresInPeriod: false,
          status: 'signed',
        });
        expect(signed.status).toBe(201);
        return caseId;
      };
      const outOf = async (caseId: number) =>
        (await messages('&direction=out')).find((m) => m.caseId === caseId);
      const tlsOn = {
        ...inbound,
        mllpEnabled: true,
        mllpHost: '127.0.0.1',
        mllpTls: true,
        reportKinds: ['final'],
      };

      expect((await settings({ ...tlsOn, mllpPort: good.port })).status).toBe(200);
      const sentCase = await signFinal('TLS1', 'Sent encrypted');
      await expect.poll(async () => (await outOf(sentCase))?.status, { timeout: 30_000 }).toBe('sent');
      expect(good.received).toHaveLength(1);
      expect(good.received[0].toString()).toContain('Sent encrypted');

      expect((await settings({ ...tlsOn, mllpPort: stranger.port })).status).toBe(200);
      const refusedCase = await signFinal('TLS2', 'Never in clear');
      await expect.poll(async () => (await outOf(refusedCase))?.status, { timeout: 30_000 }).toBe('failed');
      expect((await outOf(refusedCase))?.error).toMatch(/TLS.*SELF_SIGNED/);
      expect(stranger.received).toHaveLength(0);
    } finally {
      good.server.close();
      stranger.server.close();
    }
  });

  it('cancels an order not yet recording (ORC-1 CA: intake → closed with the reason), not one in progress', async () => {
    const orderMessage = (control: 'NW' | 'CA', placer: string, controlId: string, mrn: string) =>
      hl7('ORM^O01', controlId, [
        pid(mrn, 'Cancel', 'Carla'),
        pv1('ICU', '7', `V-${placer}`),
        `ORC|${control}|${placer}`,
        `OBR|1|${placer}||EEG-LTM^Continuous EEG`,
      ]);
    const caseOf = async (placer: string) => {
      const ack = await send(orderMessage('NW', placer, `${placer}-NW`, `M-${placer}`));
      expect(ackCode(ack)).toBe('AA');
      const caseNumber = /case (\S+)$/.exec(ackText(ack))?.[1];
      const rows = (await call('GET', `/continuous-monitoring/cases/intake?q=${caseNumber}`, 'admin')).body
        .data as { id: number }[];
      return rows[0].id;
    };

    const waiting = await caseOf('PON-CA1');
    const cancelled = await send(orderMessage('CA', 'PON-CA1', 'PON-CA1-CA', 'M-PON-CA1'));
    expect(ackCode(cancelled)).toBe('AA');
    expect(ackText(cancelled)).toMatch(/^Order PON-CA1 cancelled: case GEN-\d{4}-\d{4} closed$/);
    const closed = (await call('GET', API_PATHS.caseDetails(waiting), 'admin')).body.data as {
      stage: string;
      transitions: { from: string; to: string; by: string; reason: string }[];
    };
    expect(closed.stage).toBe('closed');
    expect(closed.transitions.at(-1)).toMatchObject({
      from: 'intake',
      to: 'closed',
      by: `interface:${clientId}`,
      reason: 'Order PON-CA1 cancelled by the hospital (ORC-1 CA)',
    });
    // The same cancel again (a new control id) is acknowledged, and changes nothing.
    expect(ackText(await send(orderMessage('CA', 'PON-CA1', 'PON-CA1-CA2', 'M-PON-CA1')))).toContain(
      'already cancelled',
    );
    const log = (await messages('&direction=in&type=ORM')).filter((m) => m.caseId === waiting);
    expect(log.map((m) => m.status)).toEqual(['accepted', 'accepted', 'accepted']);

    const recording = await caseOf('PON-CA2');
    const loaded = (await call('GET', API_PATHS.caseDetails(recording), 'tech1')).body.data as {
      version: number;
    };
    const started = await call('PATCH', API_PATHS.case(recording), 'tech1', {
      version: loaded.version,
      recordingStart: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const refused = await send(orderMessage('CA', 'PON-CA2', 'PON-CA2-CA', 'M-PON-CA2'));
    expect(ackCode(refused)).toBe('AE');
    expect(ackText(refused)).toContain('Order PON-CA2 already in progress');
    expect(((await call('GET', API_PATHS.caseDetails(recording), 'tech1')).body.data as Json).stage).toBe(
      'intake',
    );
    const unknown = await send(orderMessage('CA', 'PON-NONE', 'PON-NONE-CA', 'M-PON-NONE'));
    expect(ackCode(unknown)).toBe('AE');
    expect(ackText(unknown)).toContain('not known');
  });

  it('keeps the FHIR secret out of every log line and out of a backup, where only its sealed form is', async () => {
    const created = await callApi(server, 'POST', API_PATHS.backups, {
      token: tokens.admin,
      headers: { 'content-type': 'application/json' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const link = await call('GET', API_PATHS.backup((created.body.data as { id: string }).id));
    const download = await fetch(`${server.baseUrl}${(link.body.data as { url: string }).url}`);
    expect(download.status).toBe(200);
    const dump = await download.text();
    const sealed = (await server.database.db.execute(
      'select fhir_bearer_token_sealed as sealed from client_interfaces where fhir_bearer_token_sealed is not null',
    )) as unknown as { rows: { sealed: string }[] };
    expect(sealed.rows.length).toBeGreaterThan(0);
    expect(dump).toContain(sealed.rows[0].sealed);
    expect(dump).not.toContain(SECRET);
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.filter((line) => line.includes(SECRET))).toEqual([]);
  });
});

describe.runIf(DATABASES.includes('postgres'))(
  'Outbound reports from two instances on one PostgreSQL',
  () => {
    let first: TestServer;
    let second: TestServer;
    let peer: Awaited<ReturnType<typeof startPeer>>;
    let tokens: Record<DemoUsername, string>;

    beforeAll(async () => {
      first = await startTestServer('postgres', SENDER_ENV);
      second = await startSecondInstance(SENDER_ENV);
      tokens = await demoTokens();
      peer = await startPeer();
    });
    afterAll(async () => {
      await peer?.peer.stop({ forceDrainTimeoutMs: 0 });
      await second?.close();
      await first?.close();
    });

    it('sends each signed report once, whichever instance takes it', async () => {
      const call = (server: TestServer, method: string, path: string, as: DemoUsername, body?: unknown) =>
        callApi(server, method, path, { token: tokens[as], body });
      const created = await call(first, 'POST', API_PATHS.clients, 'admin', {
        name: 'Twin Hospital',
        code: 'TWIN',
        timeZone: 'UTC',
      });
      const clientId = (created.body.data as { id: number }).id;
      const saved = await call(
        first,
        'PUT',
        API_PATHS.clientInterface(clientId),
        'admin',
        finalsOverMllp(peer.port),
      );
      expect(saved.status).toBe(200);
      const reports = 6;
      for (let n = 0; n < reports; n += 1) {
        const intake = await call(n % 2 ? second : first, 'POST', API_PATHS.cases, 'tech1', {
          clientId,
          studyType: 'routine',
          monitoringLevel: 'unmonitored',
          patient: { mrn: `TW${n}`, firstName: 'Twin', lastName: `Patient${n}` },
        });
        const caseId = (intake.body.data as { id: number }).id;
        const signed = await call(
          n % 2 ? first : second,
          'POST',
          API_PATHS.caseRecords(caseId, 'interpretations'),
          'reader1',
          {
            kind: 'final',
            impression: `Report ${n}`,
            seizuresInPeriod: false,
            status: 'signed',
          },
        );
        expect(signed.status).toBe(201);
      }
      const sentCount = async () => {
        const reply = await call(
          first,
          'GET',
          `${API_PATHS.interfaceMessages}?direction=out&status=sent`,
          'admin',
        );
        return reply.body.total;
      };
      await expect.poll(sentCount, { timeout: 30_000 }).toBe(reports);
      const controlIds = peer.received.map((message) => message.getSegment('MSH')?.getField(10)?.toString());
      expect(controlIds).toHaveLength(reports);
      expect(new Set(controlIds).size).toBe(reports);
    });
  },
);
