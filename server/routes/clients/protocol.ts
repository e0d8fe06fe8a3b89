import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  nextRevisionNumber,
  notifiedContactIds,
  staleRevisionMessage,
  unknownNotifiedContacts,
} from '../../../contract/clientRules';
import {
  clientIdParams,
  protocolRevisionSchema,
  revisionInputSchema,
  revisionKindQuerySchema,
  revisionListQuerySchema,
  revisionParams,
  revisionSchema,
  transferRevisionSchema,
} from '../../../contract/clients';
import { envelope } from '../../../contract/envelope';
import { listEnvelope } from '../../../contract/list';
import { API_PATHS } from '../../../contract/paths';
import { existingContactIds } from '../../db/clientContacts';
import type { Db } from '../../db/database';
import {
  currentRevisionNumber,
  getCurrentRevision,
  getRevision,
  insertRevision,
  isConcurrentRevision,
  listRevisions,
} from '../../db/protocolRevisions';
import { badRequest, notFound } from '../../errors';
import { auditClientWrite, requireClient, versionedClientWrite } from '../../services/clients';
import { ok, page, requires } from '../reply';

const tags = ['clients'];

/**
 * A client's protocol and transfer protocol: append-only revisions. GET of the current one answers
 * `data: null` while the client has none yet (the first revision is posted with `baseRevision: 0`).
 */
export const protocolRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  // The current protocol at /protocol and the current transfer protocol at /protocol/transfer.
  const currentRoutes = [
    { path: API_PATHS.protocol(':id'), kind: 'protocol', schema: protocolRevisionSchema },
    { path: API_PATHS.transferProtocol(':id'), kind: 'transfer', schema: transferRevisionSchema },
  ] as const;
  for (const { path, kind, schema } of currentRoutes) {
    app.get(
      path,
      {
        config: requires('clients', 'show'),
        schema: { tags, params: clientIdParams, response: { 200: envelope(schema.nullable()) } },
      },
      async (request) => {
        await requireClient(db, request.params.id);
        return ok((await getCurrentRevision(db, request.params.id, kind)) ?? null);
      },
    );
  }

  app.get(
    API_PATHS.protocolRevisions(':id'),
    {
      config: requires('clients', 'show'),
      schema: {
        tags,
        params: clientIdParams,
        querystring: revisionListQuerySchema,
        response: { 200: listEnvelope(revisionSchema) },
      },
    },
    async (request) => {
      await requireClient(db, request.params.id);
      return page(await listRevisions(db, request.params.id, request.query.kind, request.query));
    },
  );

  app.get(
    API_PATHS.protocolRevision(':id', ':revision'),
    {
      config: requires('clients', 'show'),
      schema: {
        tags,
        params: revisionParams,
        querystring: revisionKindQuerySchema,
        response: { 200: envelope(revisionSchema) },
      },
    },
    async (request) => {
      const { id, revision } = request.params;
      const { kind } = request.query;
      await requireClient(db, id);
      const found = await getRevision(db, id, kind, revision);
      if (!found) throw notFound(`Revision ${revision} of the ${kind} of client ${id} not found`);
      return ok(found);
    },
  );

  app.post(
    API_PATHS.protocolRevisions(':id'),
    {
      config: requires('clients', 'edit'),
      schema: {
        tags,
        params: clientIdParams,
        body: revisionInputSchema,
        response: { 201: envelope(revisionSchema) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const input = request.body;
      const revision = await versionedClientWrite(
        db,
        id,
        staleRevisionMessage(input.kind),
        async (tx) => {
          const next = nextRevisionNumber(
            await currentRevisionNumber(tx, id, input.kind),
            input.baseRevision,
          );
          if (next === undefined) return undefined;
          if (input.kind === 'protocol') {
            const known = await existingContactIds(tx, id, notifiedContactIds(input.notificationRules));
            const problems = unknownNotifiedContacts(input.notificationRules, known);
            if (problems.length > 0) {
              throw badRequest(`Invalid ${problems.map((problem) => problem.field).join(', ')}`, problems);
            }
          }
          const created = await insertRevision(tx, id, next, input, request.user.username);
          await auditClientWrite(tx, request, `${input.kind}.revise`, id, {
            kind: input.kind,
            baseRevision: input.baseRevision,
            revision: next,
          });
          return created;
        },
        isConcurrentRevision,
      );
      return reply.code(201).send(ok(revision));
    },
  );
};
