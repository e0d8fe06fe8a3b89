import fc from 'fast-check';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { type ApiReply, callApi, demoTokens } from './support/apiClient';
import { createTestUser } from './support/identity';
import { apiRoutes, clientRecordParams, type Parameter, type Route } from './support/routeTable';
import { hostileText, type JsonSchema, valueFor } from './support/schemaArbitrary';
import {
  DATABASES,
  type DatabaseKind,
  describeEachDatabase,
  startTestServer,
  type TestServer,
} from './support/testServer';

/**
 * Property-based: every route of the OpenAPI document (so every route as it lands) gets arbitrary path
 * parameters, queries and bodies built from its own schemas, hostile text and wrong shapes mixed in. No
 * answer may be a 5xx, and every 400 names its fields. Runs are fixed (FUZZ_RUNS, FUZZ_SEED to explore).
 */
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 25);
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
/**
 * Each database gets inputs of its own (the seed plus its place in DATABASES): the same seed on both would send
 * the same requests twice, where two seeds send every route 2 × RUNS_PER_ROUTE different ones.
 */
const seedFor = (kind: DatabaseKind) => SEED + DATABASES.indexOf(kind);

/** A parameter's schema with its example (OpenAPI keeps a parameter's example beside its schema). */
const schemaOf = (parameter: Parameter): JsonSchema => ({ example: parameter.example, ...parameter.schema });

/** Percent-encodes anything, lone surrogates included (as the UTF-8 of U+FFFD, as a browser would). */
function encode(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  try {
    return encodeURIComponent(text);
  } catch {
    return [...Buffer.from(text)].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
  }
}

/** The names a 400 may give: the route's parameters and body fields, the body or URL as a whole. */
function fieldNamesOf(route: Route, body: unknown): Set<string> {
  const schema = route.operation.requestBody?.content['application/json']?.schema;
  const variants = schema ? [schema, ...(schema.oneOf ?? []), ...(schema.anyOf ?? [])] : [];
  return new Set([
    'body',
    'url',
    ...(route.operation.parameters ?? []).map((parameter) => parameter.name),
    ...variants.flatMap((variant) => Object.keys(variant.properties ?? {})),
    ...(typeof body === 'object' && body !== null ? Object.keys(body) : []),
  ]);
}

function expectWellFormedError(route: Route, url: string, body: unknown, reply: ApiReply) {
  const where = `${route.method} ${url.slice(0, 300)} → ${reply.status} ${JSON.stringify(reply.body).slice(0, 300)}`;
  expect(reply.status, where).toBeLessThan(500);
  if (reply.status >= 400)
    expect(reply.body, where).toMatchObject({ success: false, error: expect.any(String) });
  if (reply.status === 400) {
    expect(reply.body.fields?.length, where).toBeGreaterThan(0);
    const known = fieldNamesOf(route, body);
    for (const field of reply.body.fields ?? []) {
      expect(known.has(field.field.split('.')[0]), `${where}: names no field of the route`).toBe(true);
      expect(field.message, where).toMatch(/\S/);
    }
  }
}

describeEachDatabase('Every route under arbitrary input', (kind) => {
  let server: TestServer;
  let token: string;
  let routes: Route[];
  /** The user the user routes are fuzzed on: a fuzzed rename or regrouping must not touch a demo user. */
  let username: string;

  beforeAll(async () => {
    server = await startTestServer(kind);
    token = (await demoTokens()).admin;
    routes = await apiRoutes(server);
    username = (await createTestUser(inject('identity'), { groups: ['reader'] })).username;
  });
  afterAll(async () => {
    await server?.close();
  });

  /** Fresh records for the path parameters to name, so a fuzzed delete cannot starve later routes. */
  const knownIds = async () => ({ ...(await clientRecordParams(server, token)), username });

  function requestFor(route: Route, known: Record<string, string>) {
    const parameters = route.operation.parameters ?? [];
    const pathParameters = parameters.filter((parameter) => parameter.in === 'path');
    const queryParameters = parameters.filter((parameter) => parameter.in === 'query');
    const bodySchema = route.operation.requestBody?.content['application/json']?.schema;
    return fc.record({
      path: fc.record(
        Object.fromEntries(
          pathParameters.map((parameter) => [
            parameter.name,
            fc.oneof(
              { weight: 4, arbitrary: fc.constant(known[parameter.name] ?? '1') },
              { weight: 1, arbitrary: valueFor(schemaOf(parameter)) },
              { weight: 1, arbitrary: hostileText.filter((text) => text.length > 0) },
            ),
          ]),
        ),
      ),
      query: fc.record(
        Object.fromEntries(
          queryParameters.map((parameter) => [parameter.name, valueFor(schemaOf(parameter))]),
        ),
        { requiredKeys: [] },
      ),
      body: bodySchema ? valueFor(bodySchema) : fc.constant(undefined),
    });
  }

  it('answers no 5xx, and names the fields of every 400, on every route of the API', async () => {
    const fuzzed = routes.filter(
      (route) => (route.operation.parameters?.length ?? 0) > 0 || route.operation.requestBody,
    );
    // The route table is the OpenAPI document: the clients API alone has over twenty such routes.
    expect(fuzzed.length).toBeGreaterThan(20);
    expect(fuzzed.map((route) => `${route.method} ${route.path}`)).toEqual(
      expect.arrayContaining([
        'POST /continuous-monitoring/clients',
        'POST /continuous-monitoring/cases/{id}/handovers',
        'POST /continuous-monitoring/cases/monitoring/{caseId}/events/{itemId}/call-attempts',
        'GET /reporting/continuous-monitoring/turnaround',
      ]),
    );
    for (const route of fuzzed) {
      const known = await knownIds();
      await fc.assert(
        fc.asyncProperty(requestFor(route, known), async ({ path, query, body }) => {
          const url =
            route.path.replace(/\{(\w+)\}/g, (_, name: string) => encode(path[name])) +
            (Object.keys(query).length > 0
              ? `?${Object.entries(query)
                  .map(([name, value]) => `${name}=${encode(value)}`)
                  .join('&')}`
              : '');
          const reply = await callApi(server, route.method, url, {
            token,
            body: body === undefined ? undefined : JSON.stringify(body),
          });
          expectWellFormedError(route, url, body, reply);
        }),
        { numRuns: RUNS_PER_ROUTE, seed: seedFor(kind) },
      );
    }
    // A fixed number of calls on every route: its time grows with the API, not with chance. It ran past
    // three minutes under two busy cores with another suite on the same database server: the limit only
    // catches a hang.
  }, 600_000);
});
