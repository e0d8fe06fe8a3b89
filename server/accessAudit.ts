import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type AuditEntry, recordAudit, recordPolledRead } from './db/audit';
import type { Db } from './db/database';
import { loggableError } from './errorHandler';

/**
 * What a route answering with patient data reads: one case (its id in the path as `caseId` or `id`) or
 * several (a list, a statement, a home page: the ids of the cases in its answer are recorded). A
 * `polled-case-list` is one the browser reads again on its own (the home pages, every 30 s): each case it
 * shows is recorded once per user and hour, not on every refresh.
 */
export type PatientDataRead = 'case' | 'case-list' | 'polled-case-list';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers with patient data: each successful read is audited (who, which case, which call). */
    phi?: PatientDataRead;
  }
}

/** The audit's own limits, so a hostile token or a huge page cannot bloat an entry. */
const MAX_SUBJECT_LENGTH = 128;
const MAX_LISTED_CASES = 200;

/** Query values kept verbatim: ids, dates, paging and sorting. Free text (a name, an MRN) never is. */
const VERBATIM_QUERY = new Set(['page', 'perPage', 'sort', 'order', 'clientId', 'from', 'to', 'filterIds']);

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization?.trim();
  if (!header) return undefined;
  return header.startsWith('Bearer ') ? header.slice(7).trim() : header;
}

/**
 * The subject a token claims and whether it has expired, read without checking its signature: a refused
 * token is audited under the name it carries, marked unverified unless the auth plugin accepted it.
 */
export function claimedSubject(token: string): { subject?: string; expired?: boolean } {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    const subject = payload['cognito:username'] ?? payload.sub;
    return {
      subject: typeof subject === 'string' ? subject.slice(0, MAX_SUBJECT_LENGTH) : undefined,
      expired: typeof payload.exp === 'number' ? payload.exp * 1000 < Date.now() : undefined,
    };
  } catch {
    return {};
  }
}

const callOf = (request: FastifyRequest) => `${request.method} ${request.routeOptions.url ?? request.url}`;

function paramsOf(request: FastifyRequest): Record<string, unknown> {
  return (request.params ?? {}) as Record<string, unknown>;
}

/** The record the call names in its path: the case, client, user or backup. */
function resourceIdOf(request: FastifyRequest): string | undefined {
  const { caseId, id, username } = paramsOf(request);
  const value = caseId ?? id ?? username;
  return value === undefined ? undefined : String(value);
}

/**
 * The query of a call as its route's schema read it, with any free-text search replaced by its length (a
 * search may be a patient's name). Keys the route does not know are never stored: a caller chooses them.
 */
export function auditableQuery(
  request: Pick<FastifyRequest, 'query' | 'routeOptions'>,
): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  if (!request.routeOptions.schema?.querystring) return kept;
  for (const [key, value] of Object.entries((request.query ?? {}) as Record<string, unknown>)) {
    if (value === undefined || value === '') continue;
    if (VERBATIM_QUERY.has(key)) kept[key] = value;
    else kept[key] = { searched: true, length: String(value).length };
  }
  return kept;
}

/**
 * The actor of a refused token: never the name it claims, which anyone can write into a token without a key.
 * The claim is kept apart, as `details.unverifiedUser`, and shown as "unverified: …".
 */
const UNVERIFIED_ACTOR = 'unverified token';

/**
 * A 401 or 403: who (the verified user; for a refused token, the name it claims, kept apart as unverified),
 * which call, and why it was refused.
 */
function refusalEntry(request: FastifyRequest, reply: FastifyReply, reason: string | undefined): AuditEntry {
  const access = request.routeOptions.config?.access;
  const details: Record<string, unknown> = { status: reply.statusCode, reason };
  let actor = request.user?.username;
  if (actor) {
    details.roles = request.user.roles;
  } else {
    const token = bearerToken(request);
    details.token = token ? 'refused' : 'none';
    if (token) {
      const { subject, expired } = claimedSubject(token);
      actor = UNVERIFIED_ACTOR;
      if (subject !== undefined) details.unverifiedUser = subject;
      if (expired !== undefined) details.tokenExpired = expired;
    }
  }
  if (typeof access === 'object') details.required = access.action;
  return {
    actor: actor ?? 'anonymous',
    action: callOf(request),
    resource: typeof access === 'object' ? access.resource : 'api',
    resourceId: resourceIdOf(request),
    outcome: 'denied',
    details,
  };
}

