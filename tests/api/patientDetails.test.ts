import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Patient, PatientRevision } from '../../contract/cases';
import { API_PATHS } from '../../contract/paths';
import { callApi, type DemoUsername, demoTokens, fieldNames } from './support/apiClient';
import { caseCalls } from './support/caseCalls';
import { describeEachDatabase, startTestServer, type TestServer } from './support/testServer';

const ADA = {
  mrn: 'P-100',
  firstName: 'Ada',
  lastName: 'Quinlan',
  dateOfBirth: '1958-04-17',
  sex: 'F',
  unit: 'Neuro ICU',
  room: '12',
};

describeEachDatabase('Patient details API', (kind) => {
  let server: TestServer;
  let tokens: Record<DemoUsername, string>;
  let clientId: number;
  let otherClientId: number;

  const call = (method: string, path: string, as: DemoUsername = 'tech1', body?: unknown) =>
    callApi(server, method, path, { token: tokens[as], body });

  beforeAll(async () => {
    server = await startTestServer(kind);
    tokens = await demoTokens();
    const newClient = async (code: string) =>
      (
        (await call('POST', API_PATHS.clients, 'admin', { name: `${code} Hospital`, code, timeZone: 'UTC' }))
          .body.data as { id: number }
      ).id;
    clientId = await newClient(`PD${kind === 'pglite' ? 'L' : 'P'}`);
    otherClientId = await newClient(`PO${kind === 'pglite' ? 'L' : 'P'}`);
  });
  afterAll(async () => {
    await server?.close();
  });

  const { intake, move } = caseCalls(call);
  const detailsPath = (caseId: number) => API_PATHS.patientDetails(caseId);
  const put = (caseId: number, body: unknown, as: DemoUsername = 'tech1') =>
    call('PUT', detailsPath(caseId), as, body);

  it('saves details, keeps each replaced set as a revision, and answers the history newest first', async () => {
    const created = await intake(clientId, { studyType: 'icu', monitoringLevel: 'unmonitored' });
    expect((await call('GET', detailsPath(created.id))).body.data).toBeNull();

    const first = await put(created.id, ADA);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ ...ADA, version: 1 });

    const second = await put(created.id, { ...ADA, room: '14', version: 1 });
    expect(second.body.data).toMatchObject({ room: '14', version: 2 });
    const stale = await put(created.id, { ...ADA, room: '16', version: 1 }, 'admin');
    expect(stale.status).toBe(409);
    const third = await put(created.id, { ...ADA, room: '16', version: 2 }, 'admin');
    expect(third.status).toBe(200);

    const history = await call('GET', API_PATHS.patientDetailsRevisions(created.id), 'reader1');
    expect(history.status).toBe(200);
    expect(
      (history.body.data as PatientRevision[]).map(({ revision, room, author, current }) => ({
        revision,
        room,
        author,
        current,
      })),
    ).toEqual([
      { revision: 3, room: '16', author: 'admin', current: true },
      { revision: 2, room: '14', author: 'tech1', current: false },
      { revision: 1, room: '12', author: 'tech1', current: false },
    ]);
    const now = (await call('GET', detailsPath(created.id), 'billing1')).body.data as Patient;
    expect(now).toMatchObject({ room: '16', version: 3 });

    // The kept revisions are the append-only record: the database refuses to change or remove them.
    for (const statement of [
      sql`update case_record_revisions set body = '{}' where item_id in (select id from case_record_items where case_id = ${created.id})`,
      sql`delete from case_record_revisions where item_id in (select id from case_record_items where case_id = ${created.id})`,
    ]) {
      const refused = await server.database.db.execute(statement).catch((error: Error) => error.cause);
      expect(String(refused)).toContain('case_record_revisions is append-only');
    }
  });

  it('refuses bad details with every failing field, and an MRN of another patient of the same client', async () => {
    const created = await intake(clientId, { studyType: 'icu', monitoringLevel: 'unmonitored' });
    const bad = await put(created.id, { ...ADA, dateOfBirth: '2999-01-01', sex: 'Q' });
    expect(bad.status).toBe(400);
    expect(fieldNames(bad)).toEqual(['dateOfBirth', 'sex']);
    expect(bad.body.fields).toContainEqual({
      field: 'dateOfBirth',
      message: 'Date of birth cannot be in the future',
    });

    await intake(clientId, {
      studyType: 'icu',
      monitoringLevel: 'unmonitored',
      patient: { ...ADA, mrn: 'P-200' },
    });
    const taken = await put(created.id, { ...ADA, mrn: 'P-200', firstName: 'Bea' });
    expect(taken.status).toBe(400);
    expect(fieldNames(taken)).toEqual(['mrn']);
    expect(taken.body.fields?.[0].message).toMatch(
      /^MRN P-200 is already used for another patient of this client/,
    );
    // The same patient back for another study keeps their MRN; another hospital's MRNs are its own.
    expect((await put(created.id, { ...ADA, mrn: 'P-200' })).status).toBe(200);
    await intake(otherClientId, {
      studyType: 'icu',
      monitoringLevel: 'unmonitored',
      patient: { ...ADA, mrn: 'P-200', firstName: 'Cy' },
    });
    // Intake checks it too.
    const intakeTaken = await call('POST', API_PATHS.cases, 'tech1', {
      clientId,
      studyType: 'icu',
      hasVideo: false,
      monitoringLevel: 'unmonitored',
      patient: { ...ADA, mrn: 'P-200', lastName: 'Other' },
    });
    expect(intakeTaken.status).toBe(400);
    expect(fieldNames(intakeTaken)).toEqual(['mrn']);
  });

  it('follows the role table and refuses a closed case', async () => {
    const created = await intake(clientId, { studyType: 'icu', monitoringLevel: 'unmonitored' });
    for (const as of ['reader1', 'billing1'] as const) {
      expect((await put(created.id, { ...ADA, mrn: 'P-300' }, as)).status).toBe(403);
    }
    const cancelled = await move(created, 'closed', 'admin', 'Duplicate order');
    expect(cancelled.status).toBe(201);
    const closed = await put(created.id, { ...ADA, mrn: 'P-300' }, 'admin');
    expect(closed.status).toBe(409);
    expect(closed.body.error).toContain('is closed');
  });
});
