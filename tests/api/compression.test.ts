import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../contract/paths';
import { precompress } from '../../scripts/support/webBuild';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { demoTokens } from './support/apiClient';
import { noDatabase } from './support/noDatabase';
import { describeEachDatabase, startTestServer, type TestServer } from './support/testServer';

type RawReply = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** A GET whose body is kept as sent (fetch would inflate it and hide what went over the wire). */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

const inflate = (reply: RawReply): string => {
  const encoding = reply.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(reply.body).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(reply.body).toString('utf8');
  return reply.body.toString('utf8');
};

describe('The built front end', () => {
  const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-static-'));
  const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"row ${i}"`).join(',')}];\n`;
  const page = `<!doctype html><html><head><title>Vigil</title><script type="module" src="/assets/index-AbC123.js"></script></head><body>${'<p>Vigil</p>'.repeat(200)}</body></html>`;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let baseUrl: string;

  beforeAll(async () => {
    fs.mkdirSync(path.join(staticDir, 'assets'));
    fs.writeFileSync(path.join(staticDir, 'index.html'), page);
    fs.writeFileSync(path.join(staticDir, 'assets', 'index-AbC123.js'), script);
    fs.writeFileSync(path.join(staticDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await precompress(staticDir); // what the build's last step does
    const config = loadConfig({ NODE_ENV: 'test', STATIC_DIR: staticDir });
    // Serving files needs no database.
    const database = noDatabase();
    const cognito = {
      region: 'eu-west-1',
      userPoolId: 'eu-west-1_test',
      userPoolClientId: 'client',
      issuer: 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_test',
      jwksUri: 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_test/.well-known/jwks.json',
    };
    app = await buildApp({ config, database, cognito });
    baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(staticDir, { recursive: true, force: true });
  });

  it('is precompressed at build: brotli and gzip beside each text file of 1 kB or more, not beside smaller ones', () => {
    const asset = path.join(staticDir, 'assets', 'index-AbC123.js');
    expect(zlib.brotliDecompressSync(fs.readFileSync(`${asset}.br`)).toString()).toBe(script);
    expect(zlib.gunzipSync(fs.readFileSync(`${asset}.gz`)).toString()).toBe(script);
    expect(fs.existsSync(path.join(staticDir, 'index.html.br'))).toBe(true);
    expect(fs.existsSync(path.join(staticDir, 'favicon.svg.br'))).toBe(false);
  });

  it('sends a hashed asset as brotli or gzip when accepted, as is when not, and has browsers keep it for good', async () => {
    const url = `${baseUrl}/assets/index-AbC123.js`;
    const br = await rawGet(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.body.length).toBeLessThan(script.length / 3);
    expect(inflate(br)).toBe(script);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const gzip = await rawGet(url, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(inflate(gzip)).toBe(script);
    expect(gzip.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const plain = await rawGet(url, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    const none = await rawGet(url);
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body.toString()).toBe(script);
  });

  it('sends index.html compressed too, but to be checked again on every load (never immutable)', async () => {
    for (const url of [`${baseUrl}/`, `${baseUrl}/index.html`]) {
      const br = await rawGet(url, { 'accept-encoding': 'br' });
      expect(br.status, url).toBe(200);
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(br.headers['content-type'], url).toMatch(/text\/html/);
      expect(inflate(br), url).toBe(page);
      expect(br.headers['cache-control'], url).toBe('no-cache');
      const plain = await rawGet(url);
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(plain.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('does not serve the compressed copies under their own names', async () => {
    expect((await rawGet(`${baseUrl}/assets/index-AbC123.js.br`)).status).toBe(404);
    expect((await rawGet(`${baseUrl}/assets/index-AbC123.js.gz`)).status).toBe(404);
  });
});

describeEachDatabase('Compressed API answers', (kind) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer(kind, {}, {}, 'demo');
    token = (await demoTokens()).reader1;
  });
  afterAll(async () => {
    await server?.close();
  });

  const list = (perPage: number, acceptEncoding?: string) =>
    rawGet(`${server.api}${API_PATHS.clients}?perPage=${perPage}`, {
      authorization: token,
      ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
    });

  it('compresses a JSON answer of 1 kB or more with brotli or gzip as accepted, and still has nobody keep it', async () => {
    const plain = await list(100);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const json = plain.body.toString('utf8');
    expect(json.length).toBeGreaterThan(1024);
    expect(JSON.parse(json).total).toBe(12);

    const br = await list(100, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.length).toBeLessThan(json.length / 2);
    expect(inflate(br)).toBe(json);
    expect(br.headers['cache-control']).toBe('no-store');
    expect(br.headers.vary).toMatch(/accept-encoding/i);

    const gzip = await list(100, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(inflate(gzip)).toBe(json);
    expect(gzip.headers['cache-control']).toBe('no-store');

    const identity = await list(100, 'identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.toString('utf8')).toBe(json);
  });

  it('writes a compressed answer of 8 to 64 kB whole, with its length, rather than streaming it in chunks', async () => {
    const headers = { authorization: (await demoTokens()).admin, 'accept-encoding': 'gzip, deflate, br' };
    const summary = await rawGet(`${server.api}${API_PATHS.hoursSummary}?from=2025-12&to=2026-11`, headers);
    expect(summary.status).toBe(200);
    const json = inflate(summary);
    expect(json.length).toBeGreaterThan(8 * 1024);
    expect(json.length).toBeLessThan(64 * 1024);
    expect(summary.headers['content-encoding']).toBe('br');
    expect(summary.headers['transfer-encoding']).toBeUndefined();
    expect(Number(summary.headers['content-length'])).toBe(summary.body.length);
  });

  it('sends a small answer as it is', async () => {
    const reply = await list(1, 'gzip, br');
    expect(reply.status).toBe(200);
    expect(reply.body.length).toBeLessThan(1024);
    expect(reply.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(reply.body.toString('utf8')).data).toHaveLength(1);
    expect(reply.headers['cache-control']).toBe('no-store');
  });
});
