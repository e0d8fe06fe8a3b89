import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { Hl7Message } from '@medplum/core';
import type { Bundle, Resource } from '@medplum/fhirtypes';
import { Hl7Client, Hl7Server } from '@medplum/hl7';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../contract/paths';
import { fhirProblems } from '../../server/interfaces/reports';
import { type ApiReply, callApi, type DemoUsername, demoTokens } from './support/apiClient';
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
  INTERFACE_SEND_INTERVAL_MS: '20',
  INTERFACE_RETRY_BASE_MS: '10',
  INTERFACE_MAX_ATTEMPTS: '3',
  INTERFACE_SEND_TIMEOUT_MS: '5000',
};

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

  beforeAll(async () => {
    server = await startTestServer(kind, SENDER_ENV);
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
      presentedForm: [expect.objectContaining({ contentType: 'text/plain' })],
    });

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

    await peer.start(peerPort);
    const resent = await call('POST', API_PATHS.interfaceMessageResend(failed.id));
    expect(resent.status).toBe(200);
    await expect.poll(async () => peerMessages.length, { timeout: 30_000 }).toBe(2);
    expect((await messages('&direction=out&status=failed')).length).toBe(0);
    expect(peerMessages.at(-1)?.getSegment('OBR')?.getField(25)?.toString()).toBe('C');
    expect((await call('POST', API_PATHS.interfaceMessageResend(failed.id), 'tech1')).status).toBe(403);
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
      const saved = await call(first, 'PUT', API_PATHS.clientInterface(clientId), 'admin', {
        version: 0,
        mllpEnabled: true,
        mllpHost: '127.0.0.1',
        mllpPort: peer.port,
        reportKinds: ['final'],
      });
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
