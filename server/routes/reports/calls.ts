import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { monitoringHoursQuery } from '../../../contract/billing';
import { callMonthSchema } from '../../../contract/callAttempts';
import { envelope } from '../../../contract/envelope';
import { API_PATHS } from '../../../contract/paths';
import { callFigures } from '../../db/callFigures';
import type { Db } from '../../db/database';
import { requireClientHeader } from '../../services/clients';
import { ok, requires } from '../reply';

/**
 * `GET /reporting/continuous-monitoring/calls?from&to[&clientId]`: the critical calls per client and month
 * (DESIGN §4 "Reports"), until the turnaround report carries them as its `calls` part.
 */
export const callReportRoutes: FastifyPluginAsyncZod<{ db: Db; now?: () => Date }> = async (
  app,
  { db, now = () => new Date() },
) => {
  app.get(
    API_PATHS.callFigures,
    {
      config: requires('reporting', 'list'),
      schema: {
        tags: ['reports'],
        querystring: monitoringHoursQuery,
        response: {
          200: envelope(z.object({ from: z.string(), to: z.string(), calls: z.array(callMonthSchema) })),
        },
      },
    },
    async (request) => {
      const { from, to, clientId } = request.query;
      if (clientId !== undefined) await requireClientHeader(db, clientId);
      return ok({ from, to, calls: await callFigures(db, from, to, clientId, now()) });
    },
  );
};
