import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { AttentionItem } from '../../contract/attention';
import { STREAM_EVENTS } from '../../contract/changeEvents';
import { API_PATHS } from '../../contract/paths';
import { callApi, type DemoUsername, demoTokens, fieldNames } from './support/apiClient';
import { caseCalls, caseOf } from './support/caseCalls';
import { openEventStream } from './support/eventStream';
import { createTestUser, fetchIdToken } from './support/identity';
import {
  describeEachDatabase,
  startInstanceBeside,
  startTestServer,
  type TestServer,
} from './support/testServer';

const MINUTE = 60_000;
const agoMs = (ms: number) => new Date(Date.now() - ms).toISOString();
const minutesAgo = (minutes: number) => agoMs(minutes * MINUTE);

describeEachDatabase('Attention items', (kind) => {
  let first: TestServer;
  let second: TestServer;
  let tokens: Record<DemoUsername | 'other', string>;
  let clientId: number;
  let doctor: number;
  const assigned: number[] = [];

  const call = (method: string, path: string, as: DemoUsername | 'other' = 'tech1', body?: unknown) =>
    callApi(first, method, path, { token: tokens[as], body });
  const cases = caseCalls(call);

  beforeAll(async () => {
    first = await startTestServer(kind);
    second = await startInstanceBeside(first);
    const other = await createTestUser(inject('identity'), { groups: ['technologist'] });
    tokens = {
      ...(await demoTokens()),
      other: await fetchIdToken(inject('identity'), other.username, other.password),
    };
    clientId = await cases.newClient('Attention General', `ATT${kind === 'pglite' ? 'L' : 'P'}`);
    doctor = await cases.onCallContact(clientId);
    await cases.firstProtocol(clientId, {
      notificationRules: [{ trigger: 'other', notify: [doctor], withinMinutes: 30 }],
    });
  }, 90_000);
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  /** A case in monitoring for tech1 (hourly checks) whose recording started at `start`. */
  let seq = 0;
  async function monitoring(start: string) {
    seq += 1;
    const created = await cases.intake(clientId, {
      monitoringLevel: 'intermittent',
      patient: {
        mrn: `AT-${seq}`,
        firstName: 'Ada',
        lastName: 'Quinlan',
        dateOfBirth: '1958-04-17',
        sex: 'F',
      },
    });
    assigned.push(created.id);
    expect((await cases.assign('tech1', assigned)).status).toBe(200);
    const started = caseOf(await cases.patch(await cases.details(created.id), { recordingStart: start }));
    const moved = await cases.move(started, 'monitoring', 'tech1');
    expect(moved.status, JSON.stringify(moved.body)).toBe(201);
    return caseOf(moved);
  }
  async function itemsOf(as: DemoUsername | 'other', server = first) {
    const reply = await callApi(server, 'GET', API_PATHS.attention, { token: tokens[as] });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return (reply.body.data as { items: AttentionItem[] }).items;
  }
  const kindsOn = (items: AttentionItem[], caseId: number) =>
    items.filter((item) => item.caseId === caseId).map((item) => item.kind);
  /** Waits for the stream's `attention` messages until tech1 has an item of `kind` on the case; closes it. */
  async function untilAnnounced(
    stream: Awaited<ReturnType<typeof openEventStream>>,
    caseId: number,
    kind: AttentionItem['kind'],
  ) {
    let seen = 0;
    for (;;) {
      await stream.next(
        (message) => message.event === STREAM_EVENTS.attention && stream.messages.indexOf(message) >= seen,
      );
      seen = stream.messages.length;
      if (kindsOn(await itemsOf('tech1', second), caseId).includes(kind)) break;
    }
    stream.close();
  }

  it('asks a case overdue for a check of its technologist and the administrators, not of another technologist', async () => {
    const overdue = await monitoring(minutesAgo(90));
    const onTimeStart = minutesAgo(10);
    const onTime = await monitoring(onTimeStart);
    // The case page's countdown: its next check, an hour after the recording started.
    expect(onTime.nextCheckBy).toBe(new Date(Date.parse(onTimeStart) + 60 * MINUTE).toISOString());
    const mine = await itemsOf('tech1');
    expect(kindsOn(mine, overdue.id)).toEqual(['check-overdue']);
    expect(mine.find((item) => item.caseId === overdue.id)).toMatchObject({ caseNumber: overdue.caseNumber });
    expect(kindsOn(mine, onTime.id)).toEqual([]);
    expect(kindsOn(await itemsOf('admin'), overdue.id)).toEqual(['check-overdue']);
    expect(kindsOn(await itemsOf('other'), overdue.id)).toEqual([]);
    expect((await call('GET', API_PATHS.attention, 'reader1')).status).toBe(403);
    expect(JSON.stringify(mine)).not.toMatch(/patient|Ada/i);
  });

  it('asks for a call when an event needs one, and again once it is late', async () => {
    const study = await monitoring(minutesAgo(5));
    const post = (occurredAt: string) =>
      call('POST', API_PATHS.caseRecords(study.id, 'events'), 'tech1', { type: 'clinical', occurredAt });
    expect((await post(minutesAgo(2))).status).toBe(201);
    expect(kindsOn(await itemsOf('tech1'), study.id)).toEqual(['notification-due']);
    expect((await post(minutesAgo(45))).status).toBe(201);
    expect(kindsOn(await itemsOf('tech1'), study.id).sort()).toEqual([
      'notification-due',
      'notification-late',
    ]);
  });

  it('asks every technologist of a new stat order nobody has taken yet', async () => {
    const ordered = await cases.intake(clientId);
    const routine = await cases.intake(clientId);
    await first.database.db.execute(sql`update cases set order_priority = 'stat' where id = ${ordered.id}`);
    await first.database.db.execute(
      sql`update cases set order_priority = 'routine' where id = ${routine.id}`,
    );
    for (const as of ['tech1', 'other', 'admin'] as const) {
      const items = await itemsOf(as);
      expect(kindsOn(items, ordered.id)).toEqual(['stat-order']);
      expect(kindsOn(items, routine.id)).toEqual([]);
    }
  });

  it('asks every technologist of an order whose hookup clock is past due, not of one still within target', async () => {
    const order = (minutes: number) => ({
      order: { orderedAt: minutesAgo(minutes), priority: 'urgent', indication: 'Confusion' },
    });
    const breached = await cases.intake(clientId, order(200));
    const within = await cases.intake(clientId, order(10));
    for (const as of ['tech1', 'other', 'admin'] as const) {
      const items = await itemsOf(as);
      expect(kindsOn(items, breached.id)).toEqual(['clock-breached']);
      expect(kindsOn(items, within.id)).toEqual([]);
    }
    const [item] = (await itemsOf('tech1')).filter((open) => open.caseId === breached.id);
    expect(item).toMatchObject({ caseNumber: breached.caseNumber, stage: 'intake', dueBy: null });
    expect(item.key).toContain('hookup');
    // Met by the recording's start: asked no more.
    const started = await cases.patch(await cases.details(breached.id), { recordingStart: minutesAgo(1) });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(kindsOn(await itemsOf('tech1'), breached.id)).toEqual([]);
  });

  /** A `clinical` event (a call due within 30 minutes) on the case, tried once without answer at `triedAt`. */
  async function triedCall(caseId: number, occurredAt: string, triedAt: string) {
    const event = await call('POST', API_PATHS.caseRecords(caseId, 'events'), 'tech1', {
      type: 'clinical',
      occurredAt,
    });
    expect(event.status, JSON.stringify(event.body)).toBe(201);
    const itemId = (event.body.data as { _id: number })._id;
    const tried = await call('POST', API_PATHS.callAttempts(caseId, itemId), 'tech1', {
      at: triedAt,
      contactId: doctor,
      outcome: 'no-answer',
    });
    expect(tried.status, JSON.stringify(tried.body)).toBe(201);
    return itemId;
  }

  it('asks for the next call once an unanswered call’s escalation is due, of the case’s technologist', async () => {
    const study = await monitoring(minutesAgo(5));
    // Tried 19 minutes ago: the next contact was due 5 minutes later. Tried a minute ago: not yet.
    const due = await triedCall(study.id, minutesAgo(20), minutesAgo(19));
    await triedCall(study.id, minutesAgo(3), minutesAgo(1));
    const mine = (await itemsOf('tech1')).filter((item) => item.caseId === study.id);
    expect(mine.map((item) => item.kind).sort()).toEqual([
      'call-next',
      'notification-due',
      'notification-due',
    ]);
    const next = mine.find((item) => item.kind === 'call-next');
    expect(next?.key).toContain(`:${due}:`);
    expect(next?.caseNumber).toBe(study.caseNumber);
    expect(kindsOn(await itemsOf('other'), study.id)).toEqual([]);
    expect(JSON.stringify(mine)).not.toMatch(/Ada|Quinlan/);
  });

  it('tells the streams when a next call falls due with no write', async () => {
    const study = await monitoring(minutesAgo(5));
    // Tried almost five minutes ago: the next contact is due a few seconds from now.
    await triedCall(study.id, minutesAgo(6), agoMs(5 * MINUTE - 4_000));
    const stream = await openEventStream(second, tokens.tech1);
    expect(kindsOn(await itemsOf('tech1'), study.id)).not.toContain('call-next');
    await untilAnnounced(stream, study.id, 'call-next');
  });

  it('clears an acknowledged item for its user alone, telling their streams on every instance', async () => {
    const overdue = await monitoring(minutesAgo(100));
    const [item] = (await itemsOf('tech1')).filter((open) => open.caseId === overdue.id);
    const mine = await openEventStream(second, tokens.tech1);
    const admins = await openEventStream(second, tokens.admin);
    await mine.next((message) => message.event === STREAM_EVENTS.clock);
    await admins.next((message) => message.event === STREAM_EVENTS.clock);

    const acknowledged = await call('POST', API_PATHS.attentionAcknowledgements, 'tech1', { key: item.key });
    expect(acknowledged.status, JSON.stringify(acknowledged.body)).toBe(200);
    const heard = await mine.nextChange((change) => change.kind === 'attention');
    expect(heard).toMatchObject({ caseId: overdue.id, username: 'tech1' });
    expect(kindsOn(await itemsOf('tech1', second), overdue.id)).toEqual([]);
    expect(kindsOn(await itemsOf('admin', second), overdue.id)).toEqual(['check-overdue']);
    // Again is no error, and no second change.
    expect((await call('POST', API_PATHS.attentionAcknowledgements, 'tech1', { key: item.key })).status).toBe(
      200,
    );

    const sentinel = await cases.intake(clientId);
    await admins.nextChange((change) => change.caseId === sentinel.id);
    await mine.nextChange((change) => change.caseId === sentinel.id);
    expect(admins.changes().filter((change) => change.kind === 'attention')).toEqual([]);
    expect(mine.changes().filter((change) => change.kind === 'attention')).toHaveLength(1);
    mine.close();
    admins.close();
  });

  it('refuses an acknowledgement of no item of the caller (404) or without a key (400)', async () => {
    const overdue = await monitoring(minutesAgo(100));
    const [item] = (await itemsOf('tech1')).filter((open) => open.caseId === overdue.id);
    expect((await call('POST', API_PATHS.attentionAcknowledgements, 'other', { key: item.key })).status).toBe(
      404,
    );
    expect(
      (await call('POST', API_PATHS.attentionAcknowledgements, 'tech1', { key: 'made-up' })).status,
    ).toBe(404);
    const empty = await call('POST', API_PATHS.attentionAcknowledgements, 'tech1', {});
    expect(empty.status).toBe(400);
    expect(fieldNames(empty)).toEqual(['key']);
    expect(
      (await call('POST', API_PATHS.attentionAcknowledgements, 'reader1', { key: item.key })).status,
    ).toBe(403);
  });

  it('tells the streams when a case turns overdue with no write', async () => {
    // The next check falls due a few seconds from now.
    const soon = await monitoring(agoMs(60 * MINUTE - 4_000));
    const stream = await openEventStream(second, tokens.tech1);
    expect(kindsOn(await itemsOf('tech1'), soon.id)).toEqual([]);
    await untilAnnounced(stream, soon.id, 'check-overdue');
  });
});
