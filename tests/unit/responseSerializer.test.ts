import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Revision, revisionSchema } from '../../contract/clients';
import { envelope, errorEnvelope } from '../../contract/envelope';
import { registerErrorHandler } from '../../server/errorHandler';
import { AppError } from '../../server/errors';
import {
  plainlySerialised,
  responseJsonSchema,
  responseSerializerCompiler,
} from '../../server/responseSerializer';

/** Every shape the contract's answers use: nullable, optional, records, enums, literals, dates, nesting. */
const shapes = envelope(
  z.object({
    id: z.number().int(),
    name: z.string(),
    stage: z.enum(['intake', 'closed']),
    note: z.string().nullable(),
    reader: z.string().nullable().optional(),
    missing: z.string().optional(),
    at: z.date(),
    endedAt: z.date().nullable(),
    updatedAt: z.iso.datetime(),
    hours: z.record(z.string(), z.number()),
    order: z.object({ priority: z.enum(['stat', 'routine']).nullable(), by: z.string() }).nullable(),
    rows: z.array(z.object({ code: z.string(), units: z.number().int() })),
    tags: z.array(z.string()),
  }),
);

/** What a handler may hold: the declared fields and more (a database row's columns, a joined secret). */
const held = {
  success: true as const,
  total: 2,
  data: {
    secret: 'not declared',
    id: 7,
    name: 'A "quoted" name \u2028 é',
    stage: 'intake' as const,
    note: null,
    reader: undefined,
    at: new Date('2026-11-23T18:23:00.120Z'),
    endedAt: null,
    updatedAt: '2026-11-23T18:23:00.000Z',
    hours: { '2026-10': 1.5, '2026-11': 12 },
    order: { priority: null, by: 'Dr. Lee', pager: 'not declared' },
    rows: [
      { code: '95720', units: 3, cost: 'not declared' },
      { code: '95700', units: 1 },
    ],
    tags: ['a', 'b'],
  },
};

const transferRevision: Revision = {
  kind: 'transfer',
  clientId: 1,
  revision: 2,
  body: 'Transfer',
  author: 'admin',
  createdAt: '2026-11-23T18:23:00.000Z',
};

describe('Replies serialised from the route schema', () => {
  const app = Fastify();
  beforeAll(async () => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(responseSerializerCompiler);
    registerErrorHandler(app);
    app.get('/shapes', { schema: { response: { 200: shapes, 409: errorEnvelope } } }, async () => held);
    app.get('/refused', { schema: { response: { 200: shapes, 409: errorEnvelope } } }, async () => {
      throw new AppError(409, 'The case cannot move', undefined, ['No reader']);
    });
    app.get('/revision', { schema: { response: { 200: envelope(revisionSchema) } } }, async () => ({
      success: true as const,
      data: transferRevision,
    }));
    await app.ready();
  });
  afterAll(() => app.close());

  it('sends only the declared fields, byte for byte the JSON of the value the schema makes of it', async () => {
    const reply = await app.inject('/shapes');
    expect(reply.statusCode).toBe(200);
    expect(reply.body).not.toContain('not declared');
    expect(reply.body).toBe(JSON.stringify(z.encode(shapes, held)));
    expect(JSON.parse(reply.body).data).toMatchObject({
      at: '2026-11-23T18:23:00.120Z',
      endedAt: null,
      note: null,
      hours: { '2026-10': 1.5, '2026-11': 12 },
      order: { priority: null, by: 'Dr. Lee' },
    });
    expect(JSON.parse(reply.body).data).not.toHaveProperty('reader');
  });

  it('keeps the error envelope as the error handler builds it', async () => {
    const reply = await app.inject('/refused');
    expect(reply.statusCode).toBe(409);
    expect(reply.body).toBe(
      JSON.stringify({ success: false, error: 'The case cannot move', unmet: ['No reader'] }),
    );
  });

  it('compiles no schema that fast-json-stringify would validate per reply; a union is sent as built, and listed', async () => {
    expect(JSON.stringify(responseJsonSchema(shapes, '/shapes'))).not.toMatch(/"(anyOf|oneOf|allOf|\$ref)"/);
    const reply = await app.inject('/revision');
    expect(reply.body).toBe(JSON.stringify({ success: true, data: transferRevision }));
    expect([...plainlySerialised]).toContain('GET /revision 200');
    expect([...plainlySerialised]).not.toContain('GET /shapes 200');
  });
});
