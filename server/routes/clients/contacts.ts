import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  clientIdParams,
  contactInputSchema,
  contactListQuerySchema,
  contactParams,
  contactSchema,
  contactUpdateSchema,
} from '../../../contract/clients';
import { envelope } from '../../../contract/envelope';
import { listEnvelope } from '../../../contract/list';
import { getContact, insertContact, listContacts, updateContact } from '../../db/clientContacts';
import type { Db } from '../../db/database';
import type { DbOrTx } from '../../db/transaction';
import { staleVersionMessage } from '../../domain/clients';
import { conflict, notFound } from '../../errors';
import { auditWrite, CLIENTS_PATH, ok, page, requireClient, requires } from './shared';

const tags = ['clients'];
const CONTACTS_PATH = `${CLIENTS_PATH}/:id/contacts`;

async function requireContact(db: DbOrTx, clientId: number, contactId: number) {
  const contact = await getContact(db, clientId, contactId);
  if (!contact) throw notFound(`Contact ${contactId} not found for client ${clientId}`);
  return contact;
}

/** A client's contacts, called in escalation order when a notification rule fires. */
export const contactRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    CONTACTS_PATH,
    {
      config: requires('list'),
      schema: {
        tags,
        params: clientIdParams,
        querystring: contactListQuerySchema,
        response: { 200: listEnvelope(contactSchema) },
      },
    },
    async (request) => {
      await requireClient(db, request.params.id);
      return page(await listContacts(db, request.params.id, request.query));
    },
  );

  app.get(
    `${CONTACTS_PATH}/:contactId`,
    {
      config: requires('show'),
      schema: { tags, params: contactParams, response: { 200: envelope(contactSchema) } },
    },
    async (request) => {
      await requireClient(db, request.params.id);
      return ok(await requireContact(db, request.params.id, request.params.contactId));
    },
  );

  app.post(
    CONTACTS_PATH,
    {
      config: requires('create'),
      schema: {
        tags,
        params: clientIdParams,
        body: contactInputSchema,
        response: { 201: envelope(contactSchema) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const contact = await db.transaction(async (tx) => {
        await requireClient(tx, id);
        const created = await insertContact(tx, id, request.body);
        await auditWrite(tx, request, 'contact.create', id, {
          contactId: created._id,
          after: { version: created.version },
        });
        return created;
      });
      return reply.code(201).send(ok(contact));
    },
  );

  app.put(
    `${CONTACTS_PATH}/:contactId`,
    {
      config: requires('edit'),
      schema: {
        tags,
        params: contactParams,
        body: contactUpdateSchema,
        response: { 200: envelope(contactSchema) },
      },
    },
    async (request) => {
      const { id, contactId } = request.params;
      const contact = await db.transaction(async (tx) => {
        await requireClient(tx, id);
        const before = await requireContact(tx, id, contactId);
        const updated = await updateContact(tx, id, contactId, request.body);
        if (!updated) throw conflict(staleVersionMessage('contact'));
        await auditWrite(tx, request, 'contact.update', id, {
          contactId,
          before: { version: before.version },
          after: { version: updated.version },
        });
        return updated;
      });
      return ok(contact);
    },
  );
};
