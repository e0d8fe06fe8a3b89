import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorEnvelope } from '../contract/envelope';
import { AppError } from './errors';

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'User needs to be authenticated to call this API.',
  403: 'Access denied',
  404: 'Not found',
  409: 'Conflict',
};

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
    if (error instanceof AppError) {
      const body: ErrorEnvelope = { success: false, error: error.message };
      if (error.fields) body.fields = error.fields;
      return reply.code(error.statusCode).send(body);
    }
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) {
      request.log.error({ err: loggableError(error), route: request.routeOptions.url }, 'request failed');
      return reply.code(500).send({ success: false, error: 'An unexpected error occurred' });
    }
    return reply
      .code(status)
      .send({ success: false, error: error.message || STATUS_TEXT[status] || 'Bad Request' });
  });
  app.setNotFoundHandler((request, reply) => {
    reply
      .code(404)
      .send({ success: false, error: `Not found: ${request.method} ${request.url.split('?')[0]}` });
  });
}
