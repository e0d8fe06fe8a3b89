import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, startTestServer, type TestServer } from './support/testServer';

type Operation = { operationId?: string; summary?: string; responses?: Record<string, unknown> };

describeEachDatabase('The API document', (kind) => {
  let server: TestServer;
  let document: { paths: Record<string, Record<string, Operation>> };

  beforeAll(async () => {
    server = await startTestServer(kind);
    document = await (await fetch(`${server.api}/docs/json`)).json();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('is a valid OpenAPI document', async () => {
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeDefined();
  });

  it('gives every operation a unique operationId, a summary and its error answers in the envelope', () => {
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        route: `${method.toUpperCase()} ${path}`,
        operation,
      })),
    );
    const missing = operations.filter(({ operation }) => !operation.operationId || !operation.summary);
    expect(missing.map(({ route }) => route)).toEqual([]);
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const withoutErrors = operations.filter(({ operation }) =>
      ['400', '401', '403', '500'].some((status) => !operation.responses?.[status]),
    );
    expect(withoutErrors.map(({ route }) => route)).toEqual([]);
  });
});
