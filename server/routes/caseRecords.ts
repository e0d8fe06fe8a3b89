import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type CaseRecordKind,
  GENERIC_RECORD_KINDS,
  type GenericRecordKind,
  RECORD_RULES,
  RECORD_SHAPES,
  type RecordItem,
  recordItemParams,
  recordParams,
  recordSchema,
  revisionInputSchema,
} from '../../contract/caseRecords';
import { DEFAULT_IMPEDANCE_LIMIT_KOHM } from '../../contract/clients';
import type { FieldError } from '../../contract/envelope';
import { envelope } from '../../contract/envelope';
import { idParam } from '../../contract/fields';
import { API_PATHS } from '../../contract/paths';
import type { Resource } from '../../contract/roles';
import { refreshCaseHours } from '../db/caseHours';
import {
  appendRevision,
  findItem,
  insertItem,
  isConcurrentRecordRevision,
  itemHistory,
  latestRevision,
  listLatestRevisions,
  type StoredRevision,
} from '../db/caseRecords';
import type { CaseRecord } from '../db/cases';
import { getRevision } from '../db/protocolRevisions';
import type { DbOrTx } from '../db/transaction';
import { badRequest, conflict, notFound } from '../errors';
import type { CaseRouteOptions } from './cases';
import { auditCaseWrite, lockOpenCase, requireCase } from './cases/shared';
import { ok, page, requires } from './reply';

/**
 * The clinical records of a case (DESIGN §8 "Case records"), one generic mechanism for every kind: list
 * the latest revisions, create (revision 1), revise from a base revision (409 when someone revised it
 * first), void by revision, and the history of an item. Time logs have their own calls.
 */

const tags = ['case records'];

/** The protocol limit a case's impedances are measured against. */
async function impedanceLimit(db: DbOrTx, found: CaseRecord): Promise<number> {
  const protocol = found.protocolRevision
    ? await getRevision(db, found.clientId, 'protocol', found.protocolRevision)
    : undefined;
  return protocol?.kind === 'protocol' ? protocol.impedanceLimitKOhm : DEFAULT_IMPEDANCE_LIMIT_KOHM;
}

/** A stored revision as the API answers it: its fields and the revision's facts (DESIGN §4). */
export const withMeta = (stored: StoredRevision): RecordItem => ({
  ...stored.body,
  _id: stored.itemId,
  revision: stored.revision,
  author: stored.author,
  createdAt: stored.createdAt.toISOString(),
  voided: stored.voided,
  voidReason: stored.voidReason,
});

function toItem(kind: GenericRecordKind, stored: StoredRevision, limitKOhm: number): RecordItem {
  const item = withMeta(stored);
  if (kind === 'impedances') {
    const values = (stored.body.values ?? {}) as Record<string, number>;
    item.overLimit = Object.keys(values).filter((electrode) => values[electrode] > limitKOhm);
  }
  if (kind === 'interpretations') {
    item.signedBy ??= null;
    item.signedAt ??= null;
  }
  return item;
}

/** The whole record as it will be stored, checked field by field and across fields. */
function checkedFields(kind: GenericRecordKind, fields: Record<string, unknown>) {
  const parsed = RECORD_SHAPES[kind].safeParse(fields);
  const errors: FieldError[] = parsed.success
    ? (RECORD_RULES[kind]?.(parsed.data) ?? [])
    : parsed.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message }));
  if (errors.length > 0) throw badRequest(`Invalid ${errors.map((e) => e.field).join(', ')}`, errors);
  return parsed.data as Record<string, unknown>;
}

/** What the server sets itself: who signed an interpretation and when; a note's time, by default. */
function completed(
  kind: GenericRecordKind,
  fields: Record<string, unknown>,
  previous: Record<string, unknown> | undefined,
  username: string,
): Record<string, unknown> {
  if (kind === 'case-notes') return { ...fields, notedAt: fields.notedAt ?? new Date().toISOString() };
  if (kind !== 'interpretations') return fields;
  if (fields.status !== 'signed') return { ...fields, signedBy: null, signedAt: null };
  if (previous?.status === 'signed')
    return { ...fields, signedBy: previous.signedBy, signedAt: previous.signedAt };
  return { ...fields, signedBy: username, signedAt: new Date().toISOString() };
}

