import { HttpError } from 'react-admin';
import type { FieldError, LoadRefusal } from '../../contract/envelope';
import { apiErrors } from './apiErrors';
import { takeWarm } from './warmStart';

export const BAD_REQUEST = 'Bad Request';
export const UNEXPECTED_ERROR = 'An unexpected error occurred';

/**
 * The body of the 'Bad Request' given when a fetch had no response at all (spec §8): the server was not
 * reached (a network drop, a restart, a connection closed under load), which asking again may mend.
 */
export const UNREACHED = { unreached: true } as const;

/** True for the error of a call that never reached the server (see `UNREACHED`). */
export const isUnreached = (error: unknown) =>
  error instanceof HttpError && (error.body as { unreached?: unknown } | undefined)?.unreached === true;

export type QueryValue = string | number | boolean | readonly (string | number)[] | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
}

/** The unwrapped success envelope. */
export interface ApiResult<T> {
  data: T;
  total?: number;
}

export type HttpClient = <T>(path: string, options?: RequestOptions) => Promise<ApiResult<T>>;

export interface EnvelopeBody {
  success?: boolean;
  data?: unknown;
  total?: number;
  error?: string;
  message?: string;
  fields?: FieldError[];
  overLoad?: LoadRefusal;
}

const isEmpty = (value: QueryValue) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/** Query string of the non-empty values only (spec §7: filters are sent only when non-empty). */
function toQueryString(query: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (isEmpty(value)) continue;
    const values: readonly (string | number | boolean)[] = Array.isArray(value) ? value : [value];
    for (const item of values) params.append(key, String(item));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** 400 `fields` become react-admin's `{ errors: { field: message } }`, shown under each input. */
function fieldErrors(fields: FieldError[] | undefined) {
  if (!fields?.length) return undefined;
  return { errors: Object.fromEntries(fields.map(({ field, message }) => [field, message])) };
}

/**
 * The error react-admin shows for a failed envelope: its message, status and field errors, and a load
 * refusal's `overLoad` for the dialog to explain.
 */
export const toHttpError = (status: number, envelope: EnvelopeBody) =>
  new HttpError(
    envelope.error ?? envelope.message ?? BAD_REQUEST,
    status,
    envelope.overLoad
      ? { ...fieldErrors(envelope.fields), overLoad: envelope.overLoad }
      : fieldErrors(envelope.fields),
  );

async function readBody(response: Response): Promise<EnvelopeBody> {
  const text = await response.text();
  return text ? (JSON.parse(text) as EnvelopeBody) : {};
}

/** Tries of one write before its error shows: the first and two more, all with its one Idempotency-Key. */
const WRITE_TRIES = 3;
/** Answers that may pass: the server or a proxy in front of it could not make the write (or tell it was made). */
const PASSING = new Set([502, 503, 504]);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A POST sent with one `Idempotency-Key` (one user action), sent again with the same key when the network or
 * the server failed: the server answers a write it already made with its first answer, never a duplicate.
 */
async function postWithRetries(url: string, init: RequestInit & { headers: Headers }): Promise<Response> {
  init.headers.set('Idempotency-Key', crypto.randomUUID());
  for (let attempt = 1; ; attempt += 1) {
    const last = attempt >= WRITE_TRIES;
    try {
      const response = await fetch(url, init);
      if (last || !PASSING.has(response.status)) return response;
    } catch (error) {
      if (last) throw error;
    }
    await pause(200 * attempt);
  }
}

/** Gives the current id token; `forceRefresh` asks the identity provider for a new one first. */
export type IdTokenSource = (forceRefresh?: boolean) => Promise<string | undefined>;

/**
 * The one place that talks HTTP to the API: id token, JSON, envelope and spec §8 errors.
 * A call refused 401 is sent once more with a token refreshed for it: a token sent moments before its
 * expiry can reach a slow or busy server after it, and signing the user out for that would lose their work.
 * A session that really ended (signed out everywhere, disabled, access changed) cannot be refreshed, so its
 * 401 stands and the user is asked to sign in again.
 */
export function createHttpClient(apiUrl: string, getIdToken: IdTokenSource): HttpClient {
  return async <T>(path: string, { method = 'GET', query, body }: RequestOptions = {}) => {
    const url = `${apiUrl}${path}${toQueryString(query)}`;
    const send = (token: string | undefined, warm: boolean) => {
      // Spec §7: every call carries the JSON content type, also those without a body (POST /backups, PUT
      // …/toggle, DELETE); the server takes an empty body as none.
      const headers = new Headers({ Accept: 'application/json', 'Content-Type': 'application/json' });
      if (token) headers.set('Authorization', `Bearer ${token}`);
      const init = { method, headers, body: body === undefined ? undefined : JSON.stringify(body) };
      return (
        (warm && method === 'GET' && takeWarm(url)) ||
        (method === 'POST' ? postWithRetries(url, init) : fetch(url, init))
      );
    };
    const token = await getIdToken();
    let response: Response;
    try {
      response = await send(token, true);
      if (response.status === 401 && token) {
        const refreshed = await getIdToken(true).catch(() => undefined);
        if (refreshed && refreshed !== token) response = await send(refreshed, false);
      }
    } catch {
      throw new HttpError(BAD_REQUEST, 400, UNREACHED);
    }
    let envelope: EnvelopeBody;
    try {
      envelope = await readBody(response);
    } catch {
      throw new HttpError(UNEXPECTED_ERROR, response.status || 500);
    }
    if (envelope.error) apiErrors.push(envelope.error, response.ok ? 400 : response.status);
    if (!response.ok || envelope.success === false)
      throw toHttpError(response.ok ? 400 : response.status, envelope);
    return { data: envelope.data as T, total: envelope.total };
  };
}
