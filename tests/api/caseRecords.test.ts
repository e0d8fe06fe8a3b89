import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthIn } from '../../contract/calendar';
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
      seizuresInPeriod: false,
    });
    const voided = await call('POST', revisions(created.id, 'interpretations', interpretationId), 'reader1', {
      baseRevision: 2,
      voided: true,
      voidReason: 'Wrong patient',
    });
    expect(voided.status).toBe(409);
    expect(voided.body.error).toBe(
      'A signed final interpretation is never voided: add an addendum to correct it',
    );
    const draftPrelim = await call('POST', records(created.id, 'interpretations'), 'reader1', {
      kind: 'prelim',
    });
    const voidedDraft = await call(
      'POST',
      revisions(created.id, 'interpretations', (draftPrelim.body.data as Item)._id),
      'reader1',
      { baseRevision: 1, voided: true, voidReason: 'Started on the wrong case' },
    );
    expect(voidedDraft.status).toBe(201);
    expect(voidedDraft.body.data).toMatchObject({ status: 'draft', voided: true });
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

  it('gives billing the minimum necessary: who the patient is and whether interpretations are signed, no clinical content', async () => {
    const created = await newCase();
    const clinical = { indication: 'Altered mental status', medications: 'Levetiracetam 500 mg' };
    const patientPath = API_PATHS.patientDetails(created.id);
    const current = (await call('GET', patientPath, 'tech1')).body.data as Json;
    const put = await call('PUT', patientPath, 'tech1', {
      ...Object.fromEntries(
        ['mrn', 'firstName', 'lastName', 'dateOfBirth', 'sex'].map((field) => [field, current[field]]),
      ),
      ...clinical,
      version: current.version,
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const draft = await call('POST', records(created.id, 'interpretations'), 'reader1', {
      kind: 'final',
      impression: 'Diffuse slowing; no seizures.',
      acnsBackground: { continuity: 'continuous' },
      seizureBurdenPercent: 0,
    });
    const interpretationId = (draft.body.data as Item)._id;
    await call('POST', revisions(created.id, 'interpretations', interpretationId), 'reader1', {
      baseRevision: 1,
      status: 'signed',
      seizuresInPeriod: false,
    });

    const identifiers = {
      mrn: current.mrn,
      firstName: 'Ada',
      lastName: 'Quinlan',
      dateOfBirth: '1958-04-17',
    };
    const noClinical = { indication: '', medications: '' };
    const asBilling = (await call('GET', patientPath, 'billing1')).body.data as Json;
    expect(asBilling).toMatchObject({ ...identifiers, ...noClinical });
    expect((await details(created.id, 'billing1')).patient).toMatchObject({ ...identifiers, ...noClinical });
    const history = (await call('GET', API_PATHS.patientDetailsRevisions(created.id), 'billing1')).body
      .data as Json[];
    expect(history.every((revision) => revision.indication === '' && revision.medications === '')).toBe(true);
    expect((await call('GET', patientPath, 'reader1')).body.data).toMatchObject(clinical);

    const signedFor = async (as: DemoUsername) => {
      const [listed] = (await call('GET', records(created.id, 'interpretations'), as)).body.data as Item[];
      const revised = (await call('GET', revisions(created.id, 'interpretations', interpretationId), as)).body
        .data as Item[];
      return [listed, ...revised];
    };
    for (const interpretation of await signedFor('billing1')) {
      expect(interpretation).toMatchObject({ kind: 'final', impression: '', acnsBackground: null });
      expect(interpretation.seizureBurdenPercent).toBeNull();
      expect(interpretation.seizuresInPeriod).toBeNull();
    }
    expect((await signedFor('billing1'))[0]).toMatchObject({ status: 'signed', signedBy: 'reader1' });
    expect((await signedFor('reader1'))[0]).toMatchObject({
      impression: 'Diffuse slowing; no seizures.',
      acnsBackground: expect.objectContaining({ continuity: 'continuous' }),
      seizureBurdenPercent: 0,
      seizuresInPeriod: false,
    });
    // Case notes are clinical: billing may not read them at all.
    expect((await call('GET', records(created.id, 'case-notes'), 'billing1')).status).toBe(403);
    expect((await call('GET', records(created.id, 'case-notes'), 'reader1')).status).toBe(200);
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
    expect(refused.body.unmet).toEqual([
      'A signed final interpretation is required',
      'Sign or void the draft interpretation first: the draft final interpretation',
    ]);

    const signed = await call(
      'POST',
      revisions(created.id, 'interpretations', interpretation._id),
      'reader1',
      {
        baseRevision: 1,
        status: 'signed',
        seizuresInPeriod: false,
      },
    );
    expect(signed.body.data).toMatchObject({ revision: 2, status: 'signed', signedBy: 'reader1' });
    // The case names its signer by name and credentials.
    expect((await details(created.id)).people).toEqual([
      { username: 'reader1', name: 'Marcus Feld', credentials: 'MD, FACNS' },
    ]);
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
    expect(changeSigned.body.error).toBe('A signed final interpretation is changed only by an addendum');

    const reviewed = await call('POST', API_PATHS.caseTransitions(created.id), 'reader1', {
      to: 'reviewed',
      version: current.version,
    });
    expect(reviewed.status).toBe(201);
  });

  describe('one report per study: finals, addenda and drafts', () => {
    const interpretations = (caseId: number) => records(caseId, 'interpretations');
    const write = (caseId: number, body: Record<string, unknown>) =>
      call('POST', interpretations(caseId), 'reader1', body);
    const revise = (caseId: number, itemId: number, body: Record<string, unknown>) =>
      call('POST', revisions(caseId, 'interpretations', itemId), 'reader1', body);

    async function caseInPreview() {
      const created = await newCase();
      await assign('tech1', [created.id]);
      let current = caseOf(await patch(await details(created.id), { recordingStart: hoursAgo(30) }));
      current = caseOf(await move(current, 'monitoring', 'tech1'));
      current = caseOf(await patch(current, { recordingEnd: hoursAgo(2) }));
      return caseOf(await move(current, 'preview', 'reader1'));
    }

    it('refuses a second final, whether the first is a draft or signed, and says what to do instead', async () => {
      const study = await caseInPreview();
      const first = (await write(study.id, { kind: 'final', impression: 'Burst suppression' })).body
        .data as Item;
      const second = await write(study.id, { kind: 'final', impression: 'Normal continuous EEG' });
      expect(second.status).toBe(409);
      expect(second.body.error).toBe(
        'This case already has a draft final interpretation: edit that draft instead of starting a second final',
      );
      // Nor may a daily report be turned into a second final.
      const daily = (await write(study.id, { kind: 'daily' })).body.data as Item;
      expect((await revise(study.id, daily._id, { baseRevision: 1, kind: 'final' })).status).toBe(409);

      await revise(study.id, first._id, { baseRevision: 1, status: 'signed', seizuresInPeriod: false });
      const afterSigning = await write(study.id, { kind: 'final' });
      expect(afterSigning.status).toBe(409);
      expect(afterSigning.body.error).toBe(
        'This case already has a signed final interpretation: add an addendum to it instead of a second final',
      );
      const listed = (await call('GET', interpretations(study.id), 'reader1')).body.data as Item[];
      expect(listed.filter((item) => item.kind === 'final')).toHaveLength(1);
    });

    it('lets two readers racing to add the final store only one', async () => {
      const study = await caseInPreview();
      const answers = await Promise.all([
        write(study.id, { kind: 'final', impression: 'One' }),
        write(study.id, { kind: 'final', impression: 'Two' }),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    });

    it('takes an addendum only with the signed interpretation of this case it amends, and lists it with amendsId', async () => {
      const study = await caseInPreview();
      const other = await caseInPreview();
      const final = (await write(study.id, { kind: 'final' })).body.data as Item;
      const missing = await write(study.id, { kind: 'addendum', impression: 'Also: no seizures overnight' });
      expect(missing.status).toBe(400);
      expect(missing.body.fields).toEqual([
        { field: 'amendsId', message: 'Name the signed interpretation this addendum amends' },
      ]);
      const toDraft = await write(study.id, { kind: 'addendum', amendsId: final._id });
      expect(toDraft.body.fields).toEqual([
        {
          field: 'amendsId',
          message: `Interpretation ${final._id} is a draft: edit it instead of adding an addendum`,
        },
      ]);
      await revise(study.id, final._id, { baseRevision: 1, status: 'signed', seizuresInPeriod: false });
      const elsewhere = await write(other.id, { kind: 'addendum', amendsId: final._id });
      expect(elsewhere.status).toBe(400);
      expect(fieldNames(elsewhere)).toEqual(['amendsId']);
      const onPrelim = await write(study.id, { kind: 'prelim', amendsId: final._id });
      expect(onPrelim.body.fields).toEqual([
        { field: 'amendsId', message: 'Only an addendum amends another interpretation' },
      ]);
      const badId = await write(study.id, { kind: 'addendum', amendsId: 'first' });
      expect(fieldNames(badId)).toEqual(['amendsId']);

      const addendum = await write(study.id, { kind: 'addendum', amendsId: final._id, impression: 'Also' });
      expect(addendum.status).toBe(201);
      expect(addendum.body.data).toMatchObject({ kind: 'addendum', amendsId: final._id, status: 'draft' });
      const listed = (await call('GET', interpretations(study.id), 'reader1')).body.data as Item[];
      expect(listed.find((item) => item._id === final._id)).toMatchObject({ amendsId: null });
    });

    it('signs a daily or final report only with "seizures in this period" answered in agreement with the seizure entries', async () => {
      const study = await caseInPreview();
      const seizure = { class: 'ESz', durationSeconds: 45, lateralization: 'left' };
      const patterns = [{ mainTerm1: 'L', mainTerm2: 'RDA', plus: ['S'], evolution: 'evolving' }];
      // A draft may disagree while it is written: the form warns, the signature refuses.
      const draft = await write(study.id, {
        kind: 'final',
        impression: 'Normal continuous EEG. No seizures.',
        patterns,
        acnsSeizures: [seizure],
        seizuresInPeriod: false,
      });
      expect(draft.status, JSON.stringify(draft.body)).toBe(201);
      const final = draft.body.data as Item;
      const saidNo = await revise(study.id, final._id, { baseRevision: 1, status: 'signed' });
      expect(saidNo.status).toBe(400);
      expect(saidNo.body.fields).toEqual([
        {
          field: 'seizuresInPeriod',
          message: 'The findings list an electrographic seizure (ESz): answer yes, or remove the seizure',
        },
      ]);
      const unanswered = await revise(study.id, final._id, {
        baseRevision: 1,
        seizuresInPeriod: null,
        status: 'signed',
      });
      expect(unanswered.status).toBe(400);
      expect(unanswered.body.fields).toEqual([
        {
          field: 'seizuresInPeriod',
          message: 'Answer "seizures in this period" (yes or no) before signing a final report',
        },
      ]);
      // Nothing was stored by the refusals: the draft is still at its first revision.
      const signed = await revise(study.id, final._id, {
        baseRevision: 1,
        impression: 'Left temporal electrographic seizure.',
        seizuresInPeriod: true,
        status: 'signed',
      });
      expect(signed.status, JSON.stringify(signed.body)).toBe(201);
      expect(signed.body.data).toMatchObject({ revision: 2, status: 'signed', seizuresInPeriod: true });

      // Signed on creation the same: a daily report with no answer, or "yes" with only BIRDs, is refused.
      const period = { periodStart: hoursAgo(30), periodEnd: hoursAgo(6) };
      const dailyUnanswered = await write(study.id, { kind: 'daily', ...period, status: 'signed' });
      expect(dailyUnanswered.status).toBe(400);
      expect(fieldNames(dailyUnanswered)).toEqual(['seizuresInPeriod']);
      const birds = { class: 'BIRDs', durationSeconds: 2 };
      const yesWithBirds = await write(study.id, {
        kind: 'daily',
        ...period,
        acnsSeizures: [birds],
        seizuresInPeriod: true,
        status: 'signed',
      });
      expect(yesWithBirds.status).toBe(400);
      expect(yesWithBirds.body.fields).toEqual([
        {
          field: 'seizuresInPeriod',
          message:
            'The findings list no seizure (ESz, ECSz, ESE, ECSE): add it to the findings, or answer no',
        },
      ]);
      const dailyNo = await write(study.id, {
        kind: 'daily',
        ...period,
        acnsSeizures: [birds],
        seizuresInPeriod: false,
        status: 'signed',
      });
      expect(dailyNo.status, JSON.stringify(dailyNo.body)).toBe(201);
      // An addendum may be signed without the answer, though not against its own entries.
      const addendum = { kind: 'addendum', amendsId: final._id, status: 'signed' };
      expect((await write(study.id, addendum)).status).toBe(201);
      const against = await write(study.id, {
        ...addendum,
        acnsSeizures: [seizure],
        seizuresInPeriod: false,
      });
      expect(fieldNames(against)).toEqual(['seizuresInPeriod']);
    });

    it('keeps a case in preview while a draft is left, naming it, once the final is signed', async () => {
      const study = await caseInPreview();
      const final = (await write(study.id, { kind: 'final' })).body.data as Item;
      await revise(study.id, final._id, { baseRevision: 1, status: 'signed', seizuresInPeriod: false });
      await write(study.id, { kind: 'daily', periodStart: hoursAgo(30), periodEnd: hoursAgo(6) });
      const refused = await call('POST', API_PATHS.caseTransitions(study.id), 'reader1', {
        to: 'reviewed',
        version: study.version,
      });
      expect(refused.status).toBe(409);
      expect(refused.body.unmet).toEqual([
        expect.stringMatching(
          /^Sign or void the draft interpretation first: the draft daily interpretation of \w{3} \d+, \d{2}:\d{2}/,
        ),
      ]);
    });
  });

  describe('ACNS terminology', () => {
    const acns = {
      acnsBackground: { pdrAbsent: true, continuity: 'burst-suppression', reactivity: 'unreactive' },
      patterns: [{ mainTerm1: 'L', mainTerm2: 'PD', plus: ['F'], prevalence: 'frequent', frequencyHz: 1 }],
      acnsSeizures: [{ class: 'ESz', onset: hoursAgo(3), durationSeconds: 95, lateralization: 'left' }],
      seizureBurdenPercent: 4.5,
    };

    it('keeps the structured fields, answers them whole, and carries them over a revision of another field', async () => {
      const created = await newCase();
      const written = await call('POST', records(created.id, 'interpretations'), 'reader1', {
        kind: 'daily',
        ...acns,
      });
      expect(written.status).toBe(201);
      const item = written.body.data as Item;
      expect(item).toMatchObject({
        acnsBackground: {
          pdrHz: null,
          pdrAbsent: true,
          continuity: 'burst-suppression',
          symmetry: null,
          reactivity: 'unreactive',
          voltage: null,
          sleepTransients: null,
        },
        patterns: [
          {
            mainTerm1: 'L',
            mainTerm2: 'PD',
            plus: ['F'],
            prevalence: 'frequent',
            frequencyHz: 1,
            evolution: null,
            stimulusInduced: false,
          },
        ],
        acnsSeizures: [
          { ...acns.acnsSeizures[0], onset: new Date(acns.acnsSeizures[0].onset).toISOString() },
        ],
        seizureBurdenPercent: 4.5,
      });
      const revised = await call('POST', revisions(created.id, 'interpretations', item._id), 'reader1', {
        baseRevision: 1,
        impression: 'Lateralized periodic discharges with fast activity, left hemisphere.',
      });
      expect(revised.status).toBe(201);
      const listed = (await call('GET', records(created.id, 'interpretations'), 'reader1')).body
        .data as Item[];
      expect(listed[0]).toMatchObject({
        patterns: item.patterns,
        acnsSeizures: item.acnsSeizures,
        revision: 2,
      });
      // An interpretation written without them answers empty ones.
      const plain = await call('POST', records(created.id, 'interpretations'), 'reader1', { kind: 'prelim' });
      expect(plain.body.data).toMatchObject({
        acnsBackground: null,
        patterns: [],
        acnsSeizures: [],
        seizureBurdenPercent: null,
      });
    });

    it('names every failing ACNS field, by its path into the lists, and stores nothing', async () => {
      const created = await newCase();
      const refused = await call('POST', records(created.id, 'interpretations'), 'reader1', {
        kind: 'daily',
        acnsBackground: { continuity: 'mostly' },
        patterns: [{ mainTerm1: 'L', mainTerm2: 'RDA', plus: ['R'] }, { mainTerm2: 'PD' }],
        acnsSeizures: [{ class: 'ESz', onset: 'yesterday' }],
        seizureBurdenPercent: 140,
      });
      expect(refused.status).toBe(400);
      expect(fieldNames(refused).toSorted()).toEqual([
        'acnsBackground.continuity',
        'acnsSeizures.0.onset',
        'patterns.0.plus',
        'patterns.1.mainTerm1',
        'seizureBurdenPercent',
      ]);
      expect(refused.body.fields).toContainEqual({
        field: 'patterns.0.plus',
        message: 'RDA takes +F or +S, not +R',
      });
      const listed = (await call('GET', records(created.id, 'interpretations'), 'reader1')).body
        .data as Item[];
      expect(listed).toEqual([]);
    });
  });

  describe('notifications against the protocol', () => {
    let ruledClientId: number;
    let otherClientId: number;
    let attending: number;
    let fellow: number;
    let nurse: number;
    let strangerContact: number;

    const contact = async (id: number, name: string, role: string, escalationOrder: number) =>
      (
        (
          await call('POST', API_PATHS.clientRecords(id, 'contacts'), 'admin', {
            name,
            role,
            phone: `555-01${escalationOrder}0`,
            escalationOrder,
          })
        ).body.data as { _id: number }
      )._id;

    beforeAll(async () => {
      const suffix = kind === 'pglite' ? 'L' : 'P';
      const made = await call('POST', API_PATHS.clients, 'admin', {
        name: 'Notify Test Hospital',
        code: `NTF${suffix}`,
        timeZone: 'America/Denver',
      });
      ruledClientId = (made.body.data as { id: number }).id;
      const other = await call('POST', API_PATHS.clients, 'admin', {
        name: 'Other Notify Hospital',
        code: `NTO${suffix}`,
        timeZone: 'UTC',
      });
      otherClientId = (other.body.data as { id: number }).id;
      // Created out of escalation order: the notification lists them in it.
      fellow = await contact(ruledClientId, 'Dr Fell', 'Neurology fellow', 2);
      attending = await contact(ruledClientId, 'Dr Attis', 'Attending', 1);
      nurse = await contact(ruledClientId, 'Nurse Ward', 'Charge nurse', 3);
      strangerContact = await contact(otherClientId, 'Dr Elsewhere', 'Attending', 1);
      const protocol = await call('POST', API_PATHS.protocolRevisions(ruledClientId), 'admin', {
        baseRevision: 0,
        body: 'Seizure: notify within 10 minutes.',
        checkIntervalMinutes: 60,
        reportTurnaroundHours: 24,
        notificationRules: [
          { trigger: 'seizure', notify: [fellow, attending], withinMinutes: 10 },
          { trigger: 'status epilepticus', notify: [attending], withinMinutes: 5 },
          { trigger: 'electrode off', notify: [nurse], withinMinutes: 30 },
        ],
      });
      expect(protocol.status, JSON.stringify(protocol.body)).toBe(201);
    });

    const ruledCase = () => {
      seq += 1;
      return intake(ruledClientId, {
        studyType: 'icu',
        monitoringLevel: 'unmonitored',
        patient: { mrn: `N-${seq}`, firstName: 'Noa', lastName: 'Tify', dateOfBirth: '1970-01-02', sex: 'M' },
      });
    };
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

    it('carries the rule, the contacts in escalation order, due by and each of the four statuses', async () => {
      const created = await ruledCase();
      const post = (body: Json) => call('POST', records(created.id, 'events'), 'tech1', body);
      const onTime = await post({
        type: 'seizure',
        occurredAt: minutesAgo(60),
        notifiedAt: minutesAgo(53),
        notifiedContactId: fellow,
      });
      expect(onTime.status, JSON.stringify(onTime.body)).toBe(201);
      expect(onTime.body.data).toMatchObject({
        notifiedBy: 'tech1',
        notification: {
          rule: { trigger: 'seizure', withinMinutes: 10 },
          contacts: [
            { id: attending, name: 'Dr Attis', role: 'Attending', phone: '555-0110' },
            { id: fellow, name: 'Dr Fell', role: 'Neurology fellow', phone: '555-0120' },
          ],
          notifiedContactId: fellow,
          notifiedBy: 'tech1',
          status: 'on-time',
        },
      });
      const { occurredAt, notification } = onTime.body.data as Json & { notification: { dueBy: string } };
      expect(Date.parse(notification.dueBy) - Date.parse(occurredAt as string)).toBe(10 * 60_000);

      const late = await post({
        type: 'seizure',
        occurredAt: minutesAgo(60),
        notifiedAt: minutesAgo(15),
        notifiedContactId: attending,
      });
      expect(late.body.data).toMatchObject({ notification: { status: 'late' } });
      const pending = await post({ type: 'status-epilepticus', occurredAt: minutesAgo(1) });
      expect(pending.status).toBe(201);
      expect(pending.body.data).toMatchObject({
        notifiedBy: null,
        notification: { rule: { trigger: 'status epilepticus', withinMinutes: 5 }, status: 'pending' },
      });
      const overdue = await post({ type: 'electrode-off', occurredAt: minutesAgo(45) });
      expect(overdue.body.data).toMatchObject({
        notification: { rule: { trigger: 'electrode off' }, contacts: [{ id: nurse }], status: 'overdue' },
      });
      const disconnect = await post({ type: 'disconnect', occurredAt: minutesAgo(45) });
      expect(disconnect.body.data).toMatchObject({ notification: { rule: { trigger: 'electrode off' } } });
      const uncovered = await post({ type: 'medication', occurredAt: minutesAgo(5) });
      expect(uncovered.body.data).toMatchObject({ notification: null });
      // No "other" rule in this protocol: a clinical event is not covered either.
      const clinical = await post({ type: 'clinical', occurredAt: minutesAgo(5) });
      expect(clinical.body.data).toMatchObject({ notification: null });

      // The overdue one notified now, by a revision: late, and the server names who recorded it.
      const notified = await call(
        'POST',
        revisions(created.id, 'events', (overdue.body.data as Item)._id),
        'admin',
        { baseRevision: 1, notifiedAt: new Date().toISOString(), notifiedContactId: nurse },
      );
      expect(notified.body.data).toMatchObject({
        notifiedBy: 'admin',
        notification: { status: 'late', notifiedBy: 'admin', notifiedContactId: nurse },
      });
      // A later edit of the description keeps who notified.
      const edited = await call(
        'POST',
        revisions(created.id, 'events', (overdue.body.data as Item)._id),
        'tech1',
        { baseRevision: 2, description: 'Fp1, Fp2 off' },
      );
      expect(edited.body.data).toMatchObject({ notifiedBy: 'admin', author: 'tech1' });

      const listed = await call('GET', records(created.id, 'events'), 'reader1');
      expect(
        (listed.body.data as (Item & { notification: { status: string } | null })[]).map(
          (event) => event.notification?.status ?? null,
        ),
      ).toEqual(['on-time', 'late', 'pending', 'late', 'overdue', null, null]);
    });

    it('gives per client and month the share notified on time and the median delay in the monitoring-hours report', async () => {
      const made = await call('POST', API_PATHS.clients, 'admin', {
        name: 'Notify Report Hospital',
        code: `NTR${kind === 'pglite' ? 'L' : 'P'}`,
        timeZone: 'America/Denver',
      });
      const reportClientId = (made.body.data as { id: number }).id;
      const doctor = await contact(reportClientId, 'Dr Report', 'Attending', 1);
      await call('POST', API_PATHS.protocolRevisions(reportClientId), 'admin', {
        baseRevision: 0,
        body: 'Seizure: notify within 10 minutes.',
        checkIntervalMinutes: 60,
        reportTurnaroundHours: 24,
        notificationRules: [{ trigger: 'seizure', notify: [doctor], withinMinutes: 10 }],
      });
      seq += 1;
      const created = await intake(reportClientId, {
        studyType: 'icu',
        monitoringLevel: 'unmonitored',
        patient: {
          mrn: `NR-${seq}`,
          firstName: 'Rae',
          lastName: 'Port',
          dateOfBirth: '1970-01-02',
          sex: 'F',
        },
      });
      // Delays of 4, 8 and 40 minutes (two on time, one late), one never notified, one not yet due.
      for (const [ago, delay] of [
        [120, 4],
        [110, 8],
        [100, 40],
        [90, null],
        [1, null],
      ] as const) {
        const reply = await call('POST', records(created.id, 'events'), 'tech1', {
          type: 'seizure',
          occurredAt: minutesAgo(ago),
          ...(delay === null ? {} : { notifiedAt: minutesAgo(ago - delay), notifiedContactId: doctor }),
        });
        expect(reply.status).toBe(201);
      }
      await call('POST', records(created.id, 'events'), 'tech1', {
        type: 'medication',
        occurredAt: minutesAgo(50),
      });
      const month = monthIn('America/Denver');
      const report = await call(
        'GET',
        `${API_PATHS.monitoringHours}?from=${month}&to=${month}&clientId=${reportClientId}`,
        'admin',
      );
      expect(report.status, JSON.stringify(report.body)).toBe(200);
      expect((report.body.data as { notifications: Json[] }).notifications).toEqual([
        {
          clientId: reportClientId,
          clientName: 'Notify Report Hospital',
          month,
          due: 4,
          onTime: 2,
          late: 1,
          overdue: 1,
          pending: 1,
          onTimePercent: 50,
          medianDelayMinutes: 8,
        },
      ]);
    });

    it('counts on each operations-board row the notifications pending and overdue, with the pending ones due by', async () => {
      const created = await ruledCase();
      await assign('tech1', [created.id]);
      const started = caseOf(await patch(await details(created.id), { recordingStart: hoursAgo(3) }));
      expect((await move(started, 'monitoring', 'tech1')).status).toBe(201);
      const post = async (body: Json) => {
        const reply = await call('POST', records(created.id, 'events'), 'tech1', body);
        expect(reply.status, JSON.stringify(reply.body)).toBe(201);
        return reply.body.data as Item & { notification: { dueBy: string } | null };
      };
      const soonest = await post({ type: 'seizure', occurredAt: minutesAgo(2) });
      const later = await post({ type: 'disconnect', occurredAt: minutesAgo(1) });
      await post({ type: 'seizure', occurredAt: minutesAgo(60) });
      await post({ type: 'electrode-off', occurredAt: minutesAgo(90) });
      await post({
        type: 'seizure',
        occurredAt: minutesAgo(90),
        notifiedAt: minutesAgo(70),
        notifiedContactId: fellow,
      });
      await post({ type: 'medication', occurredAt: minutesAgo(90) });
      // No "other" rule in this protocol: not counted.
      await post({ type: 'clinical', occurredAt: minutesAgo(90) });
      const revise = async (item: Item, body: Json) => {
        const reply = await call('POST', revisions(created.id, 'events', item._id), 'tech1', {
          baseRevision: item.revision,
          ...body,
        });
        expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      };
      // Each event counts as its latest revision has it: voided, notified since, or retyped.
      await revise(await post({ type: 'seizure', occurredAt: minutesAgo(90) }), {
        voided: true,
        voidReason: 'Duplicate',
      });
      await revise(await post({ type: 'seizure', occurredAt: minutesAgo(40) }), {
        notifiedAt: minutesAgo(1),
        notifiedContactId: fellow,
      });
      await revise(await post({ type: 'medication', occurredAt: minutesAgo(45) }), { type: 'electrode-off' });

      const rowOf = async (caseId: number) => {
        const board = await call('GET', API_PATHS.home2, 'admin');
        expect(board.status, JSON.stringify(board.body)).toBe(200);
        return (board.body.data as { monitoring: Json[] }).monitoring.find((found) => found.id === caseId);
      };
      expect(await rowOf(created.id)).toMatchObject({
        notificationsPending: 2,
        notificationsOverdue: 3,
        pendingNotificationsDueBy: [soonest.notification?.dueBy, later.notification?.dueBy],
      });

      // A case whose client's protocol has no rules has nothing to notify.
      const unruled = await newCase();
      await assign('tech1', [created.id, unruled.id]);
      const unruledStarted = caseOf(await patch(await details(unruled.id), { recordingStart: hoursAgo(1) }));
      expect((await move(unruledStarted, 'monitoring', 'tech1')).status).toBe(201);
      await call('POST', records(unruled.id, 'events'), 'tech1', {
        type: 'seizure',
        occurredAt: minutesAgo(50),
      });
      expect(await rowOf(unruled.id)).toMatchObject({
        notificationsPending: 0,
        notificationsOverdue: 0,
        pendingNotificationsDueBy: [],
      });
    });

    it("refuses another client's contact as the one notified (400 naming the field), on create and revision", async () => {
      const created = await ruledCase();
      const refused = await call('POST', records(created.id, 'events'), 'tech1', {
        type: 'seizure',
        occurredAt: minutesAgo(10),
        notifiedAt: minutesAgo(5),
        notifiedContactId: strangerContact,
      });
      expect(refused.status).toBe(400);
      expect(fieldNames(refused)).toEqual(['notifiedContactId']);
      const event = await call('POST', records(created.id, 'events'), 'tech1', {
        type: 'seizure',
        occurredAt: minutesAgo(10),
      });
      const revised = await call(
        'POST',
        revisions(created.id, 'events', (event.body.data as Item)._id),
        'tech1',
        {
          baseRevision: 1,
          notifiedAt: minutesAgo(5),
          notifiedContactId: strangerContact,
        },
      );
      expect(revised.status).toBe(400);
      expect(fieldNames(revised)).toEqual(['notifiedContactId']);
    });

    it('gives no notification for a client without rules; the new types are events there too', async () => {
      const created = await newCase();
      for (const type of ['seizure', 'status-epilepticus', 'electrode-off']) {
        const reply = await call('POST', records(created.id, 'events'), 'tech1', {
          type,
          occurredAt: minutesAgo(3),
        });
        expect(reply.status, JSON.stringify(reply.body)).toBe(201);
        expect(reply.body.data).toMatchObject({ type, notification: null, notifiedBy: null });
      }
    });
  });

  it('refuses record times more than 5 minutes ahead of the clock, naming every field', async () => {
    const created = await newCase();
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    const soon = new Date(Date.now() + 2 * 60_000).toISOString();
    const impedance = await call('POST', records(created.id, 'impedances'), 'tech1', {
      measuredAt: tomorrow,
      values: { Cz: 3 },
    });
    expect(impedance.status).toBe(400);
    expect(fieldNames(impedance)).toEqual(['measuredAt']);
    expect(impedance.body.fields?.[0].message).toMatch(/Measured at cannot be in the future/);
    const skewed = await call('POST', records(created.id, 'impedances'), 'tech1', {
      measuredAt: soon,
      values: { Cz: 3 },
    });
    expect(skewed.status).toBe(201);
    const event = await call('POST', records(created.id, 'events'), 'tech1', {
      type: 'clinical',
      occurredAt: tomorrow,
      notifiedAt: tomorrow,
      notifiedContactId: null,
    });
    expect(fieldNames(event).toSorted()).toEqual(['notifiedAt', 'notifiedContactId', 'occurredAt']);
    const note = await call('POST', records(created.id, 'case-notes'), 'tech1', {
      text: 'x',
      notedAt: tomorrow,
    });
    expect(fieldNames(note)).toEqual(['notedAt']);
    const interpretation = await call('POST', records(created.id, 'interpretations'), 'reader1', {
      kind: 'daily',
      periodStart: tomorrow,
      periodEnd: tomorrow,
    });
    expect(fieldNames(interpretation).toSorted()).toEqual(['periodEnd', 'periodStart']);
    // A revision is checked on the times it sends.
    const past = await call('POST', records(created.id, 'events'), 'tech1', {
      type: 'clinical',
      occurredAt: hoursAgo(1),
    });
    const moved = await call('POST', revisions(created.id, 'events', (past.body.data as Item)._id), 'tech1', {
      baseRevision: 1,
      occurredAt: tomorrow,
    });
    expect(fieldNames(moved)).toEqual(['occurredAt']);
  });

  it('takes the ACNS electrode names, stores the old aliases under the modern ones, names an unknown one', async () => {
    const created = await newCase();
    const modern = Object.fromEntries(
      [
        'Fpz',
        'T7',
        'T8',
        'P7',
        'P8',
        'Oz',
        'F9',
        'FT10',
        'TP9',
        'P10',
        'M1',
        'M2',
        'A1',
        'Ref',
        'Gnd',
        'ECG',
      ].map((electrode) => [electrode, 2]),
    );
    const accepted = await call('POST', records(created.id, 'impedances'), 'tech1', {
      measuredAt: hoursAgo(1),
      values: { ...modern, T8: 7 },
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
    expect(accepted.body.data).toMatchObject({ overLimit: ['T8'] });
    const aliases = await call('POST', records(created.id, 'impedances'), 'tech1', {
      measuredAt: hoursAgo(1),
      values: { T3: 1, T4: 2, T5: 3, T6: 9 },
    });
    expect(aliases.body.data).toMatchObject({ values: { T7: 1, T8: 2, P7: 3, P8: 9 }, overLimit: ['P8'] });
    const id = (aliases.body.data as Item)._id;
    const [stored] = (
      await server.database.db.execute<{ body: { values: Record<string, number> } }>(
        sql`select body from case_record_revisions where item_id = ${id}`,
      )
    ).rows;
    expect(Object.keys(stored.body.values).toSorted()).toEqual(['P7', 'P8', 'T7', 'T8']);

    const unknown = await call('POST', records(created.id, 'impedances'), 'tech1', {
      measuredAt: hoursAgo(1),
      values: { Cz: 2, X9: 1 },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields).toEqual([
      { field: 'values.X9', message: expect.stringMatching(/^X9 is not an electrode/) },
    ]);
    const twice = await call('POST', records(created.id, 'impedances'), 'tech1', {
      measuredAt: hoursAgo(1),
      values: { T7: 2, T3: 1 },
    });
    expect(fieldNames(twice)).toEqual(['values.T3']);
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
