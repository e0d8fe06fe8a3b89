import { and, eq, gte, ilike, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import {
  ACTIVE_CASE_STAGES,
  type CaseListQuery,
  type CasePatch,
  type CaseRow,
  type CaseSortField,
  type CaseStage,
  type MonitoringLevel,
  type Patient,
  type PatientInput,
  rangeBoundary,
  type StudyType,
} from '../../contract/cases';
import { formatCaseNumber } from '../domain/caseNumbers';
import { updateAtVersion } from './optimisticLock';
import { containsPattern, orderBy, type Page } from './pagination';
import {
  caseNumberCounters,
  casePatients,
  caseRecordItems,
  caseRecordRevisions,
  cases,
  caseTechnologists,
  caseTimeLogs,
  clients,
  protocolRevisions,
} from './schema';
import { type DbOrTx, isForeignKeyViolation } from './transaction';

export type CaseRecord = typeof cases.$inferSelect;

const SORT_COLUMNS = {
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

function caseWhere(filter: CaseFilter): SQL | undefined {
  const pattern = filter.q ? containsPattern(filter.q) : undefined;
  return and(
    filter.stages ? inArray(cases.stage, [...filter.stages]) : undefined,
    filter.clientId === undefined ? undefined : eq(cases.clientId, filter.clientId),
    filter.technologist
      ? sql`exists (select 1 from ${caseTechnologists} where ${caseTechnologists.caseId} = ${cases.id} and ${caseTechnologists.username} = ${filter.technologist})`
      : undefined,
    filter.reader ? eq(cases.reader, filter.reader) : undefined,
    pattern
      ? or(
          ilike(cases.caseNumber, pattern),
          ilike(casePatients.mrn, pattern),
          ilike(sql`${casePatients.lastName} || ', ' || ${casePatients.firstName}`, pattern),
          ilike(sql`${casePatients.firstName} || ' ' || ${casePatients.lastName}`, pattern),
        )
      : undefined,
    filter.from ? gte(cases.recordingStart, rangeBoundary(filter.from, 'from')) : undefined,
    filter.to ? lte(cases.recordingStart, rangeBoundary(filter.to, 'to')) : undefined,
  );
}

/** The moment of the case's latest check: a `check` time log or an impedance measurement (DESIGN §4). */
const latestCheckAt = sql`greatest(
  (
    select max(coalesce(log.end_at, log.start_at)) from ${caseTimeLogs} log
    where log.case_id = ${cases.id} and log.activity = 'check' and not log.voided
  ),
  (
    select max((latest.body->>'measuredAt')::timestamptz)
    from ${caseRecordItems} item
    cross join lateral (
      select body, voided from ${caseRecordRevisions} revision
      where revision.item_id = item.id order by revision.revision desc limit 1
    ) latest
    where item.case_id = ${cases.id} and item.kind = 'impedances' and not latest.voided
  )
)`;

/** Overdue (DESIGN §4): the latest check (or, before any, the recording start) older than the interval. */
const overdueWhen = (lastCheckAt: SQL, recordingStart: SQL, intervalMinutes: SQL) => sql<boolean>`coalesce(
  coalesce(${lastCheckAt}, ${recordingStart}) + make_interval(mins => ${intervalMinutes}) < now(),
  false
)`;

/** A monitoring case is overdue when its latest check (or, before any, its recording start) is older
 * than its protocol's check interval. The latest check is looked up once per row. */
const overdue = sql<boolean>`(
  ${cases.stage} = 'monitoring' and ${overdueWhen(latestCheckAt, sql`${cases.recordingStart}`, sql`${protocolRevisions.checkIntervalMinutes}`)}
)`;

const technologistsOf = sql<string[]>`coalesce((
  select array_agg(${caseTechnologists.username} order by ${caseTechnologists.username})
  from ${caseTechnologists} where ${caseTechnologists.caseId} = ${cases.id}
), '{}')`;

const patientName = sql<
  string | null
>`nullif(concat_ws(', ', nullif(${casePatients.lastName}, ''), nullif(${casePatients.firstName}, '')), '')`;

const rowColumns = {
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
};

type RawRow = Omit<CaseRow, 'recordingStart' | 'recordingEnd' | 'createdAt' | 'updatedAt'> & {
  recordingStart: Date | null;
  recordingEnd: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

const iso = (value: Date | null) => value?.toISOString() ?? null;

function toCaseRow(row: RawRow): CaseRow {
  return {
    ...row,
    recordingStart: iso(row.recordingStart),
    recordingEnd: iso(row.recordingEnd),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The rows as the lists show them, with the joins their columns need. */
function selectRows(db: DbOrTx) {
  return db
    .select(rowColumns)
    .from(cases)
    .innerJoin(clients, eq(clients.id, cases.clientId))
    .leftJoin(casePatients, eq(casePatients.caseId, cases.id))
    .leftJoin(protocolRevisions, caseProtocolRevision);
}

/** The protocol revision a case runs under. */
const caseProtocolRevision = and(
  eq(protocolRevisions.clientId, cases.clientId),
  eq(protocolRevisions.kind, 'protocol'),
  eq(protocolRevisions.revision, cases.protocolRevision),
);

/** The cases matching `filter`, joined to the patients only when the search looks at them. */
function matching(db: DbOrTx, filter: CaseFilter, columns: Record<string, SQL | typeof cases.id>) {
  const query = db.select(columns).from(cases);
  return (filter.q ? query.leftJoin(casePatients, eq(casePatients.caseId, cases.id)) : query).where(
    caseWhere(filter),
  );
}

/**
 * One page of the cases matching `filter`, and how many match in all. The page's ids are chosen first
 * (straight off the stage and client indexes), and only those 25 rows are joined to their columns: a deep
 * page does not build the thousands of rows it skips.
 */
export async function listCases(
  db: DbOrTx,
  query: CaseListQuery,
  /** What the list itself is limited to: its stages, or one client's cases. */
  scope: Pick<CaseFilter, 'stages' | 'clientId'>,
): Promise<Page<CaseRow>> {
  const { page: _page, perPage: _perPage, sort: _sort, order: _order, ...filters } = query;
  const filter: CaseFilter = { ...filters, ...scope };
  const order = orderBy(query.order, SORT_COLUMNS[query.sort], cases.id);
  const pageIds = matching(db, filter, { id: cases.id })
    .orderBy(...order)
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage)
    .as('page_ids');
  const [rows, [{ total }]] = await Promise.all([
    selectRows(db)
      .innerJoin(pageIds, eq(pageIds.id, cases.id))
      .orderBy(...order),
    matching(db, filter, { total: sql<string>`count(*)` }),
  ]);
  return { rows: (rows as RawRow[]).map(toCaseRow), total: Number(total) };
}

export async function getCaseRow(db: DbOrTx, id: number): Promise<CaseRow | undefined> {
  const [row] = await selectRows(db).where(eq(cases.id, id));
  return row && toCaseRow(row as RawRow);
}

export async function getCase(db: DbOrTx, id: number): Promise<CaseRecord | undefined> {
  const [row] = await db.select().from(cases).where(eq(cases.id, id));
  return row;
}

/** The case, locked until the transaction ends: its guards are checked against what cannot change meanwhile. */
export async function lockCase(db: DbOrTx, id: number): Promise<CaseRecord | undefined> {
  const [row] = await db.select().from(cases).where(eq(cases.id, id)).for('update');
  return row;
}

/** The next number of the client's year, `0001` first; the counter's row lock orders concurrent intakes. */
export async function nextCaseNumber(db: DbOrTx, clientId: number, code: string, year: number) {
  const [{ lastNumber }] = await db
    .insert(caseNumberCounters)
    .values({ clientId, year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [caseNumberCounters.clientId, caseNumberCounters.year],
      set: { lastNumber: sql`${caseNumberCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: caseNumberCounters.lastNumber });
  return formatCaseNumber(code, year, lastNumber);
}

export type NewCase = {
  caseNumber: string;
  clientId: number;
  studyType: StudyType;
  hasVideo: boolean;
  monitoringLevel: MonitoringLevel;
  protocolRevision: number | null;
  transferRevision: number | null;
  createdBy: string;
};

export async function insertCase(db: DbOrTx, values: NewCase): Promise<CaseRecord> {
  const [row] = await db.insert(cases).values(values).returning();
  return row;
}

/** Writes the header fields only if the case is still at `version`; `undefined` otherwise. */
export function updateCase(
  db: DbOrTx,
  id: number,
  version: number,
  values: Partial<Omit<CasePatch, 'version' | 'recordingStart' | 'recordingEnd'>> & {
    recordingStart?: Date | null;
    recordingEnd?: Date | null;
    stage?: CaseStage;
  },
): Promise<CaseRecord | undefined> {
  return updateAtVersion(db, cases, eq(cases.id, id), version, values);
}

/** Deletes the case (its patient details and assignments go with it) if still at `version`. */
export async function deleteCase(db: DbOrTx, id: number, version: number) {
  const [row] = await db
    .delete(cases)
    .where(and(eq(cases.id, id), eq(cases.version, version)))
    .returning();
  return row;
}

// Patient details

type PatientRow = typeof casePatients.$inferSelect;

export function toPatient({ caseId: _case, updatedBy: _by, ...row }: PatientRow): Patient {
  return { ...row, updatedAt: row.updatedAt.toISOString() };
}

export async function insertPatient(db: DbOrTx, caseId: number, input: PatientInput, by: string) {
  const [row] = await db
    .insert(casePatients)
    .values({ caseId, ...input, updatedBy: by })
    .returning();
  return toPatient(row);
}

export async function getPatient(db: DbOrTx, caseId: number): Promise<Patient | null> {
  const [row] = await db.select().from(casePatients).where(eq(casePatients.caseId, caseId));
  return row ? toPatient(row) : null;
}

// Technologists

export async function technologistsOfCase(db: DbOrTx, caseId: number): Promise<string[]> {
  const rows = await db
    .select({ username: caseTechnologists.username })
    .from(caseTechnologists)
    .where(eq(caseTechnologists.caseId, caseId))
    .orderBy(caseTechnologists.username);
  return rows.map((row) => row.username);
}

export type ActiveCase = { id: number; monitoringLevel: MonitoringLevel };

/** Each technologist's active (intake, monitoring) cases, with their monitoring level. */
/** How many active (intake, monitoring) cases each user holds; a user with none is absent. */
export async function activeCaseCounts(db: DbOrTx): Promise<Map<string, number>> {
  const rows = await db
    .select({ username: caseTechnologists.username, count: sql<string>`count(*)` })
    .from(caseTechnologists)
    .innerJoin(cases, eq(cases.id, caseTechnologists.caseId))
    .where(inArray(cases.stage, [...ACTIVE_CASE_STAGES]))
    .groupBy(caseTechnologists.username);
  return new Map(rows.map((row) => [row.username, Number(row.count)]));
}

export async function activeCasesByTechnologist(
  db: DbOrTx,
  usernames?: readonly string[],
): Promise<Map<string, ActiveCase[]>> {
  const rows = await db
    .select({
      username: caseTechnologists.username,
      id: cases.id,
      monitoringLevel: cases.monitoringLevel,
    })
    .from(caseTechnologists)
    .innerJoin(cases, eq(cases.id, caseTechnologists.caseId))
    .where(
      and(
        inArray(cases.stage, [...ACTIVE_CASE_STAGES]),
        usernames ? inArray(caseTechnologists.username, [...usernames]) : undefined,
      ),
    )
    .orderBy(cases.id);
  const byUser = new Map<string, ActiveCase[]>();
  for (const { username, ...activeCase } of rows) {
    byUser.set(username, [...(byUser.get(username) ?? []), activeCase]);
  }
  return byUser;
}

/** The cases, locked, in id order (so two requests locking overlapping sets cannot deadlock). */
export function lockCases(db: DbOrTx, ids: readonly number[]): Promise<CaseRecord[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(cases)
    .where(inArray(cases.id, [...ids]))
    .orderBy(cases.id)
    .for('update');
}

export async function assignTechnologist(
  db: DbOrTx,
  caseIds: readonly number[],
  username: string,
  by: string,
) {
  if (caseIds.length === 0) return;
  await db
    .insert(caseTechnologists)
    .values(caseIds.map((caseId) => ({ caseId, username, assignedBy: by })))
    .onConflictDoNothing();
}

export async function unassignTechnologist(db: DbOrTx, caseIds: readonly number[], username: string) {
  if (caseIds.length === 0) return;
  await db
    .delete(caseTechnologists)
    .where(and(eq(caseTechnologists.username, username), inArray(caseTechnologists.caseId, [...caseIds])));
}

/** Bumps the version of cases whose technologists changed, so an editor holding the old header is told. */
export async function touchCases(db: DbOrTx, ids: readonly number[]) {
  if (ids.length === 0) return;
  await db
    .update(cases)
    .set({ version: sql`${cases.version} + 1`, updatedAt: sql`now()` })
    .where(inArray(cases.id, [...ids]));
}

// Clients

export function countCasesOfClient(db: DbOrTx, clientId: number): Promise<number> {
  return db.$count(cases, eq(cases.clientId, clientId));
}

/** A case added between counting a client's cases and deleting the client trips the foreign key. */
export function isClientWithCases(error: unknown): boolean {
  return isForeignKeyViolation(error, 'cases_client_id_clients_id_fk');
}

/**
 * Serialises the writes that change what these technologists hold (their assignments, a case's monitoring
 * level) until the transaction ends, so two concurrent writes cannot together exceed a load limit. Locks
 * are taken in name order, so two writes never wait on each other crosswise.
 */
export async function lockTechnologists(db: DbOrTx, usernames: readonly string[]) {
  for (const username of [...new Set(usernames)].sort()) {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`technologist:${username}`}))`);
  }
}

/**
 * The operations board (GET /getHome2): every case in monitoring with its latest check, its protocol's
 * check interval and whether it is overdue, overdue first, then the longest without a check. The latest
 * check is looked up once per case, in the inner select.
 */
export async function monitoringBoard(db: DbOrTx) {
  const { rows } = await db.execute<{
    id: number;
    case_number: string;
    client_name: string;
    patient_name: string | null;
    monitoring_level: MonitoringLevel;
    technologists: string[];
    recording_start: Date | string | null;
    last_check_at: Date | string | null;
    check_interval_minutes: number | null;
    overdue: boolean;
  }>(sql`
    select board.*,
      ${overdueWhen(sql`board.last_check_at`, sql`board.recording_start`, sql`board.check_interval_minutes`)} as overdue
    from (
      select ${cases.id}, ${cases.caseNumber}, ${clients.name} as client_name, ${patientName} as patient_name,
        ${cases.monitoringLevel}, ${technologistsOf} as technologists, ${cases.recordingStart},
        ${latestCheckAt} as last_check_at, ${protocolRevisions.checkIntervalMinutes}
      from ${cases}
      join ${clients} on ${clients.id} = ${cases.clientId}
      left join ${casePatients} on ${casePatients.caseId} = ${cases.id}
      left join ${protocolRevisions} on ${caseProtocolRevision}
      where ${cases.stage} = 'monitoring'
    ) board
    order by overdue desc, coalesce(board.last_check_at, board.recording_start) nulls first, board.id`);
  const instant = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
  return rows.map((row) => ({
    id: Number(row.id),
    caseNumber: row.case_number,
    clientName: row.client_name,
    patientName: row.patient_name ?? '',
    monitoringLevel: row.monitoring_level,
    technologists: row.technologists,
    recordingStart: instant(row.recording_start),
    lastCheckAt: instant(row.last_check_at),
    checkIntervalMinutes: row.check_interval_minutes === null ? null : Number(row.check_interval_minutes),
    overdue: row.overdue,
  }));
}
