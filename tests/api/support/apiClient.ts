import { inject } from 'vitest';
import { DEMO_PASSWORD } from './constants';
import { fetchIdToken } from './identity';
import type { TestServer } from './testServer';

export type DemoUsername = 'admin' | 'tech1' | 'reader1' | 'billing1';
export const DEMO_USERNAMES: readonly DemoUsername[] = ['admin', 'tech1', 'reader1', 'billing1'];

type FieldError = { field: string; message: string };
export type ApiReply = {
  status: number;
  headers: Headers;
  body: Record<string, unknown> & { data?: unknown; total?: number; error?: string; fields?: FieldError[] };
};

/** Id tokens of the demo users, from the local identity. */
export async function demoTokens(): Promise<Record<DemoUsername, string>> {
  const identity = inject('identity');
  const entries = await Promise.all(
    DEMO_USERNAMES.map(async (username) => [username, await fetchIdToken(identity, username, DEMO_PASSWORD)]),
  );
  return Object.fromEntries(entries);
}

export type CallOptions = {
  /** An id token (default: none). */
  token?: string;
  /** JSON body; a string is sent as it is. */
  body?: unknown;
  headers?: Record<string, string>;
};

/** One HTTP call to the test server's API; `path` is under the API base and sent exactly as written. */
export async function callApi(
  server: TestServer,
  method: string,
  path: string,
  { token, body, headers = {} }: CallOptions = {},
): Promise<ApiReply> {
  const allHeaders: Record<string, string> = { ...headers };
  if (token) allHeaders.authorization = token;
  if (body !== undefined) allHeaders['content-type'] ??= 'application/json';
  const response = await fetch(`${server.api}${path}`, {
    method,
    headers: allHeaders,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  if (response.headers.get('content-type')?.startsWith('text/event-stream')) {
    // A stream (GET /events) stays open: its status and headers are the answer.
    await response.body?.cancel();
    return { status: response.status, headers: response.headers, body: {} };
  }
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : {} };
}

export const fieldNames = (reply: ApiReply) => (reply.body.fields ?? []).map((f) => f.field).sort();
