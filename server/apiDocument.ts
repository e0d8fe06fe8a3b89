import type { RouteOptions } from 'fastify';
import { errorEnvelope } from '../contract/envelope';

/** What any call may answer besides its own success (DESIGN §5), each in the error envelope. */
const ERROR_ANSWERS = {
  400: 'Bad input: every failing field and why',
  401: 'No valid token, or the session has ended',
  403: 'The role may not',
  404: 'Not found',
  409: 'A stale version or an unmet rule',
  413: 'The body is too large',
  415: 'The body is not JSON',
  429: 'Too many calls',
  500: 'An unexpected error (no internals)',
  503: 'The database is unavailable: try again',
} as const;

/**
 * Each error answer's schema, made once and shared by every route: a route's serializers are compiled from
 * its schemas (responseSerializer.ts), once per schema, so ten statuses on every route cost ten compilations.
 */
const ERROR_SCHEMAS = Object.fromEntries(
  Object.entries(ERROR_ANSWERS).map(([status, text]) => [status, errorEnvelope.describe(text)]),
);

/** Every POST takes an `Idempotency-Key`: a retry with it gets the first answer; another body under it, 422. */
const IDEMPOTENCY_REUSED = errorEnvelope.describe('The Idempotency-Key was already used for another request');

const VERBS: Record<string, string> = {
  GET: 'Read',
  POST: 'Create or run',
  PUT: 'Replace',
  PATCH: 'Change',
  DELETE: 'Delete',
};

/** `GET /users/{username}/access-groups` → `getUsersByUsernameAccessGroups`: unique per method and path. */
function operationIdOf(method: string, url: string): string {
  const words = url
    .split('/')
    .filter(Boolean)
    .flatMap((segment) =>
      segment.startsWith(':') || segment.startsWith('{')
        ? ['by', segment.replace(/^[:{]|}$/g, '')]
        : segment.split(/[^A-Za-z0-9]+/),
    )
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((word) => word[0].toUpperCase() + word.slice(1))].join('');
}

/** "Read users › {username} › access-groups": the call in words, for the document's list of operations. */
function summaryOf(method: string, url: string): string {
  const path = url
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? `{${segment.slice(1)}}` : segment))
    .join(' › ');
  return `${VERBS[method] ?? method} ${path}`;
}

/**
 * Completes each documented route as it is registered: an operationId and summary unless it gives its own,
 * and the error answers every call may give, so that clients generated from the document know them.
 */
export function documentRoute(route: RouteOptions) {
  route.schema ??= {};
  const schema = route.schema as NonNullable<RouteOptions['schema']> & {
    hide?: boolean;
    operationId?: string;
    summary?: string;
    response?: Record<string, unknown>;
  };
  if (schema.hide) return;
  const method = [route.method].flat()[0];
  schema.operationId ??= operationIdOf(method, route.url);
  schema.summary ??= summaryOf(method, route.url);
  schema.response ??= {};
  const response = schema.response;
  for (const [status, schema] of Object.entries(ERROR_SCHEMAS)) response[status] ??= schema;
  if (method === 'POST') response[422] ??= IDEMPOTENCY_REUSED;
}
