import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  GENERIC_RECORD_KINDS,
  RECORD_SHAPES,
  type RecordItem,
  recordItemParams,
  recordParams,
  recordSchema,
  revisionInputSchema,
} from '../../../contract/caseRecords';
import { envelope } from '../../../contract/envelope';
import { idParam } from '../../../contract/fields';
import { API_PATHS } from '../../../contract/paths';
import type { Resource } from '../../../contract/roles';
import {
  concurrentRevisionConflict,
  createRecord,
  listRecords,
  type RecordRevision,
  recordHistory,
  reviseRecord,
} from '../../services/caseRecords';
import { ok, page, readsPatientData, requires } from '../reply';
import type { CaseRouteOptions } from '.';

/**
 * The clinical records of a case (DESIGN §8 "Case records"), one generic mechanism for every kind: list
 * the latest revisions, create (revision 1), revise from a base revision (409 when someone revised it
 * first), void by revision, and the history of an item. Time logs have their own calls.
 */

const tags = ['case records'];

export const caseRecordRoutes: FastifyPluginAsyncZod<CaseRouteOptions> = async (app, { db }) => {
  for (const kind of GENERIC_RECORD_KINDS) {
    const resource = `cases.${kind}` as Resource;
    const path = API_PATHS.caseRecords(':caseId', kind);
    // Documented and serialised per kind; the handlers build every kind's answer the same way.
    const itemSchema = recordSchema(kind) as unknown as z.ZodType<RecordItem>;
    const querystring =
      kind === 'case-notes'
        ? z.object({
            /** Only these notes (repeated `filterIds`). */
            filterIds: z.union([idParam('Note id'), z.array(idParam('Note id')).max(500)]).optional(),
          })
        : z.object({});

    app.get(
      path,
      {
        config: readsPatientData(resource, 'list', 'case'),
        schema: { tags, params: recordParams, querystring, response: { 200: envelope(z.array(itemSchema)) } },
      },
      async (request) => {
        const wanted = (request.query as { filterIds?: number | number[] }).filterIds;
        const ids = wanted === undefined ? undefined : new Set([wanted].flat());
        const rows = await listRecords(db, request, kind, request.params.caseId, ids);
        return page({ rows, total: rows.length });
      },
    );

    app.post(
      path,
      {
        config: requires(resource, 'create'),
        schema: {
          tags,
          params: recordParams,
          body: RECORD_SHAPES[kind],
          response: { 201: envelope(itemSchema) },
        },
      },
      async (request, reply) => {
        const created = await db.transaction((tx) =>
          createRecord(tx, request, kind, request.params.caseId, request.body),
        );
        return reply.code(201).send(ok(created));
      },
    );

    app.post(
      API_PATHS.caseRecordRevisions(':caseId', kind, ':itemId'),
      {
        config: requires(resource, 'edit'),
        schema: {
          tags,
          params: recordItemParams,
          body: revisionInputSchema(kind),
          response: { 201: envelope(itemSchema) },
        },
      },
      async (request, reply) => {
        const { caseId, itemId } = request.params;
        const revised = await db
          .transaction((tx) =>
            reviseRecord(tx, request, kind, caseId, itemId, request.body as RecordRevision),
          )
          .catch(concurrentRevisionConflict);
        return reply.code(201).send(ok(revised));
      },
    );

    app.get(
      API_PATHS.caseRecordRevisions(':caseId', kind, ':itemId'),
      {
        config: readsPatientData(resource, 'show', 'case'),
        schema: { tags, params: recordItemParams, response: { 200: envelope(z.array(itemSchema)) } },
      },
      async (request) => {
        const { caseId, itemId } = request.params;
        const rows = await recordHistory(db, request, kind, caseId, itemId);
        return page({ rows, total: rows.length });
      },
    );
  }
};
