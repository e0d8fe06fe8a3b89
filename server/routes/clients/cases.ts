import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caseListQuerySchema, caseRowSchema } from '../../../contract/cases';
import { clientIdParams } from '../../../contract/clients';
import { listEnvelope } from '../../../contract/list';
import { API_PATHS } from '../../../contract/paths';
import { listCases } from '../../db/caseList';
import type { Db } from '../../db/database';
import { requireClient } from '../../services/clients';
import { page, readsPatientData } from '../reply';

/** A client's cases, newest first by default; reading them needs the cases grant, not the clients one. */
export const clientCaseRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    API_PATHS.clientRecords(':id', 'cases'),
    {
      config: readsPatientData('cases', 'list', 'case-list'),
      schema: {
        tags: ['clients'],
        params: clientIdParams,
        querystring: caseListQuerySchema,
        response: { 200: listEnvelope(caseRowSchema) },
      },
    },
    async (request) => {
      await requireClient(db, request.params.id);
      return page(await listCases(db, request.query, { clientId: request.params.id }));
    },
  );
};
