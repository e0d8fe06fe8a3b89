import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { BoardCase, Home2 } from '../../contract/home';
import { API_PATHS } from '../../contract/paths';
import { headsNotAsRecorded } from '../../server/db/recordHeads';
import { callApi, type DemoUsername, demoTokens } from './support/apiClient';
import { caseCalls, caseOf } from './support/caseCalls';
import { describeEachDatabase, startTestServer, type TestServer } from './support/testServer';

type Json = Record<string, unknown>;
type Item = Json & { _id: number; revision: number };

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/**
 * The latest state of each event, impedance check and interpretation (`case_record_heads`), which the board,
 * the clocks and the monthly reports read instead of each record's revisions: it follows every revision in
 * the transaction that writes it, whoever writes it.
 */
describeEachDatabase('Latest state of the records', (kind) => {
  let server: TestServer;
  let tokens: Record<DemoUsername, string>;
  let caseId: number;
  let doctor: number;

  const call = (method: string, path: string, as: DemoUsername = 'tech1', body?: unknown) =>
    callApi(server, method, path, { token: tokens[as], body });
  const { newClient, onCallContact, firstProtocol, intake, details, patch, move, assign } = caseCalls(call);

  beforeAll(async () => {
    server = await startTestServer(kind);
    tokens = await demoTokens();
    const clientId = await newClient('Heads Hospital', `HDS${kind === 'pglite' ? 'L' : 'P'}`, {
      timeZone: 'UTC',
    });
    doctor = await onCallContact(clientId);
    await firstProtocol(clientId, {
      notificationRules: [{ trigger: 'seizure', notify: [doctor], withinMinutes: 15 }],
    });
    const created = await intake(clientId, {
      monitoringLevel: 'intermittent',
      patient: { mrn: 'H-1', firstName: 'Ada', lastName: 'Quinlan', dateOfBirth: '1958-04-17', sex: 'F' },
    });
    expect((await assign('tech1', [created.id])).status).toBe(200);
    const started = await patch(await details(created.id), {
      recordingStart: minutesAgo(300),
      reader: 'reader1',
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const moved = await move(caseOf(started), 'monitoring', 'tech1');
    expect(moved.status, JSON.stringify(moved.body)).toBe(201);
    caseId = caseOf(moved).id;
  });
  afterAll(async () => {
    await server?.close();
  });

  async function write(kindOf: string, body: Json, as: DemoUsername = 'tech1', item?: Item) {
    const path = item
      ? API_PATHS.caseRecordRevisions(caseId, kindOf, item._id)
      : API_PATHS.caseRecords(caseId, kindOf);
    const reply = await call('POST', path, as, item ? { baseRevision: item.revision, ...body } : body);
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    return reply.body.data as Item;
  }
  async function headOf(item: Item) {
    const result = await server.database.db.execute<{
      revision: number;
      voided: boolean;
      type: string | null;
      at: string | null;
    }>(sql`select revision, voided, type, at::text as at from case_record_heads where item_id = ${item._id}`);
    const [head] = result.rows;
    return head && { ...head, at: head.at === null ? null : new Date(head.at).toISOString() };
  }
  async function boardRow() {
    const reply = await call('GET', API_PATHS.home2, 'admin');
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return (reply.body.data as Home2).monitoring.find((row) => row.id === caseId) as BoardCase;
  }

  it('follows every revision of an event, an impedance check and an interpretation', async () => {
    const occurred = minutesAgo(40);
    let event = await write('events', { type: 'seizure', occurredAt: occurred });
    expect(await headOf(event)).toEqual({ revision: 1, voided: false, type: 'seizure', at: occurred });
    expect((await boardRow()).notificationsOverdue).toBe(1);

    const moved = minutesAgo(35);
    event = await write('events', { occurredAt: moved, type: 'clinical' }, 'tech1', event);
    expect(await headOf(event)).toEqual({ revision: 2, voided: false, type: 'clinical', at: moved });
    // No rule covers a clinical event in this protocol: nothing left to notify.
    expect((await boardRow()).notificationsOverdue).toBe(0);
    event = await write('events', { type: 'seizure' }, 'tech1', event);
    expect((await boardRow()).notificationsOverdue).toBe(1);
    event = await write('events', { voided: true, voidReason: 'Artifact' }, 'tech1', event);
    expect(await headOf(event)).toEqual({ revision: 4, voided: true, type: 'seizure', at: moved });
    expect((await boardRow()).notificationsOverdue).toBe(0);

    // The board's last check follows the impedance check's latest time, and not a voided one.
    const measured = minutesAgo(30);
    let impedance = await write('impedances', { measuredAt: measured, values: { Fp1: 3 } });
    expect(await headOf(impedance)).toEqual({ revision: 1, voided: false, type: null, at: measured });
    expect((await boardRow()).lastCheckAt).toBe(measured);
    const remeasured = minutesAgo(20);
    impedance = await write('impedances', { measuredAt: remeasured }, 'tech1', impedance);
    expect((await boardRow()).lastCheckAt).toBe(remeasured);
    await write('impedances', { voided: true, voidReason: 'Wrong patient' }, 'tech1', impedance);
    expect(Date.parse((await boardRow()).lastCheckAt as string)).toBeLessThan(Date.parse(measured));

    // An interpretation has a time only while signed: its signature.
    const draft = await write('interpretations', { kind: 'prelim', seizuresInPeriod: false }, 'reader1');
    expect(await headOf(draft)).toEqual({ revision: 1, voided: false, type: 'prelim', at: null });
    const signed = await write('interpretations', { status: 'signed' }, 'reader1', draft);
    const head = await headOf(signed);
    expect(head).toMatchObject({ revision: 2, voided: false, type: 'prelim' });
    expect(head?.at).toBe(signed.signedAt);

    expect(await headsNotAsRecorded(server.database.db)).toBe(0);
  });

  it('keeps the latest revision when an earlier one is written after it', async () => {
    const event = await write('events', { type: 'seizure', occurredAt: minutesAgo(10) });
    const later = minutesAgo(8);
    const earlier = minutesAgo(9);
    // Revisions 3 and 2 written in that order (two writers committing out of turn): the head stays at 3.
    await server.database.db.transaction(async (tx) => {
      for (const [revision, occurredAt] of [
        [3, later],
        [2, earlier],
      ] as const) {
        await tx.execute(sql`insert into case_record_revisions (item_id, revision, body, author)
          select item_id, ${revision}, jsonb_set(body, '{occurredAt}', to_jsonb(${occurredAt}::text)), 'tech1'
          from case_record_revisions where item_id = ${event._id} and revision = 1`);
      }
    });
    expect(await headOf(event)).toEqual({ revision: 3, voided: false, type: 'seizure', at: later });
    expect(await headsNotAsRecorded(server.database.db)).toBe(0);
  });

  it('keeps when an event’s call was closed, and opens the call again when the event moves after that', async () => {
    let event = await write('events', { type: 'seizure', occurredAt: minutesAgo(50) });
    const attempt = async (body: Json) => {
      const reply = await call('POST', API_PATHS.callAttempts(caseId, event._id), 'tech1', {
        contactId: doctor,
        ...body,
      });
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    };
    const closedAt = async () => {
      const result = await server.database.db.execute<{ closed: string | null }>(
        sql`select call_closed_at::text as closed from case_record_heads where item_id = ${event._id}`,
      );
      const closed = result.rows[0]?.closed;
      return closed ? new Date(closed).toISOString() : null;
    };
    const overdue = async () => (await boardRow()).notificationsOverdue;
    const open = await overdue();
    expect(open).toBeGreaterThan(0);

    // Neither voicemail nor a reach without read-back closes the call.
    await attempt({ at: minutesAgo(46), outcome: 'voicemail' });
    await attempt({ at: minutesAgo(45), outcome: 'reached', readBack: false });
    expect(await closedAt()).toBeNull();
    expect(await overdue()).toBe(open);

    const reached = minutesAgo(44);
    await attempt({ at: reached, outcome: 'reached', readBack: true });
    expect(await closedAt()).toBe(reached);
    expect(await overdue()).toBe(open - 1);
    // An earlier closing attempt recorded later keeps the latest time.
    await attempt({ at: minutesAgo(47), outcome: 'reached', readBack: true });
    expect(await closedAt()).toBe(reached);

    // The event corrected to after the call: that call did not close it.
    event = await write('events', { occurredAt: minutesAgo(43) }, 'tech1', event);
    expect(await closedAt()).toBe(reached);
    expect(await overdue()).toBe(open);
    expect(await headsNotAsRecorded(server.database.db)).toBe(0);
  });
});
