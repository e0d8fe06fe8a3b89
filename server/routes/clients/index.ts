import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
import { listClientNames, listClients } from '../../db/clients';
import type { Db } from '../../db/database';
import {
  changeClient,
  createClient,
  refuseClientWithCases,
  refuseDuplicateCode,
  removeClient,
  requireClient,
} from '../../services/clients';
import { ok, page, requires } from '../reply';
import { clientCaseRoutes } from './cases';
import { contactRoutes } from './contacts';
import { protocolRoutes } from './protocol';
import { usefulLinkRoutes } from './usefulLinks';

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
        .transaction((tx) => createClient(tx, request, request.body))
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
      const client = await db
        .transaction((tx) => changeClient(tx, request, request.params.id, request.body))
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
      const client = await db
        .transaction((tx) => removeClient(tx, request, id, request.query.version))
        .catch(refuseClientWithCases);
      return ok(client);
    },
  );

  await app.register(protocolRoutes, { db });
  await app.register(contactRoutes, { db });
  await app.register(usefulLinkRoutes, { db });
  await app.register(clientCaseRoutes, { db });
};
