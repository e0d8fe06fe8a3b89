import {
  and,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  lte,
  or,
  type Placeholder,
  type SQL,
  sql,
  sum,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { rangeBoundary } from '../../contract/caseLists';
import type { CaseListQuery, CaseRow, CaseSortField, CaseStage } from '../../contract/cases';
import { caseProtocolRevision, overdue, patientName, technologistsOf } from './caseChecks';
import { containsPattern, orderBy, type Page } from './pagination';
import { isAnyOf, preparedOnce } from './prepared';
import {
  casePatients,
  caseStageCounts,
  cases,
  caseTechnologists,
  clients,
  protocolRevisions,
} from './schema';
import { isoOrNull } from './subqueries';
import { type DbOrTx, readAll } from './transaction';
import { type ClockColumns, clockColumns, clockDueBy, clocksOf, orderOf } from './turnaroundClocks';

/** The cases as the lists show them: their columns, filters, sorting and paging. */

const SORT_COLUMNS = {
  // Ascending puts the cases without a running clock last (PostgreSQL sorts nulls last).
  clockDueBy,
  createdAt: cases.createdAt,
  updatedAt: cases.updatedAt,
  caseNumber: cases.caseNumber,
  recordingStart: cases.recordingStart,
  recordingEnd: cases.recordingEnd,
  stage: cases.stage,
} satisfies Record<CaseSortField, unknown>;

export type CaseFilter = {
  stages?: readonly CaseStage[];
  clientId?: number;
  technologist?: string;
  reader?: string;
  q?: string;
  from?: string;
  to?: string;
};

/** The patients whose MRN or name (`Last, First` or `First Last`) matches an ILIKE pattern. */
export function patientMatches(pattern: string | Placeholder): SQL | undefined {
  return or(
    ilike(casePatients.mrn, pattern),
    ilike(sql`${casePatients.lastName} || ', ' || ${casePatients.firstName}`, pattern),
    ilike(sql`${casePatients.firstName} || ' ' || ${casePatients.lastName}`, pattern),
  );
}

/**
 * A filter as the queries apply it: the stages are part of a query's text, the other filters set are its
 * placeholders, given these values on each call.
 */
type AppliedFilter = {
  stages?: readonly CaseStage[];
  clientId?: number;
  technologist?: string;
  reader?: string;
  pattern?: string;
  from?: Date;
  to?: Date;
};

function applied({ stages, clientId, technologist, reader, q, from, to }: CaseFilter): AppliedFilter {
  return {
    stages,
    clientId,
    technologist: technologist || undefined,
    reader: reader || undefined,
    pattern: q ? containsPattern(q) : undefined,
    from: from ? rangeBoundary(from, 'from') : undefined,
    to: to ? rangeBoundary(to, 'to') : undefined,
  };
}

/** What a filtered query's text depends on: its stages and which other filters are set. */
function shapeOf({ stages, ...values }: AppliedFilter): string {
  const set = Object.entries(values).filter(([, value]) => value !== undefined);
  return `${stages?.join(',') ?? 'any stage'} ${set.map(([name]) => name).join(',')}`;
}

function caseWhere(filter: AppliedFilter): SQL | undefined {
  const value = sql.placeholder;
  return and(
    filter.stages ? inArray(cases.stage, [...filter.stages]) : undefined,
    filter.clientId === undefined ? undefined : eq(cases.clientId, value('clientId')),
    filter.technologist === undefined
      ? undefined
      : sql`exists (select 1 from ${caseTechnologists} where ${caseTechnologists.caseId} = ${cases.id} and ${caseTechnologists.username} = ${value('technologist')})`,
    filter.reader === undefined ? undefined : eq(cases.reader, value('reader')),
    filter.pattern === undefined
      ? undefined
      : or(ilike(cases.caseNumber, value('pattern')), patientMatches(value('pattern'))),
    filter.from === undefined ? undefined : gte(cases.recordingStart, value('from')),
    filter.to === undefined ? undefined : lte(cases.recordingStart, value('to')),
  );
}

export const rowColumns = {
  id: cases.id,
  caseNumber: cases.caseNumber,
  clientId: cases.clientId,
  clientName: clients.name,
  clientTimeZone: clients.timeZone,
  stage: cases.stage,
  studyType: cases.studyType,
  hasVideo: cases.hasVideo,
  monitoringLevel: cases.monitoringLevel,
  patientName,
  mrn: sql<string | null>`nullif(${casePatients.mrn}, '')`,
  recordingStart: cases.recordingStart,
  recordingEnd: cases.recordingEnd,
  technologists: technologistsOf,
  reader: cases.reader,
  overdue,
  version: cases.version,
  createdAt: cases.createdAt,
  updatedAt: cases.updatedAt,
  ...clockColumns,
};

export type RawRow = Omit<
  CaseRow,
  'recordingStart' | 'recordingEnd' | 'createdAt' | 'updatedAt' | 'order' | 'clocks'
> & {
  recordingStart: Date | null;
  recordingEnd: Date | null;
  createdAt: Date;
  updatedAt: Date;
} & ClockColumns;

export function toCaseRow(raw: RawRow, now = new Date()): CaseRow {
  const {
    orderedAt: _orderedAt,
    orderPriority: _priority,
    placerOrderNumber: _placer,
    orderingProvider: _provider,
    orderingProviderPhone: _phone,
    orderReason: _reason,
    turnaroundTargets: _targets,
    reportTurnaroundHours: _hours,
    firstHookupAt: _hookup,
    firstReviewedAt: _reviewed,
    firstSignedAt: _signed,
    firstPrelimSignedAt: _prelim,
    ...row
  } = raw;
  return {
    ...row,
    order: orderOf(raw),
    clocks: clocksOf(raw, raw, now),
    recordingStart: isoOrNull(row.recordingStart),
    recordingEnd: isoOrNull(row.recordingEnd),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The rows as the lists show them, with the joins their columns need (the case's client, patient and
 * protocol revision), and the `extra` columns a caller reads over them.
 */
export function selectRows<Extra extends Record<string, SQL | AnyPgColumn>>(db: DbOrTx, extra = {} as Extra) {
  return db
    .select({ ...rowColumns, ...extra })
    .from(cases)
    .innerJoin(clients, eq(clients.id, cases.clientId))
    .leftJoin(casePatients, eq(casePatients.caseId, cases.id))
    .leftJoin(protocolRevisions, caseProtocolRevision);
}

/** The cases matching `filter`, joined to the patients only when the search looks at them. */
function matching(db: DbOrTx, filter: AppliedFilter, columns: Record<string, SQL | typeof cases.id>) {
  const query = db.select(columns).from(cases);
  return (
    filter.pattern !== undefined ? query.leftJoin(casePatients, eq(casePatients.caseId, cases.id)) : query
  ).where(caseWhere(filter));
}

/**
 * The ids of one page of the cases matching `filter`, in the list's order, straight off the stage and client
 * indexes, with the `extra` columns a caller reads beside them. Its size and start are the placeholders
 * `limit` and `offset`. A short query: PostgreSQL plans it again for each page (its plan depends on them),
 * which costs little.
 */
function pageIds(db: DbOrTx, filter: AppliedFilter, order: SQL[], extra: Record<string, SQL> = {}) {
  return matching(db, filter, { id: cases.id, ...extra })
    .orderBy(...order)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
}

/**
 * The list rows of the cases of these ids, with the joins their columns need: one statement for every list,
 * page and sort. Its one placeholder is the array of ids, so PostgreSQL plans it once per connection (a
 * generic plan). Asked for the page's rows in the same statement as choosing the page, it planned the whole
 * query again on every call, as the page's size and start are placeholders its plan depends on: 2.7 ms of
 * planning for 1.2 ms of reading, per list request on the large seed.
 */
const rowsOfIds = (db: DbOrTx) =>
  preparedOnce(db, 'case rows of ids', (name) =>
    selectRows(db).where(isAnyOf(cases.id, 'ids')).prepare(name),
  );

/** The list rows of a page's cases, in its order (a case deleted meanwhile is left out). */
async function rowsInOrder(db: DbOrTx, page: readonly Record<string, unknown>[]): Promise<RawRow[]> {
  if (page.length === 0) return [];
  const ids = page.map((row) => row.id as number);
  const rows = (await rowsOfIds(db).execute({ ids })) as RawRow[];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** One page of the cases matching `filter` (`pageIds`, then `rowsInOrder`), and how many match in all. */
export async function listCases(
  db: DbOrTx,
  query: CaseListQuery,
  /** What the list itself is limited to: its stages, or one client's cases. */
  scope: Pick<CaseFilter, 'stages' | 'clientId'>,
): Promise<Page<CaseRow>> {
  const { page: _page, perPage: _perPage, sort: _sort, order: _order, ...filters } = query;
  const filter: CaseFilter = { ...filters, ...scope };
  const bounds = { limit: query.perPage, offset: (query.page - 1) * query.perPage };
  const stages = wholeStages(filter);
  if (stages) {
    const ids = await stagePage(db, stages, query).execute(bounds);
    const total = ids.length > 0 ? Number(ids[0]?.listTotal ?? 0) : await countOfStages(db, stages);
    const rows = await rowsInOrder(db, ids);
    return { rows: rows.map((row) => toCaseRow(row)), total };
  }
  const matched = applied(filter);
  const [rows, [counted]] = await readAll(db, [
    async () => rowsInOrder(db, await filteredPage(db, matched, query).execute({ ...matched, ...bounds })),
    () => filteredCount(db, matched).execute(matched),
  ]);
  return { rows: rows.map((row) => toCaseRow(row)), total: Number(counted?.total ?? 0) };
}

/**
 * A whole stage list's page of ids, its total (kept per stage) beside them. Built and prepared once per
 * stages and sort (./prepared.ts); a call gives only its page and size.
 */
const stagePage = (
  db: DbOrTx,
  stages: readonly CaseStage[],
  { sort, order }: Pick<CaseListQuery, 'sort' | 'order'>,
) =>
  preparedOnce(db, `case stage page ${stages.join(',')} ${sort} ${order}`, (name) =>
    pageIds(db, { stages }, caseOrder({ sort, order }), {
      listTotal: sql<string | null>`(${keptTotal(db, stages)})`,
    }).prepare(name),
  );

/** A filtered list's page of ids, prepared once per filters set and sort; a call gives their values. */
const filteredPage = (
  db: DbOrTx,
  filter: AppliedFilter,
  { sort, order }: Pick<CaseListQuery, 'sort' | 'order'>,
) =>
  preparedOnce(db, `case page ${shapeOf(filter)} ${sort} ${order}`, (name) =>
    pageIds(db, filter, caseOrder({ sort, order })).prepare(name),
  );

/** How many cases a filtered list holds, prepared once per filters set. */
const filteredCount = (db: DbOrTx, filter: AppliedFilter) =>
  preparedOnce(db, `case count ${shapeOf(filter)}`, (name) =>
    matching(db, filter, { total: sql<string>`count(*)` }).prepare(name),
  );

/**
 * A list's order: by the sort field, ties by id; by the clock nearest to breach (intake's default), the
 * cases without a running clock last and, among equals, the newest first as the other lists.
 */
function caseOrder({ sort, order }: Pick<CaseListQuery, 'sort' | 'order'>): SQL[] {
  if (sort !== 'clockDueBy') return orderBy(order, SORT_COLUMNS[sort], cases.id);
  const [first] = orderBy(order, clockDueBy, cases.id);
  return [first as SQL, desc(cases.createdAt), desc(cases.id)];
}

/** The stages of a whole stage list (filtered by nothing else), whose total is kept per stage. */
function wholeStages({ stages, ...others }: CaseFilter): readonly CaseStage[] | undefined {
  return stages && Object.values(others).every((value) => value === undefined || value === '')
    ? stages
    : undefined;
}

/**
 * How many cases these stages hold, from the per-stage counts a trigger keeps (migration 0007): counting
 * the 50,000 closed cases on each page took ten times as long as the page itself.
 */
const keptTotal = (db: DbOrTx, stages: readonly CaseStage[]) =>
  db
    .select({ total: sum(caseStageCounts.count) })
    .from(caseStageCounts)
    .where(inArray(caseStageCounts.stage, [...stages]));

/** How many cases these stages hold (the kept counts), prepared once per stages. */
async function countOfStages(db: DbOrTx, stages: readonly CaseStage[]): Promise<number> {
  const query = preparedOnce(db, `case stage total ${stages.join(',')}`, (name) =>
    keptTotal(db, stages).prepare(name),
  );
  const [{ total }] = await query.execute();
  return Number(total ?? 0);
}

export async function getCaseRow(db: DbOrTx, id: number): Promise<CaseRow | undefined> {
  const [row] = await selectRows(db).where(eq(cases.id, id));
  return row && toCaseRow(row as RawRow);
}
