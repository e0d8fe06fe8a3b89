import { Hl7Message } from '@medplum/core';
import { Hl7Client } from '@medplum/hl7';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_PATHS } from '../../contract/paths';
import { callApi, type DemoUsername, demoTokens } from './support/apiClient';
import { caseCalls } from './support/caseCalls';
import { countQueries } from './support/countQueries';
import { describeEachDatabase, startTestServer, type TestServer } from './support/testServer';

/**
 * How many statements an inbound HL7 message costs (issue 32): the feed's bulk, an admission or update of
 * a patient with no open case, is one statement, sender and repeat checks, index and log together.
 */
describeEachDatabase('Inbound HL7 statements per message', (kind) => {
  let server: TestServer;
  let tokens: Record<DemoUsername, string>;
  let client: Hl7Client;
  let clientId: number;

  const call = (method: string, path: string, as: DemoUsername = 'admin', body?: unknown) =>
    callApi(server, method, path, { token: tokens[as], body });
  const cases = caseCalls(call);
  const message = (type: string, controlId: string, segments: string[], facility = 'NORTH') =>
    Hl7Message.parse(
      [
        `MSH|^~\\&|CERNER|${facility}|VIGIL|VIGIL|20260301080000||${type}|${controlId}|P|2.5.1`,
        ...segments,
      ].join('\r'),
    );
  const pid = (mrn: string, last: string, first = 'Ada') =>
    `PID|1||${mrn}^^^NORTH^MR||${last}^${first}||19750304|F`;
  /** The ACK code and the statements the message cost (the pruning of the change feed aside). */
  const send = async (hl7: Hl7Message) => {
    let code: string | undefined;
    const statements = await countQueries(server.database.pool, async () => {
      const ack = await client.sendAndWait(hl7, { timeoutMs: 30_000 });
      code = ack.getSegment('MSA')?.getField(1)?.toString();
    });
    return { code, statements: statements.filter((text) => !/change_events/.test(text)) };
  };
  const indexed = async (mrn: string) =>
    (await call('GET', `${API_PATHS.clientPatients(clientId)}?q=${mrn}`, 'tech1')).body.data as {
      lastName: string;
    }[];
  const accepted = async (controlId: string) => {
    const rows = (
      await call('GET', `${API_PATHS.interfaceMessages}?direction=in&status=accepted&perPage=100`)
    ).body.data as { controlId: string }[];
    return rows.filter((row) => row.controlId === controlId).length;
  };

  beforeAll(async () => {
    // The sender held off: only the message's own statements go through the pool.
    server = await startTestServer(kind, { HL7_MLLP_PORT: '0', INTERFACE_SEND_INTERVAL_MS: '600000' });
    tokens = await demoTokens();
    clientId = await cases.newClient('North Hospital', 'NTH');
    const saved = await call('PUT', API_PATHS.clientInterface(clientId), 'admin', {
      version: 0,
      inboundEnabled: true,
      sendingApplication: 'CERNER',
      sendingFacility: 'NORTH',
    });
    expect(saved.status).toBe(200);
    client = new Hl7Client({ host: '127.0.0.1', port: server.mllpPort ?? 0 });
  });
  afterAll(async () => {
    await client?.close();
    await server?.close();
  });

  it('applies an admission in one statement, and answers its repeat in one statement, applied once', async () => {
    const admit = message('ADT^A01', 'Q-A01', [pid('Q100', 'Quill'), 'PV1|1|I|ICU^4^1||||||||||||||||VQ100']);
    expect(await send(admit)).toEqual({ code: 'AA', statements: [expect.stringMatching(/^\s*WITH/)] });
    expect(await indexed('Q100')).toEqual([expect.objectContaining({ lastName: 'Quill' })]);

    const update = message('ADT^A08', 'Q-A08', [pid('Q100', 'Quill-Moss')]);
    expect((await send(update)).statements).toHaveLength(1);
    const again = message('ADT^A08', 'Q-A08', [pid('Q100', 'Someone Else')]);
    expect(await send(again)).toMatchObject({ code: 'AA', statements: [expect.any(String)] });
    expect(await indexed('Q100')).toEqual([expect.objectContaining({ lastName: 'Quill-Moss' })]);
    expect(await accepted('Q-A08')).toBe(1);
  });

  it('refuses an unknown sender in two statements, the lookup and the log', async () => {
    const stranger = message('ADT^A01', 'Q-X', [pid('Q900', 'Stranger')], 'SOUTH');
    const { code, statements } = await send(stranger);
    expect(code).toBe('AR');
    expect(statements).toHaveLength(2);
    expect(await indexed('Q900')).toEqual([]);
  });

  it('takes an update of a patient with an open case in one transaction that revises the case', async () => {
    const { id: caseId } = await cases.intake(clientId, {
      studyType: 'routine',
      monitoringLevel: 'unmonitored',
      patient: { mrn: 'Q100', firstName: 'Ada', lastName: 'Quill-Moss', dateOfBirth: '1975-03-04' },
    });
    const { code, statements } = await send(message('ADT^A08', 'Q-A08-2', [pid('Q100', 'Quill-Stone')]));
    expect(code).toBe('AA');
    // The one-statement try finds the open case and writes nothing; the transaction then applies it all.
    expect(statements[0]).toMatch(/^\s*WITH/);
    expect(statements[1]).toMatch(/^begin/i);
    // On PostgreSQL the transaction's id is read inside the COMMIT's own call (pool.ts
    // `knowingCommitOutcomes`), so a count taken around the client may list it just after the COMMIT.
    const idLookups = statements.filter((text) => text.includes('pg_current_xact_id_if_assigned'));
    expect(idLookups).toHaveLength(kind === 'postgres' ? 1 : 0);
    expect(statements.filter((text) => !idLookups.includes(text)).at(-1)).toMatch(/^commit/i);
    expect(statements.length).toBeLessThanOrEqual(MAX_WITH_OPEN_CASE);
    const revisions = (await call('GET', API_PATHS.patientDetailsRevisions(caseId), 'tech1')).body.data as {
      lastName: string;
      author: string;
    }[];
    expect(revisions[0]).toMatchObject({ lastName: 'Quill-Stone', author: `interface:${clientId}` });
    expect(await indexed('Q100')).toEqual([expect.objectContaining({ lastName: 'Quill-Stone' })]);
  });

  it(`takes an EEG order as a case in at most ${MAX_ORDER} statements`, async () => {
    const order = message('ORM^O01', 'Q-ORM', [
      pid('Q200', 'Order'),
      'PV1|1|I|ICU^5^1||||||||||||||||VQ200',
      'ORC|NW|PON-Q1',
      'OBR|1|PON-Q1||EEG-LTM^Continuous EEG',
    ]);
    const { code, statements } = await send(order);
    expect(code).toBe('AA');
    console.log(
      statements.length,
      statements.map((s) => s.slice(0, 60)),
    );
    expect(statements.length).toBeLessThanOrEqual(MAX_ORDER);
  });
});

/**
 * The try, then begin, the index, the open cases, the case's lock, revision, new details, audit, log, the
 * transaction's id (looked up if its COMMIT's answer is lost), commit.
 */
const MAX_WITH_OPEN_CASE = 13;
/**
 * The sender and repeat check, begin, the index, the order's case, the client, the case number, the
 * protocol (twice), the case, its patient, audit, log, the transaction's id, commit.
 */
const MAX_ORDER = 14;