/** The item's latest revision, which the revision must be based on: 404 for no such item, 409 when stale. */
export async function revisedFrom(
  tx: DbOrTx,
  caseId: number,
  kind: CaseRecordKind,
  itemId: number,
  baseRevision: number,
): Promise<StoredRevision> {
  if (!(await findItem(tx, caseId, kind, itemId))) throw notFound(`Record ${itemId} not found on this case`);
  const latest = await latestRevision(tx, itemId);
  if (!latest || latest.revision !== baseRevision) {
    throw conflict(
      `This record was revised by someone else meanwhile (now revision ${latest?.revision}); reload and try again.`,
    );
  }
  return latest;
}

/** Two writers revising the same base at once: the second one's insert collides (409). */
export function concurrentRevisionConflict(error: unknown): never {
  if (isConcurrentRecordRevision(error)) {
    throw conflict('This record was revised by someone else meanwhile; reload and try again.');
  }
  throw error;
}

/** An item's history, newest first; 404 unless the item is of this kind on this case. */
export async function historyOf(db: DbOrTx, caseId: number, kind: CaseRecordKind, itemId: number) {
  const found = await requireCase(db, caseId);
  if (!(await findItem(db, caseId, kind, itemId))) throw notFound(`Record ${itemId} not found on this case`);
  return { found, history: await itemHistory(db, itemId) };
}

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
        config: requires(resource, 'list'),
        schema: { tags, params: recordParams, querystring, response: { 200: envelope(z.array(itemSchema)) } },
      },
      async (request) => {
        const found = await requireCase(db, request.params.caseId);
        const [stored, limit] = await Promise.all([
          listLatestRevisions(db, found.id, [kind]),
          kind === 'impedances' ? impedanceLimit(db, found) : DEFAULT_IMPEDANCE_LIMIT_KOHM,
        ]);
        const wanted = (request.query as { filterIds?: number | number[] }).filterIds;
        const ids = wanted === undefined ? undefined : new Set([wanted].flat());
        const rows = stored
          .filter((row) => !ids || ids.has(row.itemId))
          .map((row) => toItem(kind, row, limit));
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
        const { caseId } = request.params;
        const { username } = request.user;
        const created = await db.transaction(async (tx) => {
          const found = await lockOpenCase(tx, caseId);
          const fields = completed(kind, checkedFields(kind, request.body), undefined, username);
          const stored = await insertItem(tx, caseId, kind, fields, username);
          if (kind === 'billing-notes') await refreshCaseHours(tx, [caseId]);
          await auditCaseWrite(tx, request, `record.create`, caseId, {
            kind,
            itemId: stored.itemId,
            revision: 1,
          });
          return toItem(kind, stored, kind === 'impedances' ? await impedanceLimit(tx, found) : 0);
        });
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
        const { username } = request.user;
        const { baseRevision, voided, voidReason, ...changes } = request.body as Record<string, unknown> & {
          baseRevision: number;
          voided?: boolean;
          voidReason: string;
        };
        const revised = await db
          .transaction(async (tx) => {
            const found = await lockOpenCase(tx, caseId);
            const latest = await revisedFrom(tx, caseId, kind, itemId, baseRevision);
            if (kind === 'interpretations' && latest.body.status === 'signed' && !voided) {
              throw conflict('A signed interpretation is changed only by an addendum');
            }
            const fields = completed(
              kind,
              checkedFields(kind, { ...latest.body, ...changes }),
              latest.body,
              username,
            );
            const stored = await appendRevision(
              tx,
              itemId,
              latest.revision + 1,
              fields,
              { voided: voided ?? latest.voided, voidReason: voided ? voidReason : latest.voidReason },
              username,
            );
            if (kind === 'billing-notes') await refreshCaseHours(tx, [caseId]);
            await auditCaseWrite(tx, request, voided ? 'record.void' : 'record.revise', caseId, {
              kind,
              itemId,
              revision: stored.revision,
            });
            return toItem(kind, stored, kind === 'impedances' ? await impedanceLimit(tx, found) : 0);
          })
          .catch(concurrentRevisionConflict);
        return reply.code(201).send(ok(revised));
      },
    );

    app.get(
      API_PATHS.caseRecordRevisions(':caseId', kind, ':itemId'),
      {
        config: requires(resource, 'show'),
        schema: { tags, params: recordItemParams, response: { 200: envelope(z.array(itemSchema)) } },
      },
      async (request) => {
        const { caseId, itemId } = request.params;
        const { found, history } = await historyOf(db, caseId, kind, itemId);
        const limit = kind === 'impedances' ? await impedanceLimit(db, found) : 0;
        const rows = history.map((row) => toItem(kind, row, limit));
        return page({ rows, total: rows.length });
      },
    );
  }
};
