import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_PATHS } from '../../contract/paths';
import { callApi, type DemoUsername, demoTokens, fieldNames } from './support/apiClient';
import { caseCalls, caseOf } from './support/caseCalls';
import { describeEachDatabase, startTestServer, type TestServer } from './support/testServer';

type Json = Record<string, unknown>;
type Item = Json & { _id: number; revision: number; voided: boolean };

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

describeEachDatabase('Case records API', (kind) => {
  let server: TestServer;
  let tokens: Record<DemoUsername, string>;
  let clientId: number;
  let seq = 0;

  const call = (method: string, path: string, as: DemoUsername = 'admin', body?: unknown) =>
    callApi(server, method, path, { token: tokens[as], body });

  beforeAll(async () => {
    server = await startTestServer(kind);
    tokens = await demoTokens();
    const client = await call('POST', API_PATHS.clients, 'admin', {
      name: 'Records Test Hospital',
      code: `REC${kind === 'pglite' ? 'L' : 'P'}`,
      timeZone: 'UTC',
    });
    clientId = (client.body.data as { id: number }).id;
    await call('POST', API_PATHS.protocolRevisions(clientId), 'admin', {
      baseRevision: 0,
      body: 'Protocol',
      checkIntervalMinutes: 60,
      reportTurnaroundHours: 24,
      impedanceLimitKOhm: 5,
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  const { intake, details, move, patch, assign } = caseCalls(call);

  /** A new intake case of the test client, with complete patient details, no load limit. */
  async function newCase() {
    seq += 1;
    return intake(clientId, {
      studyType: 'icu',
      monitoringLevel: 'unmonitored',
      patient: {
        mrn: `R-${seq}`,
        firstName: 'Ada',
        lastName: 'Quinlan',
        dateOfBirth: '1958-04-17',
        sex: 'F',
      },
    });
  }

  const records = (caseId: number, recordKind: string) => API_PATHS.caseRecords(caseId, recordKind);
  const revisions = (caseId: number, recordKind: string, itemId: number) =>
    API_PATHS.caseRecordRevisions(caseId, recordKind, itemId);

  it('creates, revises from the latest revision only, voids, and keeps the whole history', async () => {
    const created = await newCase();
    const first = await call('POST', records(created.id, 'events'), 'tech1', {
      occurredAt: hoursAgo(2),
      type: 'seizure',
      description: 'Left arm clonic jerking',
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const event = first.body.data as Item;
    expect(event).toMatchObject({ revision: 1, author: 'tech1', voided: false, type: 'seizure' });

    const second = await call('POST', revisions(created.id, 'events', event._id), 'tech1', {
      baseRevision: 1,
      endedAt: hoursAgo(1.9),
    });
    expect(second.status).toBe(201);
    expect(second.body.data).toMatchObject({
      revision: 2,
      description: 'Left arm clonic jerking',
      type: 'seizure',
    });

    const stale = await call('POST', revisions(created.id, 'events', event._id), 'admin', {
      baseRevision: 1,
      description: 'Overwrite?',
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatch(/revised by someone else/);

    const backwards = await call('POST', revisions(created.id, 'events', event._id), 'tech1', {
      baseRevision: 2,
      endedAt: hoursAgo(3),
    });
    expect(backwards.body.fields).toEqual([
      { field: 'endedAt', message: 'An event cannot end before it starts' },
    ]);

    const voidWithoutReason = await call('POST', revisions(created.id, 'events', event._id), 'tech1', {
      baseRevision: 2,
      voided: true,
    });
    expect(fieldNames(voidWithoutReason)).toEqual(['voidReason']);
    const voided = await call('POST', revisions(created.id, 'events', event._id), 'tech1', {
      baseRevision: 2,
      voided: true,
      voidReason: 'Logged on the wrong case',
    });
    expect(voided.body.data).toMatchObject({
      revision: 3,
      voided: true,
      voidReason: 'Logged on the wrong case',
    });

    const list = await call('GET', records(created.id, 'events'), 'billing1');
    expect(list.status).toBe(403);
    const listed = await call('GET', records(created.id, 'events'), 'reader1');
    expect((listed.body.data as Item[]).map((item) => [item._id, item.revision, item.voided])).toEqual([
      [event._id, 3, true],
    ]);
    const history = await call('GET', revisions(created.id, 'events', event._id), 'reader1');
    expect((history.body.data as Item[]).map((item) => item.revision)).toEqual([3, 2, 1]);
    expect((history.body.data as Item[])[2]).toMatchObject({ endedAt: null, voided: false });
  });

  it('carries every field left out of a revision over from its base, defaults included', async () => {
    const created = await newCase();
    const note = await call('POST', records(created.id, 'billing-notes'), 'billing1', {
      text: 'Extra setup',
      adjustMinutes: 45,
      month: '2026-03',
      settled: true,
    });
    expect(note.status).toBe(201);
    const noteId = (note.body.data as Item)._id;
    const edited = await call('POST', revisions(created.id, 'billing-notes', noteId), 'billing1', {
      baseRevision: 1,
      text: 'Extra setup and takedown',
    });
    expect(edited.body.data).toMatchObject({
      text: 'Extra setup and takedown',
      adjustMinutes: 45,
      settled: true,
    });

    const draft = await call('POST', records(created.id, 'interpretations'), 'reader1', { kind: 'final' });
    const interpretationId = (draft.body.data as Item)._id;
    await call('POST', revisions(created.id, 'interpretations', interpretationId), 'reader1', {
      baseRevision: 1,
      status: 'signed',
    });
    const voided = await call('POST', revisions(created.id, 'interpretations', interpretationId), 'reader1', {
      baseRevision: 2,
      voided: true,
      voidReason: 'Wrong patient',
    });
    expect(voided.status).toBe(201);
    expect(voided.body.data).toMatchObject({ status: 'signed', signedBy: 'reader1', voided: true });
  });

  it('refuses changing or deleting a stored revision in the database itself', async () => {
    const created = await newCase();
    await call('POST', records(created.id, 'case-notes'), 'tech1', { text: 'Patient asleep' });
    for (const statement of [
      sql`update case_record_revisions set body = '{}'::jsonb`,
      sql`delete from case_record_revisions`,
    ]) {
      await expect(server.database.db.execute(statement)).rejects.toThrow();
    }
  });

  it('lets each role write only its own kinds, flags impedances over the protocol limit, filters notes', async () => {
    const created = await newCase();
    const interpretationByTech = await call('POST', records(created.id, 'interpretations'), 'tech1', {
      kind: 'prelim',
    });
    expect(interpretationByTech.status).toBe(403);
    const eventByReader = await call('POST', records(created.id, 'events'), 'reader1', {
      occurredAt: hoursAgo(1),
      type: 'clinical',
    });
    expect(eventByReader.status).toBe(403);
    const noteByBilling = await call('POST', records(created.id, 'case-notes'), 'billing1', { text: 'x' });
    expect(noteByBilling.status).toBe(403);
    const billingNote = await call('POST', records(created.id, 'billing-notes'), 'billing1', {
      text: 'Hookup took longer',
      adjustMinutes: -15,
      month: '2026-03',
    });
    expect(billingNote.body.data).toMatchObject({ adjustMinutes: -15, settled: false, month: '2026-03' });

    const impedance = await call('POST', records(created.id, 'impedances'), 'tech1', {
      measuredAt: hoursAgo(1),
      values: { Fp1: 3.2, O2: 7.5, Cz: 5 },
    });
    expect(impedance.body.data).toMatchObject({ overLimit: ['O2'] });
    const badImpedance = await call('POST', records(created.id, 'impedances'), 'tech1', {
      measuredAt: hoursAgo(1),
      values: { Fp1: 1200, X9: 1 },
    });
    expect(badImpedance.status).toBe(400);
    expect(badImpedance.body.fields?.map((f) => f.message)).toEqual(
      expect.arrayContaining(['An impedance must be between 0 and 999 kΩ']),
    );

    const notes: number[] = [];
    for (const text of ['Hookup done', 'Electrodes re-gelled', 'Family at bedside']) {
      notes.push(
        ((await call('POST', records(created.id, 'case-notes'), 'tech1', { text })).body.data as Item)._id,
      );
    }
    const filtered = await call(
      'GET',
      `${records(created.id, 'case-notes')}?filterIds=${notes[0]}&filterIds=${notes[2]}`,
      'reader1',
    );
    expect((filtered.body.data as Item[]).map((note) => note.text)).toEqual([
      'Hookup done',
      'Family at bedside',
    ]);
    expect((filtered.body.data as Item[])[0].notedAt).toEqual(expect.any(String));
  });

  it('signs an interpretation (who and when set by the server), then meets the preview → reviewed guard', async () => {
    const created = await newCase();
    await assign('tech1', [created.id]);
    let current = caseOf(await patch(await details(created.id), { recordingStart: hoursAgo(5) }));
    current = caseOf(await move(current, 'monitoring', 'tech1'));
    current = caseOf(await patch(current, { recordingEnd: hoursAgo(1) }));
    current = caseOf(await move(current, 'preview', 'reader1'));
    expect(current.stage).toBe('preview');

    const draft = await call('POST', records(created.id, 'interpretations'), 'reader1', {
      kind: 'final',
      impression: 'Diffuse slowing; no seizures.',
    });
    const interpretation = draft.body.data as Item;
    expect(interpretation).toMatchObject({ status: 'draft', signedBy: null, signedAt: null });
    const refused = await call('POST', API_PATHS.caseTransitions(created.id), 'reader1', {
      to: 'reviewed',
      version: current.version,
    });
    expect(refused.body.unmet).toEqual(['A signed final interpretation is required']);

    const signed = await call(
      'POST',
      revisions(created.id, 'interpretations', interpretation._id),
      'reader1',
      {
        baseRevision: 1,
        status: 'signed',
      },
    );
    expect(signed.body.data).toMatchObject({ revision: 2, status: 'signed', signedBy: 'reader1' });
    const changeSigned = await call(
      'POST',
      revisions(created.id, 'interpretations', interpretation._id),
      'reader1',
      {
        baseRevision: 2,
        impression: 'Changed after signing',
      },
    );
    expect(changeSigned.status).toBe(409);
    expect(changeSigned.body.error).toBe('A signed interpretation is changed only by an addendum');

    const reviewed = await call('POST', API_PATHS.caseTransitions(created.id), 'reader1', {
      to: 'reviewed',
      version: current.version,
    });
    expect(reviewed.status).toBe(201);
  });

  it('refuses every record write on a closed case (409) and an unknown item (404)', async () => {
    const created = await newCase();
    const note = (await call('POST', records(created.id, 'case-notes'), 'tech1', { text: 'Before cancel' }))
      .body.data as Item;
    await call('POST', API_PATHS.caseTransitions(created.id), 'admin', {
      to: 'closed',
      reason: 'Order withdrawn',
      version: created.version,
    });
    const refusal = `Case ${created.caseNumber} is closed`;
    const create = await call('POST', records(created.id, 'case-notes'), 'tech1', { text: 'After' });
    expect([create.status, create.body.error]).toEqual([409, refusal]);
    const revise = await call('POST', revisions(created.id, 'case-notes', note._id), 'admin', {
      baseRevision: 1,
      text: 'Edited',
    });
    expect([revise.status, revise.body.error]).toEqual([409, refusal]);
    const other = await newCase();
    const wrongCase = await call('GET', revisions(other.id, 'case-notes', note._id), 'reader1');
    expect(wrongCase.status).toBe(404);
    const wrongKind = await call('GET', revisions(created.id, 'events', note._id), 'reader1');
    expect(wrongKind.status).toBe(404);
  });
});
