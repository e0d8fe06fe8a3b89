import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { type EditedThing, staleVersionMessage } from '../../../contract/clientRules';
import { clientIdParams } from '../../../contract/clients';
import { envelope } from '../../../contract/envelope';
import { listEnvelope } from '../../../contract/list';
import { API_PATHS, type ClientRecordSegment } from '../../../contract/paths';
import type { Db } from '../../db/database';
import type { Page } from '../../db/pagination';
import type { DbOrTx } from '../../db/transaction';
import { conflict, notFound } from '../../errors';
import { auditClientWrite, requireClient } from '../../services/clients';
import { ok, page, requires } from '../reply';

type Versioned = { version: number };

/** What the routes need of a child table's repository (server/db/clientChildRecords.ts makes one). */
export type ChildRepository<ChildRecord, Input, Query> = {
  list(db: DbOrTx, clientId: number, query: Query): Promise<Page<ChildRecord>>;
  get(db: DbOrTx, clientId: number, id: number): Promise<ChildRecord | undefined>;
  insert(db: DbOrTx, clientId: number, input: Input): Promise<ChildRecord>;
  update(
    db: DbOrTx,
    clientId: number,
    id: number,
    input: Input & Versioned,
  ): Promise<ChildRecord | undefined>;
};

export type ChildRecordRoutesOptions<ChildRecord, Input, Query, IdParam extends string> = {
  /** The path under a client: `contacts`, `useful-links`. */
  segment: Exclude<ClientRecordSegment, 'cases'>;
  /** The record id's path parameter, also its key in the audit details: `contactId`, `linkId`. */
  idParam: IdParam;
  /** What messages call the record: `contact`, `useful link`. */
  thing: EditedThing;
  /** Audit actions are `<auditPrefix>.create` and `<auditPrefix>.update`. */
  auditPrefix: string;
  schemas: {
    params: z.ZodType<{ id: number } & Record<IdParam, number>>;
    listQuery: z.ZodType<Query>;
    input: z.ZodType<Input>;
    update: z.ZodType<Input & Versioned>;
    record: z.ZodType<ChildRecord>;
  };
  repository: ChildRepository<ChildRecord, Input, Query>;
};

/** List, show, create and update of one kind of record a client owns; writes are audited. */
export function childRecordRoutes<
  ChildRecord extends { _id: number } & Versioned,
  Input,
  Query,
  IdParam extends string,
>({
  segment,
  idParam,
  thing,
  auditPrefix,
  schemas,
  repository,
}: ChildRecordRoutesOptions<ChildRecord, Input, Query, IdParam>): FastifyPluginAsyncZod<{ db: Db }> {
  const tags = ['clients'];
  const listPath = API_PATHS.clientRecords(':id', segment);
  const recordPath = `${listPath}/:${idParam}`;
  const noun = thing[0].toUpperCase() + thing.slice(1);
  // Fastify types each request part as `[T] extends [undefined] ? unknown : T`, which TypeScript cannot
  // resolve while T is a type parameter. So the record's params schema is widened (safely: both ids are
  // numbers), and the query and bodies, which the schemas parse to exactly `Query`, `Input` and
  // `Input & Versioned`, are cast to them below.
  const recordParams: z.ZodType<{ id: number } & Record<string, number>> = schemas.params;

  async function requireRecord(db: DbOrTx, clientId: number, id: number) {
    const record = await repository.get(db, clientId, id);
    if (!record) throw notFound(`${noun} ${id} not found for client ${clientId}`);
    return record;
  }

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
      async (request) => {
        await requireClient(db, request.params.id);
        return page(await repository.list(db, request.params.id, request.query as Query));
      },
    );

    app.get(
      recordPath,
      {
        config: requires('clients', 'show'),
        schema: { tags, params: recordParams, response: { 200: envelope(schemas.record) } },
      },
      async (request) => {
        await requireClient(db, request.params.id);
        return ok(await requireRecord(db, request.params.id, request.params[idParam]));
      },
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
        const record = await db.transaction(async (tx) => {
          await requireClient(tx, id);
          const created = await repository.insert(tx, id, request.body as Input);
          await auditClientWrite(tx, request, `${auditPrefix}.create`, id, {
            [idParam]: created._id,
            after: { version: created.version },
          });
          return created;
        });
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
        const record = await db.transaction(async (tx) => {
          await requireClient(tx, id);
          const before = await requireRecord(tx, id, recordId);
          const updated = await repository.update(tx, id, recordId, request.body as Input & Versioned);
          if (!updated) throw conflict(staleVersionMessage(thing));
          await auditClientWrite(tx, request, `${auditPrefix}.update`, id, {
            [idParam]: recordId,
            before: { version: before.version },
            after: { version: updated.version },
          });
          return updated;
        });
        return ok(record);
      },
    );
  };
}
