import http from 'node:http';
import type { Socket } from 'node:net';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorEnvelope, FieldError } from '../contract/envelope';
import { isConnectionLost, postgresError } from './db/transaction';

/** A write (or a read tried twice) that could not reach the database: nothing was changed. */
const DATABASE_UNAVAILABLE = 'The database is unavailable: try again.';

import { AppError } from './errors';
import { type securityHeaderOptions, securityHeaders } from './securityHeaders';

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'User needs to be authenticated to call this API.',
  403: 'Access denied',
  404: 'Not found',
  409: 'Conflict',
  413: 'The request is too large',
  414: 'The address is too long',
  415: 'Send the request body as application/json',
  429: 'Too many requests',
};

const CHANGED_MEANWHILE = 'was changed by someone else meanwhile; reload and try again.';

/**
 * A database refusal the client caused or can retry, as an AppError (null for a real server fault). Input
 * validation should catch bad values first; this keeps any that slip through, and races between requests,
 * from becoming a 500 on any route, present or future.
 */
function databaseRefusal(error: unknown): AppError | null {
  const pg = postgresError(error);
  if (!pg?.code) return null;
  // The column when the database names one; otherwise the request as a whole (validation should have
  // caught the value first, and the fuzz test flags any 400 that names no field of the route).
  const field = (message: string): FieldError[] => [{ field: pg.column ?? 'request', message }];
  switch (pg.code) {
    case '23503': // foreign_key_violation: what the write refers to was deleted by a concurrent request
      return new AppError(409, `A record this refers to ${CHANGED_MEANWHILE}`);
    case '23505': // unique_violation
      return new AppError(409, 'This would duplicate an existing record; reload and try again.');
    case '40001': // serialization_failure
    case '40P01': // deadlock_detected
    case '55P03': // lock_not_available
      return new AppError(409, `The record ${CHANGED_MEANWHILE}`);
    case '23502': // not_null_violation
      return new AppError(400, 'A required value is missing', field('A required value is missing'));
    case '23514': // check_violation
      return new AppError(400, 'A value is not allowed', field('This value is not allowed'));
  }
  // Class 22, data exceptions: out of range, invalid text, a character the encoding refuses, …
  if (pg.code.startsWith('22')) {
    return new AppError(400, 'A value cannot be stored', field('This value cannot be stored'));
  }
  return null;
}

/**
 * What of an unexpected error may be logged: its class, database error code and stack frames, never its
 * message, cause or parameters (a database error's message carries the query's values, patient data too).
 */
export function loggableError(error: unknown) {
  const { name, code, cause, stack } = error as Error & { code?: unknown; cause?: { code?: unknown } };
  return {
    type: name,
    code: code ?? cause?.code,
    // Only the frames: a message may span several lines of the stack text.
    stack: stack
      ?.split('\n')
      .filter((line) => line.trimStart().startsWith('at '))
      .join('\n'),
  };
}

function sendAppError(reply: FastifyReply, error: AppError) {
  const body: ErrorEnvelope = { success: false, error: error.message };
  if (error.fields) body.fields = error.fields;
  if (error.unmet) body.unmet = error.unmet;
  if (error.overLoad) body.overLoad = error.overLoad;
  return reply.code(error.statusCode).send(body);
}

/** The one place errors become the envelope; a 500 never leaks internals. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = error.validation.map((issue) => ({
        field:
          issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext || 'body',
        message: issue.message ?? 'Invalid value',
      }));
      const body: ErrorEnvelope = {
        success: false,
        error: `Invalid ${fields.map((f) => f.field).join(', ')}`,
        fields,
      };
      return reply.code(400).send(body);
    }
    if (error instanceof AppError) return sendAppError(reply, error);
    if (isConnectionLost(error)) {
      request.log.warn(
        { err: loggableError(error), route: request.routeOptions.url },
        'database unavailable',
      );
      return sendAppError(reply, new AppError(503, DATABASE_UNAVAILABLE));
    }
    const refusal = databaseRefusal(error);
    if (refusal) return sendAppError(reply, refusal);
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) {
      request.log.error({ err: loggableError(error), route: request.routeOptions.url }, 'request failed');
      return reply.code(500).send({ success: false, error: 'An unexpected error occurred' });
    }
    const body: ErrorEnvelope = {
      success: false,
      error: error.message || STATUS_TEXT[status] || 'Bad Request',
    };
    // A body Fastify could not parse is the body's fault: name it, as every other 400 names its field.
    if (status === 400) body.fields = [{ field: 'body', message: body.error }];
    return reply.code(status).send(body);
  });
  app.setNotFoundHandler((request, reply) => {
    reply
      .code(404)
      .send({ success: false, error: `Not found: ${request.method} ${request.url.split('?')[0]}` });
  });
}

/**
 * Errors Fastify answers before routing (a malformed %-escape in the URL, a path parameter over the
 * router's length limit): the same envelope and security headers as every other response.
 */
export function frameworkErrorHandler(
  headerOptions: ReturnType<typeof securityHeaderOptions>,
): NonNullable<FastifyServerOptions['frameworkErrors']> {
  // An error answer is no more to be kept by a browser or proxy than any other API answer.
  const headers = { ...Object.fromEntries(securityHeaders(headerOptions)), 'cache-control': 'no-store' };
  return (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
    const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
    const message = status === 414 ? STATUS_TEXT[414] : 'The address is not valid (a malformed %-escape)';
    const body: ErrorEnvelope = { success: false, error: message, fields: [{ field: 'url', message }] };
    reply.headers(headers).code(status).send(body);
  };
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers or URL over the size limit, a
 * malformed request line, a client too slow to send its request): the envelope and security headers too.
 */
export function clientErrorHandler(
  headerOptions: ReturnType<typeof securityHeaderOptions>,
): NonNullable<FastifyServerOptions['clientErrorHandler']> {
  const headerLines = [...securityHeaders(headerOptions)]
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return (error: Error & { code?: string }, socket: Socket) => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, message] =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'The request headers or address are too long']
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'The request took too long to arrive']
          : [400, 'The request is malformed'];
    const envelope: ErrorEnvelope = { success: false, error: message };
    if (status === 400) envelope.fields = [{ field: 'request', message }];
    const body = JSON.stringify(envelope);
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n${headerLines}` +
          `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
          'Cache-Control: no-store\r\n' +
          `Connection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy(error);
  };
}
