import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caseIdParams, handoverInputSchema, handoverResultSchema } from '../../../contract/cases';
import { envelope } from '../../../contract/envelope';
import { API_PATHS } from '../../../contract/paths';
import { loadCaseDetails } from '../../services/caseDetails';
import { checkHandover, handOver } from '../../services/handovers';
import { ok, requires } from '../reply';
import type { CaseRouteOptions } from '.';

/**
 * POST a handover (DESIGN §4 "Staffing and handover"): in one transaction the outgoing technologist's open
 * log on the case ends at `at` (a revision of it), the incoming one's opens then with the same activity, the
 * incoming one is assigned if not yet, and the handover is recorded.
 */
export const handoverRoutes: FastifyPluginAsyncZod<CaseRouteOptions> = async (
  app,
  { db, directory, roster },
) => {
  app.post(
    API_PATHS.caseHandovers(':id'),
    {
      config: requires('cases', 'edit'),
      schema: {
        tags: ['cases'],
        params: caseIdParams,
        body: handoverInputSchema,
        response: { 201: envelope(handoverResultSchema) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      await checkHandover(directory, request, request.body);
      const handover = await db.transaction((tx) => handOver(tx, request, roster, id, request.body));
      const details = await loadCaseDetails(db, id, request.user.roles, roster);
      return reply.code(201).send(ok({ handover, case: details }));
    },
  );
};
