import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Home2 } from '../../contract/home';
import { API_PATHS } from '../../contract/paths';
import { clients } from '../../server/db/schema';
import { homeRoutes } from '../../server/routes/home';
import { encodeText, type SharedEncoding, SharedReads } from '../../server/services/sharedReads';
import { callApi, type DemoUsername, demoTokens } from './support/apiClient';
import { caseCalls, caseOf } from './support/caseCalls';
import { describeEachDatabase, startTestServer, type TestServer } from './support/testServer';

const PATIENT = { firstName: 'Ada', lastName: 'Quinlan', dateOfBirth: '1958-04-17', sex: 'F' };
const HOUR_AGO = () => new Date(Date.now() - 3_600_000).toISOString();

/**
 * The board and the hours summary are computed once and shared by every caller (services/sharedReads.ts).
 * Here they are kept ten minutes, so what drops them is a call, never the clock.
 */
describeEachDatabase('Shared answers', (kind) => {
  let server: TestServer;
  let tokens: Record<DemoUsername, string>;
  const call = (method: string, path: string, as: DemoUsername | null = 'admin', body?: unknown) =>
    callApi(server, method, path, { token: as ? tokens[as] : undefined, body });

  const { newClient, firstProtocol, intake, details, patch, move, assign } = caseCalls(call);

  beforeAll(async () => {
    server = await startTestServer(kind, { SHARED_ANSWER_MS: '600000' });
    tokens = await demoTokens();
    // Three cases in monitoring: a board of more than a kilobyte, as any real one.
    const suffix = kind === 'pglite' ? 'L' : 'P';
    const client = await newClient('Shared Board Hospital', `SBH${suffix}`);
    await firstProtocol(client);
    const ids: number[] = [];
    for (const mrn of ['S-1', 'S-2', 'S-3']) {
      const created = await intake(client, { patient: { ...PATIENT, mrn } });
      ids.push(created.id);
      expect((await assign('tech1', ids)).status).toBe(200);
      const started = await patch(await details(created.id), { recordingStart: HOUR_AGO() });
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      expect((await move(caseOf(started), 'monitoring', 'tech1')).status).toBe(201);
    }
  });
  afterAll(async () => {
    await server?.close();
  });

  const board = async () => {
    const reply = await call('GET', API_PATHS.home2, 'tech1');
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return reply.body.data as Home2;
  };

  it('keeps the board through refused writes and drops it on a committed one', async () => {
    const before = await board();
    const watched = before.monitoring[0];
    expect(watched).toBeDefined();
    // A change the app did not make (another tool, a restore): only a dropped answer shows it.
    const renamed = `${watched?.clientName} (renamed)`;
    await server.database.db
      .update(clients)
      .set({ name: renamed })
      .where(eq(clients.name, watched?.clientName ?? ''));

    const unsigned = await call('POST', API_PATHS.clients, null, { name: 'Nobody Hospital', code: 'NOBODY' });
    expect(unsigned.status).toBe(401);
    const invalid = await call('POST', API_PATHS.clients, 'admin', { name: '' });
    expect(invalid.status).toBe(400);
    const forbidden = await call('POST', API_PATHS.clients, 'tech1', {
      name: 'Tech Hospital',
      code: 'TECHH',
    });
    expect(forbidden.status).toBe(403);
    expect(await board()).toEqual(before);

    const created = await call('POST', API_PATHS.clients, 'admin', {
      name: `Shared Answers Hospital ${kind}`,
      code: `SAH${kind === 'pglite' ? 'L' : 'P'}`,
      timeZone: 'UTC',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const after = await board();
    expect(after.monitoring.find((row) => row.id === watched?.id)?.clientName).toBe(renamed);
  });

  it('compresses a shared answer once per encoding, however many callers ask', async () => {
    const encoded: SharedEncoding[] = [];
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const shared = new SharedReads(600_000, Date.now, 64, (text, encoding) => {
      encoded.push(encoding);
      return encodeText(text, encoding);
    });
    await app.register(homeRoutes, { db: server.database.db, shared });
    const get = (acceptEncoding?: string) =>
      app.inject({
        method: 'GET',
        url: API_PATHS.home2,
        headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
      });
    const plain = await get();
    const browsers = [await get('gzip, deflate, br, zstd'), await get('br'), await get('gzip, deflate, br')];
    const older = [await get('gzip, deflate'), await get('gzip')];
    await app.close();

    expect(Buffer.byteLength(plain.body), 'the board is large enough to be compressed').toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(encoded.sort()).toEqual(['br', 'gzip']);
    for (const reply of browsers) {
      expect(reply.headers['content-encoding']).toBe('br');
      expect((await promisify(zlib.brotliDecompress)(reply.rawPayload)).toString()).toBe(plain.body);
    }
    for (const reply of older) {
      expect(reply.headers['content-encoding']).toBe('gzip');
      expect((await promisify(zlib.gunzip)(reply.rawPayload)).toString()).toBe(plain.body);
    }
  });
});
