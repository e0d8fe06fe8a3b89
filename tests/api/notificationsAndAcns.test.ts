import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthIn } from '../../contract/calendar';
import { API_PATHS } from '../../contract/paths';
import { callApi, type DemoUsername, demoTokens } from './support/apiClient';
import { caseCalls, caseOf } from './support/caseCalls';
import { describeEachDatabase, startTestServer, type TestServer } from './support/testServer';

type Json = Record<string, unknown>;
type Item = Json & { _id: number; revision: number };
type Notified = Item & { notification: { rule: { withinMinutes: number }; dueBy: string; status: string } };

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const secondsAfter = (at: string, seconds: number) => new Date(Date.parse(at) + seconds * 1000).toISOString();
const minutesAfter = (at: string, minutes: number) => secondsAfter(at, minutes * 60);

/**
 * DESIGN §4, round three: a call is made after its event, an event answers to the protocol revision in
 * force when it occurred, and interpretations keep to the ACNS 2021 definitions and to the recording.
 */
describeEachDatabase('Notifications in force and ACNS definitions', (kind) => {
  let server: TestServer;
  let tokens: Record<DemoUsername, string>;
  let seq = 0;
  /** Every case tech1 watches here: an assignment names them all (a case in monitoring keeps its technologist). */
  const watched: number[] = [];
  const suffix = kind === 'pglite' ? 'L' : 'P';

  const call = (method: string, path: string, as: DemoUsername = 'admin', body?: unknown) =>
    callApi(server, method, path, { token: tokens[as], body });
  const { intake, details, move, patch, assign, onCallContact } = caseCalls(call);
  const records = (caseId: number, recordKind: string) => API_PATHS.caseRecords(caseId, recordKind);
  const revisions = (caseId: number, recordKind: string, itemId: number) =>
    API_PATHS.caseRecordRevisions(caseId, recordKind, itemId);

  beforeAll(async () => {
    server = await startTestServer(kind);
    tokens = await demoTokens();
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A client with one contact and, unless `firstWithin` is null, a first protocol whose "other" trigger asks a call within `firstWithin` minutes. */
  async function clientWithProtocol(code: string, firstWithin: number | null = 60) {
    const made = await call('POST', API_PATHS.clients, 'admin', {
      name: `Protocol ${code} Hospital`,
      code: `${code}${suffix}`,
      timeZone: 'UTC',
    });
    const clientId = (made.body.data as { id: number }).id;
    const doctor = await onCallContact(clientId);
    const rules = (withinMinutes: number) => [{ trigger: 'other', notify: [doctor], withinMinutes }];
    const protocol = (withinMinutes: number, baseRevision: number) =>
      call('POST', API_PATHS.protocolRevisions(clientId), 'admin', {
        baseRevision,
        body: `Other events: call within ${withinMinutes} minutes.`,
        checkIntervalMinutes: 60,
        reportTurnaroundHours: 24,
        notificationRules: rules(withinMinutes),
      });
    /** A revision written `hours` ago (revisions are append-only: written so, as the client wrote it then). */
    const protocolWrittenAgo = (revision: number, withinMinutes: number, hours: number) =>
      server.database.db.execute(
        sql`insert into protocol_revisions (client_id, kind, revision, body, notification_rules, check_interval_minutes,
              impedance_limit_kohm, report_turnaround_hours, author, created_at)
            values (${clientId}, 'protocol', ${revision}, 'Protocol', ${JSON.stringify(rules(withinMinutes))}::jsonb,
              60, 5, 24, 'admin', now() - make_interval(hours => ${hours}))`,
      );
    if (firstWithin !== null) expect((await protocol(firstWithin, 0)).status).toBe(201);
    return { clientId, doctor, protocol, protocolWrittenAgo };
  }

  /** A case of the client in monitoring since `startedMinutesAgo`, assigned to tech1. */
  async function studyOf(clientId: number, startedMinutesAgo: number) {
    seq += 1;
    const created = await intake(clientId, {
      studyType: 'icu',
      monitoringLevel: 'unmonitored',
      patient: { mrn: `NA-${seq}`, firstName: 'Ida', lastName: 'Cu', dateOfBirth: '1966-05-04', sex: 'F' },
    });
    watched.push(created.id);
    expect((await assign('tech1', watched)).status).toBe(200);
    const started = caseOf(
      await patch(await details(created.id), { recordingStart: minutesAgo(startedMinutesAgo) }),
    );
    const moved = await move(started, 'monitoring', 'tech1');
    expect(moved.status, JSON.stringify(moved.body)).toBe(201);
    return caseOf(moved);
  }

  const postEvent = async (caseId: number, body: Json) => {
    const reply = await call('POST', records(caseId, 'events'), 'tech1', body);
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    return reply.body.data as Notified;
  };

  it('refuses a call recorded before its event (400 naming notifiedAt), on create and on a revision of either time', async () => {
    const { clientId, doctor } = await clientWithProtocol('NB');
    const study = await studyOf(clientId, 120);
    const early = await call('POST', records(study.id, 'events'), 'tech1', {
      type: 'clinical',
      occurredAt: minutesAgo(20),
      notifiedAt: minutesAgo(40),
      notifiedContactId: doctor,
    });
    expect(early.status).toBe(400);
    expect(early.body.fields).toEqual([
      { field: 'notifiedAt', message: 'Notified at cannot be before the event occurred' },
    ]);
    // A call at the very moment of the event is on time.
    const occurredAt = minutesAgo(20);
    const atOnce = await postEvent(study.id, {
      type: 'clinical',
      occurredAt,
      notifiedAt: occurredAt,
      notifiedContactId: doctor,
    });
    expect(atOnce.notification.status).toBe('on-time');
    // A revision that moves only one of the two times is checked against the other, as stored.
    const revise = (body: Json) =>
      call('POST', revisions(study.id, 'events', atOnce._id), 'tech1', { baseRevision: 1, ...body });
    const notifiedEarlier = await revise({ notifiedAt: minutesAgo(30) });
    expect(notifiedEarlier.status).toBe(400);
    expect(notifiedEarlier.body.fields).toEqual([
      { field: 'notifiedAt', message: 'Notified at cannot be before the event occurred' },
    ]);
    const occurredLater = await revise({ occurredAt: minutesAgo(10) });
    expect(occurredLater.status).toBe(400);
    expect(occurredLater.body.fields?.map((error) => error.field)).toEqual(['notifiedAt']);
    expect((await revise({ occurredAt: minutesAgo(25) })).status).toBe(201);
  });

  it('gives an event the rule of the protocol revision in force when it occurred, the case keeping its own', async () => {
    const { clientId, protocol } = await clientWithProtocol('NT');
    const study = await studyOf(clientId, 120);
    expect(study.protocolRevision).toBe(1);
    const tightened = await protocol(15, 1);
    expect(tightened.status).toBe(201);
    const changedAt = (tightened.body.data as { createdAt: string }).createdAt;
    // Recorded after the change, one event that occurred just before it and one at it.
    const before = await postEvent(study.id, { type: 'clinical', occurredAt: secondsAfter(changedAt, -1) });
    const after = await postEvent(study.id, { type: 'pushbutton', occurredAt: changedAt });
    expect(before.notification).toMatchObject({
      rule: { withinMinutes: 60 },
      dueBy: secondsAfter(changedAt, 3599),
    });
    expect(after.notification).toMatchObject({
      rule: { withinMinutes: 15 },
      dueBy: minutesAfter(changedAt, 15),
    });
    // The case keeps the revision it was taken in under.
    expect((await details(study.id)).protocolRevision).toBe(1);
    const listed = (await call('GET', records(study.id, 'events'), 'tech1')).body.data as Notified[];
    expect(listed.map((event) => event.notification.rule.withinMinutes)).toEqual([60, 15]);
  });

  it('judges calls on the board and in the report by the revision in force, for a study running across a change', async () => {
    const { clientId, doctor, protocolWrittenAgo } = await clientWithProtocol('NR', null);
    // The first protocol was written five hours ago; the case taken in under it; tightened two hours ago.
    await protocolWrittenAgo(1, 60, 5);
    const study = await studyOf(clientId, 240);
    expect(study.protocolRevision).toBe(1);
    await protocolWrittenAgo(2, 15, 2);
    // Called 30 minutes after: on time under the first protocol, late under the second.
    const underFirst = await postEvent(study.id, {
      type: 'clinical',
      occurredAt: minutesAgo(180),
      notifiedAt: minutesAgo(150),
      notifiedContactId: doctor,
    });
    const underSecond = await postEvent(study.id, {
      type: 'clinical',
      occurredAt: minutesAgo(60),
      notifiedAt: minutesAgo(30),
      notifiedContactId: doctor,
    });
    expect([underFirst.notification.status, underSecond.notification.status]).toEqual(['on-time', 'late']);
    // Not called yet, 50 minutes on: overdue under the second protocol (it would be pending under the first).
    const waiting = await postEvent(study.id, { type: 'clinical', occurredAt: minutesAgo(50) });
    expect(waiting.notification.status).toBe('overdue');

    const board = await call('GET', API_PATHS.home2, 'admin');
    const row = (board.body.data as { monitoring: Json[] }).monitoring.find((found) => found.id === study.id);
    expect(row).toMatchObject({
      notificationsPending: 0,
      notificationsOverdue: 1,
      pendingNotificationsDueBy: [],
    });

    const month = monthIn('UTC');
    const report = await call(
      'GET',
      `${API_PATHS.monitoringHours}?from=${month}&to=${month}&clientId=${clientId}`,
      'admin',
    );
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    expect((report.body.data as { notifications: Json[] }).notifications).toEqual([
      expect.objectContaining({
        due: 3,
        onTime: 1,
        late: 1,
        overdue: 1,
        onTimePercent: 33.3,
        medianDelayMinutes: 30,
      }),
    ]);
  });

  it('counts an old call recorded before its event as no call in the report: 40 % on time, median 27.5 minutes', async () => {
    const { clientId, doctor } = await clientWithProtocol('NV', 10);
    const study = await studyOf(clientId, 600);
    // Rule: 10 minutes. Four on time, four late, one never called.
    const delays = [2, 5, 8, 10, 45, 60, 70, 80];
    for (const [index, delay] of delays.entries()) {
      const occurredAt = minutesAgo(500 - index * 10);
      await postEvent(study.id, {
        type: 'clinical',
        occurredAt,
        notifiedAt: minutesAfter(occurredAt, delay),
        notifiedContactId: doctor,
      });
    }
    await postEvent(study.id, { type: 'clinical', occurredAt: minutesAgo(300) });
    // An old row, written before the rule: "called" 20 minutes before the event.
    const old = await postEvent(study.id, { type: 'clinical', occurredAt: minutesAgo(280) });
    await server.database.db.execute(
      sql`insert into case_record_revisions (item_id, revision, body, voided, void_reason, author)
          select item_id, 2, body || ${JSON.stringify({ notifiedAt: minutesAgo(300), notifiedContactId: doctor })}::jsonb, false, '', 'tech1'
          from case_record_revisions where item_id = ${old._id} and revision = 1`,
    );
    const month = monthIn('UTC');
    const report = await call(
      'GET',
      `${API_PATHS.monitoringHours}?from=${month}&to=${month}&clientId=${clientId}`,
      'admin',
    );
    expect((report.body.data as { notifications: Json[] }).notifications).toEqual([
      expect.objectContaining({
        due: 10,
        onTime: 4,
        late: 4,
        overdue: 2,
        onTimePercent: 40,
        medianDelayMinutes: 27.5,
      }),
    ]);
    // The event itself shows the call as recorded, and as no valid one.
    const listed = (await call('GET', records(study.id, 'events'), 'tech1')).body.data as Notified[];
    expect(listed.find((event) => event._id === old._id)?.notification).toMatchObject({ status: 'overdue' });
    // It may still be voided, though its times break the rule.
    const voided = await call('POST', revisions(study.id, 'events', old._id), 'tech1', {
      baseRevision: 2,
      voided: true,
      voidReason: 'Call logged on the wrong event',
    });
    expect(voided.status, JSON.stringify(voided.body)).toBe(201);
  });

  describe('ACNS 2021 definitions', () => {
    let clientId: number;
    beforeAll(async () => {
      clientId = (await clientWithProtocol('AC')).clientId;
    });
    const interpret = (caseId: number, body: Json) =>
      call('POST', records(caseId, 'interpretations'), 'reader1', { kind: 'prelim', ...body });

    it('refuses each finding outside its definition, naming the field and the definition, and takes its boundary', async () => {
      const study = await studyOf(clientId, 120);
      const refusals: [Json, string, string][] = [
        [
          { patterns: [{ mainTerm1: 'G', mainTerm2: 'RDA', frequencyHz: 6 }] },
          'patterns.0.frequencyHz',
          'RDA is 0.5–4 Hz (ACNS 2021)',
        ],
        [
          { acnsSeizures: [{ class: 'ESz', durationSeconds: 5 }] },
          'acnsSeizures.0.durationSeconds',
          'An electrographic seizure (ESz) lasts at least 10 s (ACNS 2021)',
        ],
        [
          { acnsSeizures: [{ class: 'BIRDs', durationSeconds: 15 }] },
          'acnsSeizures.0.durationSeconds',
          'BIRDs last 0.5 s to under 10 s (ACNS 2021)',
        ],
        [
          { acnsSeizures: [{ class: 'ESE', durationSeconds: 120 }] },
          'acnsSeizures.0.durationSeconds',
          'Electrographic status epilepticus (ESE) lasts at least 10 continuous minutes or takes at least 20 % of an hour (seizure burden) (ACNS 2021)',
        ],
        [
          { acnsSeizures: [{ class: 'ECSE', durationSeconds: 299 }] },
          'acnsSeizures.0.durationSeconds',
          'Electroclinical status epilepticus (ECSE) lasts at least 10 continuous minutes (5 when convulsive) or takes at least 20 % of an hour (seizure burden) (ACNS 2021)',
        ],
      ];
      for (const [body, field, message] of refusals) {
        const reply = await interpret(study.id, body);
        expect(reply.status, JSON.stringify(body)).toBe(400);
        expect(reply.body.fields).toEqual([{ field, message }]);
      }
      const boundaries: Json[] = [
        { patterns: [{ mainTerm1: 'G', mainTerm2: 'RDA', frequencyHz: 4 }] },
        { patterns: [{ mainTerm1: 'L', mainTerm2: 'RDA', frequencyHz: 0.5 }] },
        { acnsSeizures: [{ class: 'ESz', durationSeconds: 10 }] },
        {
          acnsSeizures: [
            { class: 'BIRDs', durationSeconds: 0.5 },
            { class: 'BIRDs', durationSeconds: 9.9 },
          ],
        },
        { acnsSeizures: [{ class: 'ESE', durationSeconds: 600 }] },
        { acnsSeizures: [{ class: 'ESE', durationSeconds: 120 }], seizureBurdenPercent: 20 },
        { acnsSeizures: [{ class: 'ECSE', durationSeconds: 300 }] },
      ];
      for (const body of boundaries) {
        const reply = await interpret(study.id, body);
        expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      }
      // A revision is checked as it will be stored: lowering the burden leaves a short ESE undefined.
      const byBurden = (
        await interpret(study.id, {
          acnsSeizures: [{ class: 'ESE', durationSeconds: 120 }],
          seizureBurdenPercent: 25,
        })
      ).body.data as Item;
      const lowered = await call('POST', revisions(study.id, 'interpretations', byBurden._id), 'reader1', {
        baseRevision: 1,
        seizureBurdenPercent: 10,
      });
      expect(lowered.status).toBe(400);
      expect(lowered.body.fields?.map((error) => error.field)).toEqual(['acnsSeizures.0.durationSeconds']);
    });

    it('keeps a report’s period within the recording (409 naming it), before hookup as after the end', async () => {
      const study = await studyOf(clientId, 600);
      const period = (startAgo: number, endAgo: number) => ({
        kind: 'daily',
        periodStart: minutesAgo(startAgo),
        periodEnd: minutesAgo(endAgo),
      });
      const beforeHookup = await interpret(study.id, period(700, 400));
      expect(beforeHookup.status).toBe(409);
      expect(beforeHookup.body.error).toMatch(
        /^A daily report's period must lie within the recording: from \w{3} \d+, \d{2}:\d{2} UTC on \(the recording is running\)$/,
      );
      // Within the recording, and within the end it is given below (an edit that would leave it out is refused).
      const within = await interpret(study.id, period(599, 90));
      expect(within.status, JSON.stringify(within.body)).toBe(201);
      // A revision moving the period before the recording is refused too.
      const moved = await call(
        'POST',
        revisions(study.id, 'interpretations', (within.body.data as Item)._id),
        'reader1',
        { baseRevision: 1, periodStart: minutesAgo(601) },
      );
      expect(moved.status).toBe(409);

      // Once the recording has ended, a period past its end is outside too.
      const ended = caseOf(await patch(await details(study.id), { recordingEnd: minutesAgo(60) }));
      const pastEnd = await interpret(ended.id, { ...period(300, 30), kind: 'final' });
      expect(pastEnd.status).toBe(409);
      expect(pastEnd.body.error).toMatch(
        /^A final report's period must lie within the recording: from .+ to .+ UTC$/,
      );
      expect((await interpret(ended.id, { ...period(300, 61), kind: 'final' })).status).toBe(201);

      // No recording yet: no period lies within it.
      seq += 1;
      const taken = await intake(clientId, {
        studyType: 'icu',
        monitoringLevel: 'unmonitored',
        patient: { mrn: `NA-${seq}`, firstName: 'Ida', lastName: 'Cu', dateOfBirth: '1966-05-04', sex: 'F' },
      });
      const unstarted = await interpret(taken.id, period(60, 30));
      expect(unstarted.status).toBe(409);
      expect(unstarted.body.error).toBe(
        "A daily report's period must lie within the recording: set the recording start first",
      );
    });
  });
});
