import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accessLogEntrySchema, accessLogQuerySchema } from '../../../contract/accessLog';
import { listEnvelope } from '../../../contract/list';
import { API_PATHS } from '../../../contract/paths';
import { listAccessLog } from '../../db/audit';
import type { Db } from '../../db/database';
import { page, requires } from '../reply';

/** The access log (DESIGN §6), the admin's: the audit log filtered by user, case, outcome and date. */
export const accessLogRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    API_PATHS.accessLog,
    {
      config: requires('access-log', 'list'),
      schema: {
        tags: ['access-log'],
        querystring: accessLogQuerySchema,
        response: { 200: listEnvelope(accessLogEntrySchema) },
      },
    },
    async (request) => page(await listAccessLog(db, request.query)),
  );
};
