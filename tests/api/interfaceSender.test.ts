import type { AddressInfo, Server } from 'node:net';
import type { Hl7Message } from '@medplum/core';
import { Hl7Server } from '@medplum/hl7';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_PATHS } from '../../contract/paths';
import { enqueueSignedReport } from '../../server/interfaces/outbox';
import { callApi, type DemoUsername, demoTokens } from './support/apiClient';
import { caseCalls } from './support/caseCalls';
import { finalsOverMllp } from './support/interfaceSettings';
import { describeEachDatabase, startTestServer, type TestServer } from './support/testServer';

/** The control id of a message (MSH-10). */
const controlIdOf = (message: Hl7Message) => message.getSegment('MSH')?.getField(10)?.toString() ?? '';

/**
 * A hospital's MLLP endpoint that counts its connections and holds each acknowledgement until a second
 * message is in flight (or, alone, a moment later): reports sent side by side are acknowledged together,
 * and `mostInFlight` says how many it had at once.
 */
async function startCountingPeer() {
  const peer = {
    connections: 0,
    inFlight: 0,
    mostInFlight: 0,
    received: [] as string[],
    server: undefined as unknown as Hl7Server,
    port: 0,
  };
  const held: (() => void)[] = [];
  const releaseAll = () => {
    for (const release of held.splice(0)) release();
  };
  peer.server = new Hl7Server((connection) => {
    peer.connections += 1;
    connection.addEventListener('message', (event) => {
      peer.received.push(controlIdOf(event.message));
      peer.inFlight += 1;
      peer.mostInFlight = Math.max(peer.mostInFlight, peer.inFlight);
      held.push(() => {
        peer.inFlight -= 1;
        connection.send(event.message.buildAck({ ackCode: 'AA' }));
      });
      if (peer.inFlight >= 2) releaseAll();
      else setTimeout(releaseAll, 300);
    });
  });
  await peer.server.start(0);
  peer.port = ((peer.server.server as Server).address() as AddressInfo).port;
  return peer;
}

/** How the outbound sender uses a hospital's MLLP endpoint (issue 32). */
describeEachDatabase('Outbound HL7 sender', (kind) => {
  let server: TestServer;
  let tokens: Record<DemoUsername, string>;
  let peer: Awaited<ReturnType<typeof startCountingPeer>>;
  let clientId: number;

  const call = (method: string, path: string, as: DemoUsername = 'admin', body?: unknown) =>
    callApi(server, method, path, { token: tokens[as], body });
  const cases = caseCalls(call);
  const statuses = async () =>
    (
      (await call('GET', `${API_PATHS.interfaceMessages}?direction=out&perPage=100`)).body.data as {
        status: string;
      }[]
    ).map((message) => message.status);
  const newCase = async (mrn: string) =>
    cases.intake(clientId, {
      studyType: 'routine',
      monitoringLevel: 'unmonitored',
      patient: { mrn, firstName: 'Sent', lastName: 'Patient' },
    });
  const finalReport = (impression: string) => ({
    kind: 'final',
    signedAt: new Date().toISOString(),
    signedBy: 'reader1',
    impression,
  });

  beforeAll(async () => {
    server = await startTestServer(kind, { INTERFACE_SEND_INTERVAL_MS: '600000' });
    tokens = await demoTokens();
    peer = await startCountingPeer();
    clientId = await cases.newClient('Sender Hospital', 'SND');
    const saved = await call('PUT', API_PATHS.clientInterface(clientId), 'admin', finalsOverMllp(peer.port));
    expect(saved.status).toBe(200);
  });
  afterAll(async () => {
    await server?.close();
    await peer?.server.stop({ forceDrainTimeoutMs: 0 });
  });

  it('keeps its connection to the hospital open from one signed report to the next', async () => {
    for (const [n, mrn] of ['KEEP1', 'KEEP2'].entries()) {
      const { id } = await newCase(mrn);
      const signed = await call('POST', API_PATHS.caseRecords(id, 'interpretations'), 'reader1', {
        kind: 'final',
        impression: `Kept ${n}`,
        seizuresInPeriod: false,
        status: 'signed',
      });
      expect(signed.status).toBe(201);
      await expect.poll(statuses, { timeout: 30_000 }).toEqual(Array(n + 1).fill('sent'));
    }
    expect(peer.received).toHaveLength(2);
    expect(peer.connections).toBe(1);
  });

  it('sends the reports of different cases side by side, and those of one case in the order signed', async () => {
    const first = await newCase('SIDE1');
    const second = await newCase('SIDE2');
    const before = peer.received.length;
    // Queued in one transaction, as signings at one moment: the sender takes them together.
    await server.database.db.transaction(async (tx) => {
      await enqueueSignedReport(tx, first.id, 1, 1, finalReport('First, one'));
      await enqueueSignedReport(tx, first.id, 2, 1, finalReport('First, two'));
      await enqueueSignedReport(tx, second.id, 1, 1, finalReport('Second, one'));
    });
    await expect.poll(() => peer.received.length, { timeout: 30_000 }).toBe(before + 3);
    const sent = peer.received.slice(before);
    expect([...sent].sort()).toEqual(
      [`${first.caseNumber}-1-1`, `${first.caseNumber}-2-1`, `${second.caseNumber}-1-1`].sort(),
    );
    expect(sent.indexOf(`${first.caseNumber}-1-1`)).toBeLessThan(sent.indexOf(`${first.caseNumber}-2-1`));
    expect(peer.mostInFlight).toBe(2);
    await expect.poll(statuses, { timeout: 30_000 }).toEqual(Array(5).fill('sent'));
  });
});
