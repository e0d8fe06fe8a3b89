import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { callAttemptInputSchema } from '../../../contract/callAttempts';
import { callAttemptErrors } from '../../../contract/callOrder';
import { type RecordItem, recordItemParams, recordSchema } from '../../../contract/caseRecords';
import { envelope } from '../../../contract/envelope';
import { API_PATHS } from '../../../contract/paths';
import { insertAttempt, lockEvent } from '../../db/callAttempts';
import { latestRevision } from '../../db/caseRecords';
import { contactsOfClient } from '../../db/clientContacts';
import { badRequest, conflict, notFound } from '../../errors';
import { recordContext, toItem } from '../../services/caseRecords';
import { auditCaseWrite, lockOpenCase } from '../../services/cases';
import { ok, requires } from '../reply';
import type { CaseRouteOptions } from '.';

/**
 * `POST R/events/{itemId}/call-attempts` (DESIGN §4 "Orders and critical calls"): one more attempt at the
 * critical call an event's notification asks for, appended (never changed); answers the event with its
 * notification as it now stands (closed, or whom to call next and by when).
 */
export const callAttemptRoutes: FastifyPluginAsyncZod<CaseRouteOptions> = async (app, { db }) => {
  const eventSchema = recordSchema('events') as unknown as z.ZodType<RecordItem>;
  app.post(
    API_PATHS.callAttempts(':caseId', ':itemId'),
    {
      config: requires('cases.call-attempts', 'create'),
      schema: {
        tags: ['case records'],
        params: recordItemParams,
        body: callAttemptInputSchema,
        response: { 201: envelope(eventSchema) },
      },
    },
    async (request, reply) => {
      const { caseId, itemId } = request.params;
      const { username } = request.user;
      const input = request.body;
      const event = await db.transaction(async (tx) => {
        const found = await lockOpenCase(tx, caseId);
        if (!(await lockEvent(tx, caseId, itemId))) throw notFound(`Event ${itemId} not found on this case`);
        const latest = await latestRevision(tx, itemId);
        if (!latest || latest.voided)
          throw conflict('This event is voided: a call about it cannot be logged');
        const context = await recordContext(tx, 'events', found);
        const before = toItem('events', latest, context);
        if (!before.notification)
          throw conflict('No rule of the protocol covers this type of event: there is no call to log');
        const contacts = await contactsOfClient(tx, found.clientId);
        const errors = callAttemptErrors(
          input,
          { occurredAt: latest.body.occurredAt as string },
          new Set(contacts.map((contact) => contact._id)),
          new Date(),
        );
        const number =
          input.number || contacts.find((contact) => contact._id === input.contactId)?.phone || '';
        if (!number && !errors.some((error) => error.field === 'contactId'))
          errors.push({ field: 'number', message: 'This contact has no phone: enter the number dialled' });
        if (errors.length > 0) throw badRequest(`Invalid ${errors.map((e) => e.field).join(', ')}`, errors);
        const attempt = await insertAttempt(tx, {
          itemId,
          at: new Date(input.at),
          contactId: input.contactId,
          number,
          outcome: input.outcome,
          readBack: input.outcome === 'reached' ? input.readBack : false,
          reachedName: input.outcome === 'reached' && input.reachedOther ? (input.reachedName ?? null) : null,
          note: input.note || null,
          by: username,
        });
        await auditCaseWrite(tx, request, 'call-attempt.create', caseId, { itemId, attemptId: attempt.id });
        context.attempts.set(itemId, [...(context.attempts.get(itemId) ?? []), attempt]);
        return toItem('events', latest, context);
      });
      return reply.code(201).send(ok(event));
    },
  );
};
