import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type ActionKind,
  actionInputSchema,
  caseActionSchema,
  caseIdParams,
  transitionActionParams,
  transitionInputSchema,
  transitionResultSchema,
} from '../../../contract/cases';
import { envelope } from '../../../contract/envelope';
import { API_PATHS } from '../../../contract/paths';
import type { Role } from '../../../contract/roles';
import { caseFacts, getTransition, insertAction, lastTransition } from '../../db/caseHistory';
import { recordStageMove } from '../../db/caseMoves';
import { applyCaseCommand, transitionKind } from '../../domain/caseStages';
import { conflict, forbidden, notFound } from '../../errors';
import { loadCaseDetails } from '../../services/caseDetails';
import { auditCaseWrite, lockExistingCase, lockOpenCase, staleCase } from '../../services/cases';
import { ok, requires } from '../reply';
import type { CaseRouteOptions } from '.';

const tags = ['cases'];

/** A "reviewed" action is a reader's first look at the study (DESIGN §4 turn 4): readers only (403). */
function requireReaderForReview(kind: ActionKind, roles: readonly Role[]) {
  if (kind === 'reviewed' && !roles.includes('reader'))
    throw forbidden('Only a reader records that they reviewed the study');
}

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
      const { to, reason, version } = request.body;
      const transition = await db.transaction(async (tx) => {
        const current = await lockExistingCase(tx, id);
        const [facts, last] = await Promise.all([caseFacts(tx, current), lastTransition(tx, id)]);
        const state = {
          caseNumber: current.caseNumber,
          stage: current.stage,
          history: last ? [last] : [],
          version: current.version,
        };
        const command = {
          type: 'transition',
          to,
          roles: request.user.roles,
          by: request.user.username,
          reason,
          version,
        } as const;
        // The property-tested stage machine decides; the route only answers in HTTP.
        const { outcome } = applyCaseCommand(state, command, facts);
        if (!outcome.ok) {
          if (outcome.status === 403) throw forbidden(outcome.messages.join(' '));
          if (!outcome.unmetGuards) throw conflict(outcome.messages.join(' '));
          throw conflict(
            `Case ${current.caseNumber} cannot move to ${to}: ${outcome.messages.join('; ')}.`,
            outcome.messages,
          );
        }
        const moved = await recordStageMove(tx, current, {
          to,
          version,
          by: request.user.username,
          reason,
        });
        if (!moved) throw staleCase(current.caseNumber);
        const { updated, transition: recorded } = moved;
        await auditCaseWrite(tx, request, 'case.transition', id, {
          from: current.stage,
          to,
          kind: transitionKind(current.stage, to),
          transitionId: recorded.id,
          before: { version: current.version },
          after: { version: updated.version },
        });
        return recorded;
      });
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
      const { id } = request.params;
      requireReaderForReview(request.body.kind, request.user.roles);
      const action = await db.transaction(async (tx) => {
        await lockOpenCase(tx, id);
        const added = await insertAction(tx, id, null, request.body, request.user.username);
        await auditCaseWrite(tx, request, 'case.action', id, { actionId: added.id, kind: added.kind });
        return added;
      });
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
      const action = await db.transaction(async (tx) => {
        await lockOpenCase(tx, id);
        if (!(await getTransition(tx, id, tid))) throw notFound(`Transition ${tid} of case ${id} not found`);
        const added = await insertAction(tx, id, tid, request.body, request.user.username);
        await auditCaseWrite(tx, request, 'case.action', id, {
          actionId: added.id,
          kind: added.kind,
          transitionId: tid,
        });
        return added;
      });
      return reply.code(201).send(ok(action));
    },
  );
};