/** The case a part of an answer stands for: a `caseId`, or the `id` of a row that has a case number. */
function caseIdOf(part: Record<string, unknown>): unknown {
  return part.caseId ?? ('caseNumber' in part ? part.id : undefined);
}

/**
 * The ids of the cases an answer shows, at any depth (never the rows themselves), at most MAX_LISTED_CASES:
 * of the answer as the handler returned it, or of its JSON text.
 */
export function shownCaseIds(payload: unknown): number[] {
  const ids = new Set<number>();
  const visit = (part: unknown) => {
    if (ids.size >= MAX_LISTED_CASES || part === null || typeof part !== 'object') return;
    if (Array.isArray(part)) return part.forEach(visit);
    const id = caseIdOf(part as Record<string, unknown>);
    if (typeof id === 'number') ids.add(id);
    Object.values(part).forEach(visit);
  };
  try {
    visit(typeof payload === 'string' ? JSON.parse(payload) : payload);
  } catch {
    // Not JSON: nothing to list.
  }
  return [...ids];
}

/**
 * A successful read of patient data: who, which case (or which cases a list showed: `caseIds`), which call.
 * A handler that looks cases up by a patient's MRN or name records its lookup with this too.
 */
export function readEntry(request: FastifyRequest, caseIds?: number[]): AuditEntry {
  const details: Record<string, unknown> = { query: auditableQuery(request) };
  if (caseIds) {
    details.caseIds = caseIds;
    const { clientId, id } = paramsOf(request);
    if ((clientId ?? id) !== undefined) details.clientId = clientId ?? id;
  }
  return {
    actor: request.user.username,
    action: callOf(request),
    resource: 'cases',
    resourceId: caseIds ? undefined : resourceIdOf(request),
    outcome: 'ok',
    details,
  };
}

function errorMessageOf(payload: unknown): string | undefined {
  if (typeof payload !== 'string') return undefined;
  try {
    const { error } = JSON.parse(payload) as { error?: unknown };
    return typeof error === 'string' ? error.slice(0, 500) : undefined;
  } catch {
    return undefined;
  }
}

function entryFor(request: FastifyRequest, reply: FastifyReply, payload: unknown): AuditEntry | undefined {
  const status = reply.statusCode;
  if (status === 401 || status === 403) return refusalEntry(request, reply, errorMessageOf(payload));
  const phi = request.routeOptions.config?.phi;
  if (phi && status >= 200 && status < 300 && request.user) {
    return readEntry(request, phi === 'case' ? undefined : shownCaseIds(payload));
  }
  return undefined;
}

/**
 * The one place the API audits what no handler records itself: every 401 and 403, wherever it was thrown
 * (the auth plugin, a handler's own check, a signed link), and every successful read of patient data on a
 * route marked `phi`. Writes are recorded by their handlers, in their transaction. An audit insert that
 * fails is logged and never fails the answer; one insert per refusal keeps a storm of 401s cheap.
 */
export const accessAuditPlugin = fp(async (app: FastifyInstance, { db }: { db: Db }) => {
  // A list's answer as its handler returned it, kept before it is serialised: reading the case ids off it
  // spares parsing the JSON text back (a large answer cost as much again as its serialising).
  const answers = new WeakMap<FastifyRequest, unknown>();
  app.addHook('preSerialization', async (request, _reply, payload) => {
    const phi = request.routeOptions.config?.phi;
    if (phi && phi !== 'case') answers.set(request, payload);
    return payload;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const entry = entryFor(request, reply, answers.get(request) ?? payload);
    if (entry) {
      try {
        const polled = entry.outcome === 'ok' && request.routeOptions.config?.phi === 'polled-case-list';
        await (polled ? recordPolledRead(db, entry) : recordAudit(db, entry));
      } catch (error) {
        request.log.error({ err: loggableError(error), route: request.routeOptions.url }, 'audit failed');
      }
    }
    return payload;
  });
});
