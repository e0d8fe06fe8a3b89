import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addMonths } from '../../contract/billingMonths';
import { monthIn } from '../../contract/calendar';
import type { CallAttempt } from '../../contract/callAttempts';
import type { Notification } from '../../contract/notifications';
import { API_PATHS } from '../../contract/paths';
import { ORDER_PRIORITIES, type TurnaroundMonth } from '../../contract/turnaround';
import { callApi, type DemoUsername, demoTokens } from './support/apiClient';
import { caseCalls, caseOf } from './support/caseCalls';
import { describeEachDatabase, startTestServer, type TestServer } from './support/testServer';

type Json = Record<string, unknown>;
type Event = { _id: number; notifiedAt: string | null; notification: Notification };

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const minutesAfter = (at: string, minutes: number) =>
  new Date(Date.parse(at) + minutes * 60_000).toISOString();

/**
 * DESIGN §4 "Orders and critical calls": a seizure's call is several attempts down the contact order, closed
 * by the first that reaches someone who reads the result back; attempts are appended, never changed.
 */
describeEachDatabase('Critical-result calls', (kind) => {
  let server: TestServer;
  let tokens: Record<DemoUsername, string>;
  let seq = 0;
  const watched: number[] = [];
  const suffix = kind === 'pglite' ? 'L' : 'P';

  const call = (method: string, path: string, as: DemoUsername = 'admin', body?: unknown) =>
    callApi(server, method, path, { token: tokens[as], body });
  const { newClient, firstProtocol, intake, details, move, patch, assign } = caseCalls(call);

  beforeAll(async () => {
    server = await startTestServer(kind);
    tokens = await demoTokens();
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A client with three contacts in escalation order and a seizure rule naming them all. */
  async function clientWithContacts(code: string, withinMinutes = 10) {
    const clientId = await newClient(`Calls ${code} Hospital`, `${code}${suffix}`);
    const ids: number[] = [];
    for (const [i, name] of ['Dr Alpha', 'Dr Bravo', 'Dr Charlie'].entries()) {
      const reply = await call('POST', API_PATHS.clientRecords(clientId, 'contacts'), 'admin', {
        name,
        role: 'Neurologist',
        phone: `555-010${i + 1}`,
        escalationOrder: i + 1,
      });
      ids.push((reply.body.data as { _id: number })._id);
    }
    await firstProtocol(clientId, {
      notificationRules: [{ trigger: 'seizure', notify: ids, withinMinutes }],
      escalationMinutes: 5,
    });
    return { clientId, contacts: ids };
  }

  /** A case of the client in monitoring since `recordingStart`, watched by tech1. */
  async function studyOf(clientId: number, recordingStart: string) {
    seq += 1;
    const created = await intake(clientId, {
      studyType: 'icu',
      monitoringLevel: 'unmonitored',
      patient: { mrn: `CC-${seq}`, firstName: 'Cal', lastName: 'Ling', dateOfBirth: '1970-01-02', sex: 'M' },
    });
    watched.push(created.id);
    expect((await assign('tech1', watched)).status).toBe(200);
    const started = caseOf(await patch(await details(created.id), { recordingStart }));
    const moved = await move(started, 'monitoring', 'tech1');
    expect(moved.status, JSON.stringify(moved.body)).toBe(201);
    return caseOf(moved).id;
  }

  async function seizure(caseId: number, occurredAt: string) {
    const reply = await call('POST', API_PATHS.caseRecords(caseId, 'events'), 'tech1', {
      type: 'seizure',
      occurredAt,
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    return reply.body.data as Event;
  }

  const attempt = (caseId: number, itemId: number, body: Json, as: DemoUsername = 'tech1') =>
    call('POST', API_PATHS.callAttempts(caseId, itemId), as, body);

  async function logged(caseId: number, itemId: number, body: Json, as: DemoUsername = 'tech1') {
    const reply = await attempt(caseId, itemId, body, as);
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    return (reply.body.data as Event).notification;
  }

  it('escalates after two unanswered calls to the third contact, and closes late on a reached call with read-back', async () => {
    const { clientId, contacts } = await clientWithContacts('CA');
    const [alpha, bravo, charlie] = contacts;
    const caseId = await studyOf(clientId, minutesAgo(180));
    const occurredAt = minutesAgo(60);
    const event = await seizure(caseId, occurredAt);
    expect(event.notification).toMatchObject({
      status: 'overdue',
      attempts: [],
      nextContact: { id: alpha, name: 'Dr Alpha', phone: '555-0101' },
      escalateBy: null,
      escalationMinutes: 5,
    });

    const first = await logged(caseId, event._id, {
      at: minutesAfter(occurredAt, 2),
      contactId: alpha,
      outcome: 'no-answer',
    });
    expect(first).toMatchObject({ nextContact: { id: bravo }, escalateBy: minutesAfter(occurredAt, 7) });
    expect(first.attempts).toEqual([
      {
        id: expect.any(Number),
        at: minutesAfter(occurredAt, 2),
        contactId: alpha,
        number: '555-0101',
        outcome: 'no-answer',
        readBack: false,
        reachedName: null,
        note: null,
        by: 'tech1',
      },
    ]);
    const second = await logged(caseId, event._id, {
      at: minutesAfter(occurredAt, 8),
      contactId: bravo,
      number: '555-0199',
      outcome: 'voicemail',
      note: 'Left a message to call back',
    });
    expect(second).toMatchObject({
      status: 'overdue',
      nextContact: { id: charlie, name: 'Dr Charlie' },
      escalateBy: minutesAfter(occurredAt, 13),
    });
    expect(second.attempts[1]).toMatchObject({ number: '555-0199', note: 'Left a message to call back' });

    // A reader may call too; someone else answered for Dr Charlie and read it back: closed, late (due at +10).
    const closed = await logged(
      caseId,
      event._id,
      {
        at: minutesAfter(occurredAt, 14),
        contactId: charlie,
        outcome: 'reached',
        readBack: true,
        reachedOther: true,
        reachedName: 'Resident Delta',
      },
      'reader1',
    );
    expect(closed).toMatchObject({
      status: 'late',
      notifiedAt: minutesAfter(occurredAt, 14),
      notifiedContactId: charlie,
      notifiedBy: 'reader1',
      nextContact: null,
      escalateBy: null,
    });
    expect(closed.attempts.map((a: CallAttempt) => [a.outcome, a.reachedName])).toEqual([
      ['no-answer', null],
      ['voicemail', null],
      ['reached', 'Resident Delta'],
    ]);
    // The list answers the same, and the board no longer counts the call as open.
    const listed = await call('GET', API_PATHS.caseRecords(caseId, 'events'), 'billing1');
    expect(listed.status).toBe(403);
    const events = await call('GET', API_PATHS.caseRecords(caseId, 'events'), 'tech1');
    expect((events.body.data as Event[])[0].notification).toEqual(closed);
  });

  it('leaves the call open after a reached call without read-back, and wraps to the first contact', async () => {
    const { clientId, contacts } = await clientWithContacts('CB', 30);
    const [alpha, , charlie] = contacts;
    const caseId = await studyOf(clientId, minutesAgo(120));
    const occurredAt = minutesAgo(20);
    const event = await seizure(caseId, occurredAt);
    const open = await logged(caseId, event._id, {
      at: minutesAfter(occurredAt, 3),
      contactId: charlie,
      outcome: 'reached',
      readBack: false,
    });
    expect(open).toMatchObject({
      status: 'pending',
      notifiedAt: null,
      nextContact: { id: alpha },
      escalateBy: minutesAfter(occurredAt, 8),
    });
    const boardRow = async () => {
      const board = await call('GET', API_PATHS.home2, 'admin');
      return (board.body.data as { monitoring: Json[] }).monitoring.find((found) => found.id === caseId);
    };
    // Still to close on the board: pending, due at +30.
    expect(await boardRow()).toMatchObject({
      notificationsPending: 1,
      notificationsOverdue: 0,
      callNext: { id: alpha, name: 'Dr Alpha', phone: '555-0101', escalateBy: minutesAfter(occurredAt, 8) },
    });
    const done = await logged(caseId, event._id, {
      at: minutesAfter(occurredAt, 5),
      contactId: alpha,
      outcome: 'reached',
      readBack: true,
    });
    expect(done).toMatchObject({ status: 'on-time', notifiedContactId: alpha, nextContact: null });
    expect(await boardRow()).toMatchObject({
      notificationsPending: 0,
      notificationsOverdue: 0,
      callNext: null,
    });
  });

  it('refuses (400) a call before the event, in the future, to another client’s contact or without who answered', async () => {
    const { clientId, contacts } = await clientWithContacts('CC');
    const other = await clientWithContacts('CD');
    const caseId = await studyOf(clientId, minutesAgo(120));
    const occurredAt = minutesAgo(30);
    const event = await seizure(caseId, occurredAt);
    const early = await attempt(caseId, event._id, {
      at: minutesAfter(occurredAt, -1),
      contactId: other.contacts[0],
      outcome: 'reached',
      readBack: true,
      reachedOther: true,
    });
    expect(early.status).toBe(400);
    expect(early.body.fields).toEqual([
      { field: 'at', message: 'A call cannot be before the event occurred' },
      { field: 'contactId', message: `Contact ${other.contacts[0]} is not a contact of this case's client` },
      { field: 'reachedName', message: 'Name the person who answered instead of the contact' },
    ]);
    const future = await attempt(caseId, event._id, {
      at: minutesAgo(-6),
      contactId: contacts[0],
      outcome: 'busy',
      readBack: true,
    });
    expect(future.status).toBe(400);
    expect(future.body.fields).toEqual([
      { field: 'at', message: 'Called at cannot be in the future (more than 5 minutes from now)' },
      { field: 'readBack', message: 'Only a call that reached someone has a read-back' },
    ]);
    const shapeless = await attempt(caseId, event._id, {
      at: 'soon',
      contactId: 'Dr Alpha',
      outcome: 'paged',
    });
    expect(shapeless.status).toBe(400);
    expect((shapeless.body.fields as { field: string }[]).map((f) => f.field).sort()).toEqual([
      'at',
      'contactId',
      'outcome',
    ]);
    // Nothing was stored by the refused calls; an event no rule covers has no call to log (409).
    expect((await details(caseId)).id).toBe(caseId);
    const listed = await call('GET', API_PATHS.caseRecords(caseId, 'events'), 'tech1');
    expect((listed.body.data as Event[])[0].notification.attempts).toEqual([]);
    const artifact = await call('POST', API_PATHS.caseRecords(caseId, 'events'), 'tech1', {
      type: 'artifact',
      occurredAt,
    });
    const uncovered = await attempt(caseId, (artifact.body.data as Event)._id, {
      at: occurredAt,
      contactId: contacts[0],
      outcome: 'no-answer',
    });
    expect(uncovered.status).toBe(409);
    expect(
      (await attempt(caseId, 999_999, { at: occurredAt, contactId: contacts[0], outcome: 'busy' })).status,
    ).toBe(404);
  });

  it('keeps every attempt: two logged at once are both kept, and none can be changed or deleted', async () => {
    const { clientId, contacts } = await clientWithContacts('CE');
    const caseId = await studyOf(clientId, minutesAgo(120));
    const occurredAt = minutesAgo(30);
    const event = await seizure(caseId, occurredAt);
    const [a, b] = await Promise.all([
      attempt(caseId, event._id, {
        at: minutesAfter(occurredAt, 1),
        contactId: contacts[0],
        outcome: 'busy',
      }),
      attempt(
        caseId,
        event._id,
        { at: minutesAfter(occurredAt, 1), contactId: contacts[1], outcome: 'no-answer' },
        'reader1',
      ),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    const counts = [a, b].map((reply) => (reply.body.data as Event).notification.attempts.length).sort();
    // Taken one after the other: the second answer counts the first's attempt.
    expect(counts).toEqual([1, 2]);
    const db = server.database.db;
    await expect(
      db.execute(sql`update call_attempts set outcome = 'reached' where item_id = ${event._id}`),
    ).rejects.toThrow();
    await expect(db.execute(sql`delete from call_attempts where item_id = ${event._id}`)).rejects.toThrow();
    const listed = await call('GET', API_PATHS.caseRecords(caseId, 'events'), 'tech1');
    expect((listed.body.data as Event[])[0].notification.attempts.map((x) => x.outcome).sort()).toEqual([
      'busy',
      'no-answer',
    ]);
  });

  it('keeps a call recorded the old way (notifiedAt) as one reached attempt with read-back unknown', async () => {
    const { clientId, contacts } = await clientWithContacts('CF');
    const caseId = await studyOf(clientId, minutesAgo(120));
    const occurredAt = minutesAgo(30);
    const reply = await call('POST', API_PATHS.caseRecords(caseId, 'events'), 'tech1', {
      type: 'seizure',
      occurredAt,
      notifiedAt: minutesAfter(occurredAt, 4),
      notifiedContactId: contacts[1],
    });
    expect(reply.status).toBe(201);
    const { notification } = reply.body.data as Event;
    expect(notification).toMatchObject({
      status: 'on-time',
      notifiedAt: minutesAfter(occurredAt, 4),
      notifiedContactId: contacts[1],
      notifiedBy: 'tech1',
      nextContact: null,
    });
    expect(notification.attempts).toEqual([
      expect.objectContaining({
        outcome: 'reached',
        readBack: null,
        number: '555-0102',
        contactId: contacts[1],
      }),
    ]);
  });

  it('gives in the turnaround report per client and month the calls, share closed on time, median minutes to reach, attempts per call and escalations', async () => {
    const { clientId, contacts } = await clientWithContacts('CG');
    const [alpha, bravo] = contacts;
    const caseId = await studyOf(clientId, '2026-03-01T00:00:00.000Z');
    const at = (day: number, time: string) => `2026-03-${String(day).padStart(2, '0')}T${time}:00.000Z`;
    const calls: [string, [string, number, string, boolean?][]][] = [
      // On time, reached after 4 min, one attempt.
      [at(10, '10:00'), [[at(10, '10:04'), alpha, 'reached', true]]],
      // Late (due 10:10), reached after 12 min, two attempts, one escalation.
      [
        at(11, '10:00'),
        [
          [at(11, '10:03'), alpha, 'no-answer'],
          [at(11, '10:12'), bravo, 'reached', true],
        ],
      ],
      // Late, first reached after 20 min (without read-back), four attempts, two escalations (A→B→A).
      [
        at(12, '10:00'),
        [
          [at(12, '10:02'), alpha, 'voicemail'],
          [at(12, '10:08'), bravo, 'busy'],
          [at(12, '10:20'), alpha, 'reached', false],
          [at(12, '10:21'), alpha, 'reached', true],
        ],
      ],
      // Never called: overdue.
      [at(13, '10:00'), []],
      // April: outside a March-only range.
      ['2026-04-01T10:00:00.000Z', [['2026-04-01T10:01:00.000Z', bravo, 'reached', true]]],
    ];
    for (const [occurredAt, attempts] of calls) {
      const event = await seizure(caseId, occurredAt);
      for (const [when, contactId, outcome, readBack] of attempts)
        await logged(caseId, event._id, { at: when, contactId, outcome, readBack: readBack ?? false });
    }
    // No rule covers an electrode coming off here: no call.
    const off = await call('POST', API_PATHS.caseRecords(caseId, 'events'), 'tech1', {
      type: 'electrode-off',
      occurredAt: at(14, '10:00'),
    });
    expect(off.status, JSON.stringify(off.body)).toBe(201);
    const noOrders = ORDER_PRIORITIES.map((priority) => ({
      priority,
      orders: 0,
      hookup: { measured: 0, met: 0, share: null, medianMinutes: null },
      firstReview: { measured: 0, met: 0, share: null, medianMinutes: null },
    }));
    const turnaround = (from: string, to: string, as: DemoUsername = 'billing1') =>
      call('GET', `${API_PATHS.turnaround}?from=${from}&to=${to}&clientId=${clientId}`, as);
    const report = await turnaround('2026-03', '2026-03');
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    expect(report.body.data).toEqual({
      months: [
        {
          clientId,
          clientName: 'Calls CG Hospital',
          month: '2026-03',
          orders: noOrders,
          calls: {
            calls: 4,
            due: 4,
            onTime: 1,
            late: 2,
            overdue: 1,
            pending: 0,
            onTimePercent: 25,
            medianMinutesToReach: 12,
            attempts: 7,
            attemptsPerCall: 1.75,
            escalations: 3,
          },
        },
      ],
    });
    const both = await turnaround('2026-03', '2026-04', 'admin');
    expect(
      (both.body.data as { months: TurnaroundMonth[] }).months.map((row) => [
        row.month,
        row.calls?.onTimePercent,
      ]),
    ).toEqual([
      ['2026-03', 25],
      ['2026-04', 100],
    ]);

    // A call not yet due is pending: counted, not judged.
    const now = monthIn('UTC');
    await seizure(caseId, minutesAgo(2));
    const current = await turnaround(now, now);
    expect((current.body.data as { months: TurnaroundMonth[] }).months).toEqual([
      expect.objectContaining({
        month: now,
        calls: expect.objectContaining({ calls: 1, due: 0, pending: 1, onTimePercent: null, attempts: 0 }),
      }),
    ]);
    expect((await turnaround('2026-03', '2026-03', 'tech1')).status).toBe(403);
    expect((await turnaround('2026-04', '2026-03')).status).toBe(400);
  });

  it('counts each call in the turnaround report under the protocol revision in force when its event occurred', async () => {
    // Revision 1: seizures within 10 minutes; the case is taken in under it.
    const { clientId, contacts } = await clientWithContacts('CR', 10);
    const caseId = await studyOf(clientId, minutesAgo(180));
    // Before revision 1 was written: the case's own revision (1) holds, due 10 minutes on, overdue.
    await seizure(caseId, minutesAgo(120));
    // Under revision 1: due in 10 minutes, pending.
    await seizure(caseId, new Date().toISOString());
    const second = await call('POST', API_PATHS.protocolRevisions(clientId), 'admin', {
      baseRevision: 1,
      body: 'Protocol, seizures called at once',
      checkIntervalMinutes: 60,
      reportTurnaroundHours: 24,
      impedanceLimitKOhm: 5,
      notificationRules: [{ trigger: 'seizure', notify: contacts, withinMinutes: 0 }],
      escalationMinutes: 5,
    });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    // Under revision 2: due at once, overdue.
    await seizure(caseId, new Date().toISOString());
    const now = monthIn('UTC');
    const report = await call(
      'GET',
      `${API_PATHS.turnaround}?from=${addMonths(now, -1)}&to=${now}&clientId=${clientId}`,
      'billing1',
    );
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    const months = (report.body.data as { months: TurnaroundMonth[] }).months;
    const total = (key: 'calls' | 'overdue' | 'pending') =>
      months.reduce((sum, row) => sum + (row.calls?.[key] ?? 0), 0);
    expect({ calls: total('calls'), overdue: total('overdue'), pending: total('pending') }).toEqual({
      calls: 3,
      overdue: 2,
      pending: 1,
    });
  });
});
