import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { clientIdParams } from '../../../contract/clients';
import { envelope } from '../../../contract/envelope';
import { listEnvelope } from '../../../contract/list';
import { API_PATHS, type ClientRecordSegment } from '../../../contract/paths';
import type { Db } from '../../db/database';
import { type ChildRecordKind, clientChildRecords } from '../../services/clientChildRecords';
import { ok, page, requires } from '../reply';

type Versioned = { version: number };

export type ChildRecordRoutesOptions<ChildRecord, Input, Query, IdParam extends string> = ChildRecordKind<
  ChildRecord,
  Input,
  Query
> & {
  /** The path under a client: `contacts`, `useful-links`. */
  segment: Exclude<ClientRecordSegment, 'cases'>;
  /** The record id's path parameter, also its key in the audit details. */
  idParam: IdParam;
  schemas: {
    params: z.ZodType<{ id: number } & Record<IdParam, number>>;
    listQuery: z.ZodType<Query>;
    input: z.ZodType<Input>;
    update: z.ZodType<Input & Versioned>;
    record: z.ZodType<ChildRecord>;
  };
};

/** List, show, create and update of one kind of record a client owns; writes are audited. */
export function childRecordRoutes<
  ChildRecord extends { _id: number } & Versioned,
  Input,
  Query,
  IdParam extends string,
>({
  segment,
  schemas,
  ...kind
}: ChildRecordRoutesOptions<ChildRecord, Input, Query, IdParam>): FastifyPluginAsyncZod<{ db: Db }> {
  const tags = ['clients'];
  const { idParam } = kind;
  const listPath = API_PATHS.clientRecords(':id', segment);
  const recordPath = `${listPath}/:${idParam}`;
  const records = clientChildRecords(kind);
  // Fastify types each request part as `[T] extends [undefined] ? unknown : T`, which TypeScript cannot
  // resolve while T is a type parameter. So the record's params schema is widened (safely: both ids are
  // numbers), and the query and bodies, which the schemas parse to exactly `Query`, `Input` and
  // `Input & Versioned`, are cast to them below.
  const recordParams: z.ZodType<{ id: number } & Record<string, number>> = schemas.params;

  return async (app, { db }) => {
    app.get(
      listPath,
      {
        config: requires('clients', 'list'),
        schema: {
          tags,
          params: clientIdParams,
          querystring: schemas.listQuery,
          response: { 200: listEnvelope(schemas.record) },
        },
      },
      async (request) => page(await records.list(db, request.params.id, request.query as Query)),
    );

    app.get(
      recordPath,
      {
        config: requires('clients', 'show'),
        schema: { tags, params: recordParams, response: { 200: envelope(schemas.record) } },
      },
      async (request) => ok(await records.show(db, request.params.id, request.params[idParam])),
    );

    app.post(
      listPath,
      {
        config: requires('clients', 'create'),
        schema: {
          tags,
          params: clientIdParams,
          body: schemas.input,
          response: { 201: envelope(schemas.record) },
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        const record = await db.transaction((tx) => records.create(tx, request, id, request.body as Input));
        return reply.code(201).send(ok(record));
      },
    );

    app.put(
      recordPath,
      {
        config: requires('clients', 'edit'),
        schema: {
          tags,
          params: recordParams,
          body: schemas.update,
          response: { 200: envelope(schemas.record) },
        },
      },
      async (request) => {
        const { id } = request.params;
        const recordId = request.params[idParam];
        const input = request.body as Input & Versioned;
        return ok(await db.transaction((tx) => records.update(tx, request, id, recordId, input)));
      },
    );
  };
}
