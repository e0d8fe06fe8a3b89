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
import { recordAudit } from '../../db/audit';
import type { Db } from '../../db/database';
import {
  getInterface,
  getMessage,
  listMessages,
  requeueMessage,
  saveInterface,
  searchIndexedPatients,
  toInterface,
  toMessage,
} from '../../db/interfaces';
import { conflict, notFound } from '../../errors';
import type { SecretBox } from '../../interfaces/secrets';
import { auditClientWrite, requireClient, versionedClientWrite } from '../../services/clients';
import { ok, page, requires } from '../reply';

const tags = ['interfaces'];

/** A client with no settings yet answers the defaults at version 0. */
const noSettings = (clientId: number) => ({
  ...interfaceSchema.parse({
    clientId,
    ...interfaceInputSchema.parse({ version: 0 }),
    mllpPort: null,
    hasFhirBearerToken: false,
    hasFhirClientSecret: false,
    version: 0,
    updatedAt: null,
  }),
});

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
    async (request) => {
      await requireClient(db, request.params.id);
      const row = await getInterface(db, request.params.id);
      return ok(row ? toInterface(row) : noSettings(request.params.id));
    },
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
      const { version, fhirBearerToken, fhirClientSecret, ...fields } = request.body;
      const saved = await versionedClientWrite(
        db,
        id,
        staleVersionMessage('hospital interface'),
        async (tx) => {
          const before = await getInterface(tx, id);
          if ((before?.version ?? 0) !== version) return undefined;
          // Left out: kept; '': cleared; else sealed. The value itself is never answered nor logged.
          const sealed = (sent: string | undefined, kept: string | null | undefined) =>
            sent === undefined ? (kept ?? null) : sent === '' ? null : box.seal(sent);
          const row = await saveInterface(tx, id, version, {
            ...fields,
            fhirBearerTokenSealed: sealed(fhirBearerToken, before?.fhirBearerTokenSealed),
            fhirClientSecretSealed: sealed(fhirClientSecret, before?.fhirClientSecretSealed),
            updatedBy: request.user.username,
          });
          if (!row) return undefined;
          await auditClientWrite(tx, request, 'client.interface', id, {
            before: { version },
            after: { version: row.version },
            secretsChanged: fhirBearerToken !== undefined || fhirClientSecret !== undefined,
          });
          return row;
        },
      );
      return ok(toInterface(saved));
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
    async (request) => {
      await requireClient(db, request.params.id);
      const rows = await searchIndexedPatients(db, request.params.id, request.query.q);
      await recordAudit(db, {
        actor: request.user.username,
        action: 'read',
        resource: 'clients.patients',
        resourceId: String(request.params.id),
        outcome: 'ok',
        details: { call: 'GET patients', count: rows.length },
      });
      return page({ rows, total: rows.length });
    },
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
    async (request) => {
      const found = await listMessages(db, request.query);
      // The raw text is patient data: reading it is audited like any read of a case.
      if (request.query.withRawText === 'true' && found.rows.length > 0)
        await recordAudit(db, {
          actor: request.user.username,
          action: 'read',
          resource: 'interfaces.messages',
          outcome: 'ok',
          details: { call: 'GET raw messages', messageIds: found.rows.map((row) => row.id).slice(0, 200) },
        });
      return page(found);
    },
  );

  app.get(
    API_PATHS.interfaceMessage(':id'),
    {
      config: requires('interfaces', 'show'),
      schema: { tags, params: messageIdParams, response: { 200: envelope(interfaceMessageSchema) } },
    },
    async (request) => {
      const { id } = request.params;
      const row = await getMessage(db, id);
      if (!row) throw notFound(`Message ${id} not found`);
      await recordAudit(db, {
        actor: request.user.username,
        action: 'read',
        resource: 'interfaces.messages',
        resourceId: String(id),
        outcome: 'ok',
        details: { call: 'GET raw message', messageIds: [id] },
      });
      return ok(toMessage(row, true));
    },
  );

  app.post(
    API_PATHS.interfaceMessageResend(':id'),
    {
      config: requires('interfaces', 'edit'),
      schema: { tags, params: messageIdParams, response: { 200: envelope(interfaceMessageSchema) } },
    },
    async (request) => {
      const { id } = request.params;
      const row = await db.transaction(async (tx) => {
        const found = await getMessage(tx, id);
        if (!found) throw notFound(`Message ${id} not found`);
        if (found.direction !== 'out')
          throw conflict('Only messages Vigil sends can be sent again; the hospital resends its own');
        if (found.status === 'pending') throw conflict('This message is already waiting to be sent');
        const requeued = await requeueMessage(tx, id);
        await recordAudit(tx, {
          actor: request.user.username,
          action: 'interfaces.message.resend',
          resource: 'interfaces.messages',
          resourceId: String(id),
          outcome: 'ok',
          details: { before: { status: found.status } },
        });
        return requeued;
      });
      return ok(toMessage(row, false));
    },
  );
};
