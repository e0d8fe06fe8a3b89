import pg from 'pg';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { STREAM_EVENTS } from '../../contract/changeEvents';
import { API_PATHS } from '../../contract/paths';
import { callApi, type DemoUsername, demoTokens } from './support/apiClient';
import { caseCalls } from './support/caseCalls';
import { openEventStream } from './support/eventStream';
import { createTestUser, fetchIdToken } from './support/identity';
import { workerDatabaseUrl } from './support/postgres';
import {
  type DatabaseKind,
  describeEachDatabase,
  startInstanceBeside,
  startTestServer,
  type TestServer,
} from './support/testServer';

/** The second instance's connections, so a test can end only those. */
const SECOND_INSTANCE = 'vigil-live-second';

describeEachDatabase('Live changes across instances', (kind: DatabaseKind) => {
  let first: TestServer;
  let second: TestServer;
  let tokens: Record<DemoUsername, string>;
  let clientId: number;

  beforeAll(async () => {
    first = await startTestServer(kind);
    second = await startInstanceBeside(first, SECOND_INSTANCE);
    tokens = await demoTokens();
    clientId = await cases.newClient('Live General', 'LIVE');
    await cases.firstProtocol(clientId);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  const call = (method: string, path: string, as: DemoUsername = 'admin', body?: unknown) =>
    callApi(first, method, path, { token: tokens[as], body });
  const cases = caseCalls(call);

  it('carries a case written on one instance to a stream on the other, with ids and never patient data', async () => {
    const stream = await openEventStream(second, tokens.tech1);
    expect(stream.status).toBe(200);
    await stream.next((message) => message.event === STREAM_EVENTS.clock);
    const created = await cases.intake(clientId, { patient: { firstName: 'Ada', lastName: 'Lovelace' } });
    const event = await stream.nextChange((change) => change.caseId === created.id);
    expect(event).toMatchObject({ kind: 'cases', caseId: created.id, clientId });
    expect(Object.keys(event).sort()).toEqual(['at', 'caseId', 'clientId', 'id', 'kind']);
    expect(stream.messages.map((message) => message.data).join('\n')).not.toMatch(/Ada|Lovelace/);
    stream.close();
  });

  it('never tells a technologist of a change they may not read, which an administrator hears of', async () => {
    const technologist = await openEventStream(second, tokens.tech1);
    const admin = await openEventStream(second, tokens.admin);
    const user = await createTestUser(inject('identity'), { groups: ['reader'] });
    // A first call records the account; disabling it changes what the users list shows.
    await callApi(first, 'GET', API_PATHS.home, {
      token: await fetchIdToken(inject('identity'), user.username, user.password),
    });
    expect((await call('PUT', API_PATHS.userToggle(user.username))).status).toBe(200);
    await admin.nextChange((change) => change.kind === 'users');
    const sentinel = await cases.intake(clientId);
    await technologist.nextChange((change) => change.caseId === sentinel.id);
    expect(technologist.changes().filter((change) => change.kind === 'users')).toEqual([]);
    technologist.close();
    admin.close();
    // A new identity and its sign-in take a while on a busy machine.
  }, 90_000);

  it('tells administrators of an account being disabled, not of its sign-ins', async () => {
    const user = await createTestUser(inject('identity'), { groups: ['technologist'] });
    const signInAt = async () => {
      const token = await fetchIdToken(inject('identity'), user.username, user.password);
      expect((await callApi(first, 'GET', API_PATHS.home, { token })).status).toBe(200);
      const details = await call('GET', API_PATHS.user(user.username));
      return (details.body.data as { lastSignInAt: string }).lastSignInAt;
    };
    const admin = await openEventStream(second, tokens.admin);
    await admin.next((message) => message.event === STREAM_EVENTS.clock);
    const firstSignIn = await signInAt();
    // A sign-in's time is whole seconds: the second one is recorded only in a later second.
    await new Promise((resolve) => setTimeout(resolve, 1_100 - (Date.now() % 1_000)));
    const secondSignIn = await signInAt();
    expect(Date.parse(secondSignIn)).toBeGreaterThan(Date.parse(firstSignIn));
    expect((await call('PUT', API_PATHS.userToggle(user.username))).status).toBe(200);
    const sentinel = await cases.intake(clientId);
    await admin.nextChange((change) => change.caseId === sentinel.id);
    expect(admin.changes().filter((change) => change.kind === 'users')).toHaveLength(1);
    admin.close();
  }, 90_000);

  it('ends the stream of a session an administrator ends, on the other instance', async () => {
    const user = await createTestUser(inject('identity'), { groups: ['technologist'] });
    const token = await fetchIdToken(inject('identity'), user.username, user.password);
    const stream = await openEventStream(second, token);
    expect(stream.status).toBe(200);
    await stream.next((message) => message.event === STREAM_EVENTS.clock);
    expect((await call('POST', API_PATHS.userSignOut(user.username))).status).toBe(200);
    await stream.ended;
    const again = await openEventStream(second, token);
    expect(again.status).toBe(401);
  }, 90_000);

  it('replays the changes missed since Last-Event-ID, and asks for a full refetch when it is unknown', async () => {
    const stream = await openEventStream(second, tokens.tech1);
    const seen = await cases.intake(clientId);
    const last = await stream.nextChange((change) => change.caseId === seen.id);
    stream.close();
    const missed = [await cases.intake(clientId), await cases.intake(clientId)];
    const resumed = await openEventStream(first, tokens.tech1, String(last.id));
    for (const missedCase of missed) await resumed.nextChange((change) => change.caseId === missedCase.id);
    expect(resumed.changes().some((change) => change.id === last.id)).toBe(false);
    resumed.close();

    const lost = await openEventStream(second, tokens.tech1, '999999999');
    await lost.next((message) => message.event === STREAM_EVENTS.resync);
    lost.close();
  });

  // The embedded database runs one transaction at a time: its ids are committed in their order.
  if (kind === 'postgres')
    it('replays on resume a change whose transaction committed after a later one was received', async () => {
      const slow = new pg.Client({ connectionString: workerDatabaseUrl() });
      await slow.connect();
      try {
        const sooner = await cases.intake(clientId);
        // A long write takes its change id now, and commits after a later change was received.
        await slow.query('begin');
        const taken = await slow.query<{ id: string }>(
          `insert into change_events (kind, case_id, client_id) values ('cases', $1, $2) returning id`,
          [sooner.id, clientId],
        );
        const stream = await openEventStream(second, tokens.tech1);
        const later = await cases.intake(clientId);
        const last = await stream.nextChange((change) => change.caseId === later.id);
        expect(last.id).toBeGreaterThan(Number(taken.rows[0].id));
        stream.close();
        await slow.query('commit');
        const resumed = await openEventStream(first, tokens.tech1, String(last.id));
        await resumed.nextChange((change) => change.id === Number(taken.rows[0].id));
        resumed.close();
      } finally {
        await slow.end();
      }
    });

  // The embedded database is one backend in this process: its notifications cannot be lost on the way.
  if (kind === 'postgres')
    it('listens again when its database connection is killed, and replays what it missed meanwhile', async () => {
      const stream = await openEventStream(second, tokens.tech1);
      // A change heard first: the second instance's listener is connected.
      const heard = await cases.intake(clientId);
      await stream.nextChange((change) => change.caseId === heard.id);
      const admin = new pg.Client({ connectionString: workerDatabaseUrl() });
      await admin.connect();
      try {
        const killed = await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = current_database()',
          [`${SECOND_INSTANCE} changes`],
        );
        expect(killed.rowCount).toBe(1);
      } finally {
        await admin.end();
      }
      const written = await cases.intake(clientId);
      await stream.nextChange((change) => change.caseId === written.id);
      stream.close();
    });
});
