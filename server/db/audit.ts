import { and, eq, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { AccessLogEntry, AccessLogQuery } from '../../contract/accessLog';
import { rangeBoundary } from '../../contract/caseLists';
import {
  caseIdsOf,
  clientIdOf,
  type DescribedEntry,
  describeEntry,
  type EntryNames,
  shownActor,
} from '../domain/accessLog';
import { patientMatches } from './caseList';
import type { Db } from './database';
import { containsPattern, orderBy, type Page, selectPage } from './pagination';
import { preparedOnce, prepareSql } from './prepared';
import { auditLog, casePatients, cases, clients } from './schema';
import { type DbOrTx, readAll } from './transaction';

export type AuditEntry = typeof auditLog.$inferInsert;

/** Writes one audit entry; pass the transaction of the write it records so both commit together. */
export async function recordAudit(
  db: Db | Parameters<Parameters<Db['transaction']>[0]>[0],
  entry: AuditEntry,
) {
  const { actor, action, resource, resourceId = null, outcome, details = {} } = entry;
  await insertEntry(db).execute({ actor, action, resource, resourceId, outcome, details });
}

/** The insert of one entry, prepared once (./prepared.ts): every answer with patient data writes one. */
const insertEntry = (db: DbOrTx) =>
  preparedOnce(db, 'audit entry', (name) =>
    db
      .insert(auditLog)
      .values({
        actor: sql.placeholder('actor'),
        action: sql.placeholder('action'),
        resource: sql.placeholder('resource'),
        resourceId: sql.placeholder('resourceId'),
        outcome: sql.placeholder('outcome'),
        details: sql.placeholder('details'),
      })
      .prepare(name),
  );

/**
 * Records a caller's write on a record, in the transaction of the write. `details` holds ids, stages and
 * versions only: never names, notes or anything else that could identify a patient.
 */
export function recordWrite(
  db: Db | Parameters<Parameters<Db['transaction']>[0]>[0],
  actor: string,
  resource: 'clients' | 'cases' | 'billing',
  action: string,
  id: number,
  details: Record<string, unknown>,
) {
  return recordAudit(db, { actor, action, resource, resourceId: String(id), outcome: 'ok', details });
}

/** How long a polled read (a home page read again every 30 s) keeps a case from being recorded again. */
const POLLED_READ_WINDOW = sql`interval '1 hour'`;

/**
 * Records a read the browser repeats on its own (the home pages, every 30 s): of the cases it shows, only
 * those this user has not read through this call within the hour, and nothing when none is new (an answer
 * showing no case, at most once in the hour). One statement, so every instance and both databases keep the
 * same rule.
 */
export async function recordPolledRead(db: Db, entry: AuditEntry) {
  const { caseIds = [], ...details } = entry.details ?? {};
  const shownIds = Array.isArray(caseIds) ? caseIds : [];
  await insertPolledRead(db).execute({
    actor: entry.actor,
    action: entry.action,
    resource: entry.resource,
    resourceId: entry.resourceId ?? null,
    outcome: entry.outcome,
    details: JSON.stringify(details),
    shown: JSON.stringify(shownIds),
    shownCount: shownIds.length,
  });
}

/** `recordPolledRead`'s statement, prepared once (./prepared.ts): the home pages are read every 30 s. */
const insertPolledRead = (db: Db) =>
  preparedOnce(db, 'audit polled read', (name) => {
    const value = sql.placeholder;
    const earlier = (shown: SQL) => sql`exists (
    select 1 from ${auditLog} earlier
    where earlier.actor = ${value('actor')} and earlier.action = ${value('action')}
      and earlier.at > now() - ${POLLED_READ_WINDOW}${shown})`;
    return prepareSql(
      db,
      sql`
    insert into ${auditLog} (actor, action, resource, resource_id, outcome, details)
    select ${value('actor')}, ${value('action')}, ${value('resource')}, ${value('resourceId')}, ${value('outcome')},
      ${value('details')}::jsonb || jsonb_build_object('caseIds', fresh.ids)
    from (
      select coalesce(jsonb_agg(shown.id order by shown.n), '[]'::jsonb) as ids
      from jsonb_array_elements(${value('shown')}::jsonb) with ordinality as shown(id, n)
      where not ${earlier(sql` and earlier.details -> 'caseIds' @> jsonb_build_array(shown.id)`)}
    ) fresh
    where jsonb_array_length(fresh.ids) > 0 or (${value('shownCount')}::int = 0 and not ${earlier(sql``)})`,
      name,
    );
  });

/** The most cases a patient filter may stand for: more means the typed text is too short to tell. */
export const MAX_PATIENT_CASES = 200;

/** The ids of the cases whose patient's MRN or name contains the text, at most one more than the limit. */
export async function casesOfPatient(db: DbOrTx, text: string): Promise<number[]> {
  const rows = await db
    .select({ id: casePatients.caseId })
    .from(casePatients)
    .where(patientMatches(containsPattern(text)))
    .orderBy(casePatients.caseId)
    .limit(MAX_PATIENT_CASES + 1);
  return rows.map((row) => row.id);
}

/** The id of the case with this number (any letter case), or none. */
export async function caseOfNumber(db: DbOrTx, caseNumber: string): Promise<number[]> {
  const rows = await db
    .select({ id: cases.id })
    .from(cases)
    .where(eq(cases.caseNumber, caseNumber.trim().toUpperCase()));
  return rows.map((row) => row.id);
}

/** Entries about any of these cases: their own (reads, writes, refusals) and the list reads that showed one. */
function aboutCases(ids: readonly number[]): SQL {
  if (ids.length === 0) return sql`false`;
  return or(
    and(
      eq(auditLog.resource, 'cases'),
      inArray(
        auditLog.resourceId,
        ids.map((id) => String(id)),
      ),
    ),
    sql`exists (select 1 from jsonb_array_elements(${auditLog.details} -> 'caseIds') as shown(id)
      where ${JSON.stringify(ids)}::jsonb @> shown.id)`,
  ) as SQL;
}

/** The case numbers and client names the entries name, to say them in words. */
async function namesOf(db: DbOrTx, entries: readonly DescribedEntry[]): Promise<EntryNames> {
  const caseIds = [...new Set(entries.flatMap(caseIdsOf))];
  const clientIds = [...new Set(entries.map(clientIdOf).filter((id) => id !== undefined))];
  const [caseRows, clientRows] = await readAll(db, [
    async () =>
      caseIds.length === 0
        ? []
        : db.select({ id: cases.id, name: cases.caseNumber }).from(cases).where(inArray(cases.id, caseIds)),
    async () =>
      clientIds.length === 0
        ? []
        : db
            .select({ id: clients.id, name: clients.name })
            .from(clients)
            .where(inArray(clients.id, clientIds)),
  ]);
  const caseNumbers = new Map(caseRows.map((row) => [row.id, row.name]));
  const clientNames = new Map(clientRows.map((row) => [row.id, row.name]));
  return { caseNumber: (id) => caseNumbers.get(id), clientName: (id) => clientNames.get(id) };
}

/**
 * One page of the access log, newest first, each entry said in words. `caseIds` (the cases a case number
 * or a patient filter stands for) keeps a case's entries, including the list reads that showed it.
 */
export async function listAccessLog(
  db: DbOrTx,
  query: AccessLogQuery,
  caseIds?: readonly number[],
): Promise<Page<AccessLogEntry>> {
  const where = and(
    query.actor ? eq(auditLog.actor, query.actor) : undefined,
    query.outcome ? eq(auditLog.outcome, query.outcome) : undefined,
    caseIds === undefined ? undefined : aboutCases(caseIds),
    query.from ? gte(auditLog.at, rangeBoundary(query.from, 'from')) : undefined,
    query.to ? lte(auditLog.at, rangeBoundary(query.to, 'to')) : undefined,
  );
  const { rows, total } = await selectPage(
    db,
    auditLog,
    where,
    orderBy(query.order, auditLog.at, auditLog.id),
    query,
  );
  const names = await namesOf(db, rows);
  return {
    rows: rows.map((row) => {
      // The case the entry is about; a list's cases are said in its summary.
      const ownCase = row.details.caseIds === undefined ? caseIdsOf(row)[0] : undefined;
      return {
        ...row,
        actor: shownActor(row),
        at: row.at.toISOString(),
        resourceId: row.resourceId ?? null,
        caseNumber: (ownCase === undefined ? undefined : names.caseNumber(ownCase)) ?? null,
        summary: describeEntry(row, names),
      };
    }),
    total,
  };
}
