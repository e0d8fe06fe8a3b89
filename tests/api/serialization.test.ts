import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { clientSchema } from '../../contract/clients';
import { envelope } from '../../contract/envelope';
import { listEnvelope } from '../../contract/list';
import { API_PATHS } from '../../contract/paths';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { demoTokens } from './support/apiClient';
import { noDatabase, unusedIdentity } from './support/noDatabase';
import { describeEachDatabase, startTestServer, type TestServer } from './support/testServer';

describe("The app's replies", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-serialization-'));
  let app: Awaited<ReturnType<typeof buildApp>>;
  const probe = envelope(z.object({ id: z.number().int(), name: z.string(), at: z.date() }));

  beforeAll(async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      STATIC_DIR: path.join(dataDir, 'none'),
    });
    app = await buildApp({ config, database: noDatabase(), cognito: unusedIdentity });
    // A route of this app, with its serializer: the handler holds more than the schema declares.
    app.get('/probe', { schema: { hide: true, response: { 200: probe } } }, async () => ({
      success: true as const,
      data: { id: 1, name: 'Ann', at: new Date('2026-11-23T18:23:00.000Z'), passwordHash: 'not declared' },
    }));
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('never send a field the route schema does not declare', async () => {
    const reply = await app.inject('/probe');
    expect(reply.statusCode).toBe(200);
    expect(reply.body).toBe('{"success":true,"data":{"id":1,"name":"Ann","at":"2026-11-23T18:23:00.000Z"}}');
  });
});

describeEachDatabase('A route reply', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, {}, {}, 'demo');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('is byte for byte the JSON of the value its schema makes of it', async () => {
    const response = await fetch(`${server.api}${API_PATHS.clients}?perPage=100`, {
      headers: { authorization: (await demoTokens()).reader1, 'accept-encoding': 'identity' },
    });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(JSON.parse(text).total).toBe(12);
    expect(text).toBe(JSON.stringify(z.encode(listEnvelope(clientSchema), JSON.parse(text))));
  });
});
