import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staleVersionMessage } from '../../../contract/clientRules';
import { clientIdParams } from '../../../contract/clients';
import { envelope } from '../../../contract/envelope';
import {
  indexedPatientSchema,
  interfaceInputSchema,
  interfaceMessageSchema,
  interfaceSchema,
  messageIdParams,
  messageListQuerySchema,
  patientSearchQuerySchema,
} from '../../../contract/interfaces';
import { listEnvelope } from '../../../contract/list';
import { API_PATHS } from '../../../contract/paths';
import type { Db } from '../../db/database';
import type { SecretBox } from '../../interfaces/secrets';
import { versionedClientWrite } from '../../services/clients';
import {
  listInterfaceMessages,
  readInterface,
  readMessage,
  resendMessage,
  saveInterfaceSettings,
  searchPatients,
} from '../../services/hospitalInterfaces';
import { ok, page, requires } from '../reply';

const tags = ['interfaces'];

/** Hospital interfaces (issue 32): a client's settings and patient index, and the message log. */
export const interfaceRoutes: FastifyPluginAsyncZod<{ db: Db; box: SecretBox }> = async (
  app,
  { db, box },
) => {
  app.get(
    API_PATHS.clientInterface(':id'),
    {
      config: requires('interfaces', 'show'),
      schema: { tags, params: clientIdParams, response: { 200: envelope(interfaceSchema) } },
    },
    async (request) => ok(await readInterface(db, request.params.id)),
  );

  app.put(
    API_PATHS.clientInterface(':id'),
    {
      config: requires('interfaces', 'edit'),
      schema: {
        tags,
        params: clientIdParams,
        body: interfaceInputSchema,
        response: { 200: envelope(interfaceSchema) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const saved = await versionedClientWrite(db, id, staleVersionMessage('hospital interface'), (tx) =>
        saveInterfaceSettings(tx, box, request, id, request.body),
      );
      return ok(saved);
    },
  );

  app.get(
    API_PATHS.clientPatients(':id'),
    {
      config: requires('clients.patients', 'list'),
      schema: {
        tags,
        params: clientIdParams,
        querystring: patientSearchQuerySchema,
        response: { 200: listEnvelope(indexedPatientSchema) },
      },
    },
    async (request) => page(await searchPatients(db, request, request.params.id, request.query.q)),
  );

  app.get(
    API_PATHS.interfaceMessages,
    {
      config: requires('interfaces', 'list'),
      schema: {
        tags,
        querystring: messageListQuerySchema,
        response: { 200: listEnvelope(interfaceMessageSchema) },
      },
    },
    async (request) => page(await listInterfaceMessages(db, request, request.query)),
  );

  app.get(
    API_PATHS.interfaceMessage(':id'),
    {
      config: requires('interfaces', 'show'),
      schema: { tags, params: messageIdParams, response: { 200: envelope(interfaceMessageSchema) } },
    },
    async (request) => ok(await readMessage(db, request, request.params.id)),
  );

  app.post(
    API_PATHS.interfaceMessageResend(':id'),
    {
      config: requires('interfaces', 'edit'),
      schema: { tags, params: messageIdParams, response: { 200: envelope(interfaceMessageSchema) } },
    },
    async (request) => ok(await db.transaction((tx) => resendMessage(tx, request, request.params.id))),
  );
};
