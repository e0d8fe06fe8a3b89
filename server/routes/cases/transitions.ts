import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  actionInputSchema,
  caseActionSchema,
  caseIdParams,
  transitionActionParams,
  transitionInputSchema,
  transitionResultSchema,
} from '../../../contract/cases';
import { envelope } from '../../../contract/envelope';
import { API_PATHS } from '../../../contract/paths';
import { loadCaseDetails } from '../../services/caseDetails';
import { addCaseAction, moveCase, requireReaderForReview } from '../../services/caseTransitions';
import { ok, requires } from '../reply';
import type { CaseRouteOptions } from '.';

const tags = ['cases'];

/**
 * Stage changes (DESIGN §4 guard table, checked in the transaction that makes them) and the actions on a
 * case or one of its transitions.
 */
export const transitionRoutes: FastifyPluginAsyncZod<CaseRouteOptions> = async (app, { db, roster }) => {
  app.post(
    API_PATHS.caseTransitions(':id'),
    {
      // Any role that reads cases may ask; the stage machine decides who may make which move (403).
      config: requires('cases', 'show'),
      schema: {
        tags,
        params: caseIdParams,
        body: transitionInputSchema,
        response: { 201: envelope(transitionResultSchema) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const transition = await db.transaction((tx) => moveCase(tx, request, id, request.body));
      const details = await loadCaseDetails(db, id, request.user.roles, roster);
      return reply.code(201).send(ok({ transition, case: details }));
    },
  );

  app.post(
    API_PATHS.caseActions(':id'),
    {
      config: requires('cases', 'show'),
      schema: {
        tags,
        params: caseIdParams,
        body: actionInputSchema,
        response: { 201: envelope(caseActionSchema) },
      },
    },
    async (request, reply) => {
      requireReaderForReview(request.body.kind, request.user.roles);
      const action = await db.transaction((tx) =>
        addCaseAction(tx, request, request.params.id, null, request.body),
      );
      return reply.code(201).send(ok(action));
    },
  );

  app.post(
    API_PATHS.caseTransitionActions(':id', ':tid'),
    {
      config: requires('cases', 'show'),
      schema: {
        tags,
        params: transitionActionParams,
        body: actionInputSchema,
        response: { 201: envelope(caseActionSchema) },
      },
    },
    async (request, reply) => {
      const { id, tid } = request.params;
      requireReaderForReview(request.body.kind, request.user.roles);
      const action = await db.transaction((tx) => addCaseAction(tx, request, id, tid, request.body));
      return reply.code(201).send(ok(action));
    },
  );
};
