import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  clientIdParams,
  usefulLinkInputSchema,
  usefulLinkListQuerySchema,
  usefulLinkParams,
  usefulLinkSchema,
  usefulLinkUpdateSchema,
} from '../../../contract/clients';
import { envelope } from '../../../contract/envelope';
import { listEnvelope } from '../../../contract/list';
import {
  getUsefulLink,
  insertUsefulLink,
  listUsefulLinks,
  updateUsefulLink,
} from '../../db/clientUsefulLinks';
import type { Db } from '../../db/database';
import type { DbOrTx } from '../../db/transaction';
import { staleVersionMessage } from '../../domain/clients';
import { conflict, notFound } from '../../errors';
import { auditWrite, CLIENTS_PATH, ok, page, requireClient, requires } from './shared';

const tags = ['clients'];
const LINKS_PATH = `${CLIENTS_PATH}/:id/useful-links`;

async function requireUsefulLink(db: DbOrTx, clientId: number, linkId: number) {
  const link = await getUsefulLink(db, clientId, linkId);
  if (!link) throw notFound(`Useful link ${linkId} not found for client ${clientId}`);
  return link;
}

/** Links a technologist needs for a client: EEG viewer, on-call schedule, order portal. */
export const usefulLinkRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    LINKS_PATH,
    {
      config: requires('list'),
      schema: {
        tags,
        params: clientIdParams,
        querystring: usefulLinkListQuerySchema,
        response: { 200: listEnvelope(usefulLinkSchema) },
      },
    },
    async (request) => {
      await requireClient(db, request.params.id);
      return page(await listUsefulLinks(db, request.params.id, request.query));
    },
  );

  app.get(
    `${LINKS_PATH}/:linkId`,
    {
      config: requires('show'),
      schema: { tags, params: usefulLinkParams, response: { 200: envelope(usefulLinkSchema) } },
    },
    async (request) => {
      await requireClient(db, request.params.id);
      return ok(await requireUsefulLink(db, request.params.id, request.params.linkId));
    },
  );

  app.post(
    LINKS_PATH,
    {
      config: requires('create'),
      schema: {
        tags,
        params: clientIdParams,
        body: usefulLinkInputSchema,
        response: { 201: envelope(usefulLinkSchema) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const link = await db.transaction(async (tx) => {
        await requireClient(tx, id);
        const created = await insertUsefulLink(tx, id, request.body);
        await auditWrite(tx, request, 'usefulLink.create', id, {
          linkId: created._id,
          after: { version: created.version },
        });
        return created;
      });
      return reply.code(201).send(ok(link));
    },
  );

  app.put(
    `${LINKS_PATH}/:linkId`,
    {
      config: requires('edit'),
      schema: {
        tags,
        params: usefulLinkParams,
        body: usefulLinkUpdateSchema,
        response: { 200: envelope(usefulLinkSchema) },
      },
    },
    async (request) => {
      const { id, linkId } = request.params;
      const link = await db.transaction(async (tx) => {
        await requireClient(tx, id);
        const before = await requireUsefulLink(tx, id, linkId);
        const updated = await updateUsefulLink(tx, id, linkId, request.body);
        if (!updated) throw conflict(staleVersionMessage('useful link'));
        await auditWrite(tx, request, 'usefulLink.update', id, {
          linkId,
          before: { version: before.version },
          after: { version: updated.version },
        });
        return updated;
      });
      return ok(link);
    },
  );
};
