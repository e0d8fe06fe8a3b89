import { API_PATHS } from '../../../contract/paths';
import { callApi } from './apiClient';
import type { JsonSchema } from './schemaArbitrary';
import type { TestServer } from './testServer';

export type Parameter = {
  name: string;
  in: 'path' | 'query';
  required?: boolean;
  schema: JsonSchema;
  example?: unknown;
};
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content: { 'application/json'?: { schema: JsonSchema } } };
};
export type Route = { method: string; path: string; operation: Operation };

/** Every route of the API, from the OpenAPI document the server builds from its route registrations. */
export async function apiRoutes(server: TestServer): Promise<Route[]> {
  const document = (await (await fetch(`${server.api}/docs/json`)).json()) as {
    paths: Record<string, Record<string, Operation>>;
  };
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      operation,
    })),
  );
}

/**
 * A new client with a contact, a useful link and a first protocol revision: values for the path
 * parameters of every client route (`id`, `contactId`, `linkId`, `revision`).
 */
export async function clientRecordParams(server: TestServer, token: string): Promise<Record<string, string>> {
  const post = async (path: string, body: unknown) =>
    ((await callApi(server, 'POST', path, { token, body })).body.data ?? {}) as Record<string, number>;
  const code = `T${Math.random().toString(36).slice(2, 10)}`.toUpperCase();
  const client = await post(API_PATHS.clients, { name: `Test Hospital ${code}`, code, timeZone: 'UTC' });
  const contact = await post(API_PATHS.clientRecords(client.id, 'contacts'), {
    name: 'Dr. T',
    escalationOrder: 1,
  });
  const link = await post(API_PATHS.clientRecords(client.id, 'useful-links'), {
    label: 'Viewer',
    url: 'https://viewer.example.org',
  });
  await post(API_PATHS.protocolRevisions(client.id), {
    baseRevision: 0,
    body: 'Protocol',
    checkIntervalMinutes: 60,
    reportTurnaroundHours: 24,
  });
  return { id: String(client.id), contactId: String(contact._id), linkId: String(link._id), revision: '1' };
}
