import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deletionBlockedMessage,
  duplicateCodeError,
  staleVersionMessage,
} from '../../../contract/clientRules';
import {
  clientDeleteQuerySchema,
  clientIdNameSchema,
  clientIdParams,
  clientInputSchema,
  clientListQuerySchema,
  clientSchema,
  clientUpdateSchema,
} from '../../../contract/clients';
import { envelope } from '../../../contract/envelope';
import { listEnvelope } from '../../../contract/list';
import { API_PATHS } from '../../../contract/paths';
import { refreshClientCaseHours } from '../../db/caseHours';
import { countCasesOfClient, isClientWithCases } from '../../db/cases';
import {
  deleteClient,
  insertClient,
  isDuplicateClientCode,
  listClientNames,
  listClients,
  updateClient,
} from '../../db/clients';
import type { Db } from '../../db/database';
import { badRequest, conflict } from '../../errors';
import { auditClientWrite, requireClient } from '../../services/clients';
import { ok, page, requires } from '../reply';
import { clientCaseRoutes } from './cases';
import { contactRoutes } from './contacts';
import { protocolRoutes } from './protocol';
import { usefulLinkRoutes } from './usefulLinks';

/** A duplicate code is the user's to fix, so it comes back as a field error like any other. */
function refuseDuplicateCode(code: string) {
  return (error: unknown): never => {
    if (isDuplicateClientCode(error)) throw badRequest('Invalid code', [duplicateCodeError(code)]);
    throw error;
  };
}

const tags = ['clients'];

/** The Clients API (issue 3): clients and, in sub-plugins, their protocol, contacts, links and cases. */
export const clientRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    API_PATHS.clients,
    {
      config: requires('clients', 'list'),
      schema: { tags, querystring: clientListQuerySchema, response: { 200: listEnvelope(clientSchema) } },
    },
    async (request) => page(await listClients(db, request.query)),
  );

  for (const [path, enabledOnly] of [
    [API_PATHS.clientIds, false],
    [API_PATHS.enabledClientIds, true],
  ] as const) {
    app.get(
      path,
      {
        config: requires('clients', 'list'),
        schema: { tags, response: { 200: listEnvelope(clientIdNameSchema) } },
      },
      async () => {
        const rows = await listClientNames(db, { enabledOnly });
        return page({ rows, total: rows.length });
      },
    );
  }

  app.get(
    API_PATHS.client(':id'),
    {
      config: requires('clients', 'show'),
      schema: { tags, params: clientIdParams, response: { 200: envelope(clientSchema) } },
    },
    async (request) => ok(await requireClient(db, request.params.id)),
  );

  app.post(
    API_PATHS.clients,
    {
      config: requires('clients', 'create'),
      schema: { tags, body: clientInputSchema, response: { 201: envelope(clientSchema) } },
    },
    async (request, reply) => {
      const client = await db
        .transaction(async (tx) => {
          const created = await insertClient(tx, request.body);
          await auditClientWrite(tx, request, 'client.create', created.id, {
            after: { version: created.version },
          });
          return created;
        })
        .catch(refuseDuplicateCode(request.body.code));
      return reply.code(201).send(ok(client));
    },
  );

  app.put(
    API_PATHS.client(':id'),
    {
      config: requires('clients', 'edit'),
      schema: {
        tags,
        params: clientIdParams,
        body: clientUpdateSchema,
        response: { 200: envelope(clientSchema) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const client = await db
        .transaction(async (tx) => {
          const before = await requireClient(tx, id);
          const updated = await updateClient(tx, id, request.body);
          if (!updated) throw conflict(staleVersionMessage('client'));
          // Its cases' hours are counted in its local months: a new time zone moves the month boundaries.
          if (updated.timeZone !== before.timeZone) await refreshClientCaseHours(tx, id);
          await auditClientWrite(tx, request, 'client.update', id, {
            before: { version: before.version },
            after: { version: updated.version },
          });
          return updated;
        })
        .catch(refuseDuplicateCode(request.body.code));
      return ok(client);
    },
  );

  app.delete(
    API_PATHS.client(':id'),
    {
      config: requires('clients', 'delete'),
      schema: {
        tags,
        params: clientIdParams,
        querystring: clientDeleteQuerySchema,
        response: { 200: envelope(clientSchema) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { version } = request.query;
      const client = await db
        .transaction(async (tx) => {
          const before = await requireClient(tx, id);
          if (before.version !== version) throw conflict(staleVersionMessage('client'));
          const blocked = deletionBlockedMessage(await countCasesOfClient(tx, id));
          if (blocked) throw conflict(blocked);
          const deleted = await deleteClient(tx, id, version);
          if (!deleted) throw conflict(staleVersionMessage('client'));
          await auditClientWrite(tx, request, 'client.delete', id, { before: { version: deleted.version } });
          return deleted;
        })
        .catch((error: unknown) => {
          if (isClientWithCases(error)) throw conflict('This client has cases and cannot be deleted.');
          throw error;
        });
      return ok(client);
    },
  );

  await app.register(protocolRoutes, { db });
  await app.register(contactRoutes, { db });
  await app.register(usefulLinkRoutes, { db });
  await app.register(clientCaseRoutes, { db });
};
