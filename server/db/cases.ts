import { and, eq, gte, ilike, inArray, lte, or, type SQL, sql, sum } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
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
import { DEFAULT_CHECK_INTERVAL_MINUTES, type StaleOpenLog } from '../../contract/home';
import { isStaleOpenLog } from '../../contract/hours';
import type { MonitoringSettings } from '../../contract/timeLogs';
import { formatCaseNumber } from '../domain/caseNumbers';
import { openNotificationsByCase } from './notifications';
import { updateAtVersion } from './optimisticLock';
import { containsPattern, orderBy, type Page } from './pagination';
import {
  caseNumberCounters,
  casePatients,
  caseRecordItems,
  caseRecordRevisions,
  caseStageCounts,
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

/** A record time after now does not count (DESIGN §4): a check dated tomorrow must not silence today. */
const checks = {
  /** The latest `check` log's start, straight off the (case, start) index. */
  checkLog: sql`(
    select max(log.start_at) from ${caseTimeLogs} log
    where log.case_id = ${cases.id} and log.start_at <= now() and log.activity = 'check' and not log.voided
  )`,
  /** The end of the latest ended `monitoring` log: watching until then was a check. */
  monitoringEnd: sql`(
    select max(log.end_at) from ${caseTimeLogs} log
    where log.case_id = ${cases.id} and log.end_at <= now() and log.activity = 'monitoring' and not log.voided
  )`,
  impedance: sql`(
    select max(latest.measured_at)
    from ${caseRecordItems} item
    cross join lateral (
      select (body->>'measuredAt')::timestamptz as measured_at, voided from ${caseRecordRevisions} revision
      where revision.item_id = item.id order by revision.revision desc limit 1
    ) latest
    where item.case_id = ${cases.id} and item.kind = 'impedances' and not latest.voided
      and latest.measured_at <= now()
  )`,
};

/** "Last check" (DESIGN §4): the latest check, end of a monitoring log, or the recording start. */
const lastCheckAt = sql`greatest(${checks.checkLog}, ${checks.monitoringEnd}, ${checks.impedance}, ${cases.recordingStart})`;

/** A continuous-level case with an open `monitoring` log is being watched: never overdue. */
const watched = sql<boolean>`(${cases.monitoringLevel} = 'continuous' and exists (
  select 1 from ${caseTimeLogs} log
  where log.case_id = ${cases.id} and log.end_at is null and log.activity = 'monitoring' and not log.voided
    and log.start_at <= now()
))`;

const recordingEnded = sql<boolean>`coalesce(${cases.recordingEnd} <= now(), false)`;

const checkIntervalMinutes = sql<number>`coalesce(${protocolRevisions.checkIntervalMinutes}, ${DEFAULT_CHECK_INTERVAL_MINUTES})`;

/**
 * When the next check is due (DESIGN §4): the interval after the last check; none while the case is
 * watched or once its recording has ended. Each argument is written once, so a caller hands either the
 * expressions above or the columns an inner select computed from them.
 */
const nextCheckBy = (at: { last: SQL; interval: SQL; watched: SQL; ended: SQL }) => sql`case
  when ${at.watched} or ${at.ended} then null
  else ${at.last} + make_interval(mins => ${at.interval})
end`;

/** Overdue (DESIGN §4): a case in monitoring whose next check was due before now. */
const overdueAfter = (stage: SQL, next: SQL) =>
  sql<boolean>`coalesce(${stage} = 'monitoring' and ${next} < now(), false)`;

/** The stage lists' flag, the same rule as the board's. */
const overdue = overdueAfter(
  sql`${cases.stage}`,
  nextCheckBy({ last: lastCheckAt, interval: checkIntervalMinutes, watched, ended: recordingEnded }),
);

const technologistsOf = sql<string[]>`coalesce((
  select array_agg(${caseTechnologists.username} order by ${caseTechnologists.username})
  from ${caseTechnologists} where ${caseTechnologists.caseId} = ${cases.id}
), '{}')`;

const patientName = sql<
  string | null
>`nullif(concat_ws(', ', nullif(${casePatients.lastName}, ''), nullif(${casePatients.firstName}, '')), '')`;

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
};

export type RawRow = Omit<CaseRow, 'recordingStart' | 'recordingEnd' | 'createdAt' | 'updatedAt'> & {
  recordingStart: Date | null;
  recordingEnd: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

const iso = (value: Date | null) => value?.toISOString() ?? null;

export function toCaseRow(row: RawRow): CaseRow {
  return {
    ...row,
    recordingStart: iso(row.recordingStart),
    recordingEnd: iso(row.recordingEnd),
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
  const stages = wholeStages(filter);
  if (stages) {
    // A whole stage list's total comes with its page, in the same query: one round trip, not two.
    const rows = await selectRows(db, { listTotal: sql`(${keptTotal(db, stages)})` })
      .innerJoin(pageIds, eq(pageIds.id, cases.id))
      .orderBy(...order);
    const total = rows.length > 0 ? Number(rows[0]?.listTotal ?? 0) : await countMatching(db, filter);
    return { rows: rows.map(({ listTotal: _total, ...row }) => toCaseRow(row as RawRow)), total };
  }
  const [rows, total] = await Promise.all([
    selectRows(db)
      .innerJoin(pageIds, eq(pageIds.id, cases.id))
      .orderBy(...order),
    countMatching(db, filter),
  ]);
  return { rows: (rows as RawRow[]).map(toCaseRow), total };
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

/** How many cases match `filter`. */
async function countMatching(db: DbOrTx, filter: CaseFilter): Promise<number> {
  const stages = wholeStages(filter);
  if (stages) {
    const [{ total }] = await keptTotal(db, stages);
    return Number(total ?? 0);
  }
  const [{ total }] = await matching(db, filter, { total: sql<string>`count(*)` });
  return Number(total);
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

/** How many technologists each of these cases has; a case with none is absent. */
export async function technologistCounts(
  db: DbOrTx,
  caseIds: readonly number[],
): Promise<Map<number, number>> {
  if (caseIds.length === 0) return new Map();
  const rows = await db
    .select({ caseId: caseTechnologists.caseId, count: sql<number>`count(*)::int` })
    .from(caseTechnologists)
    .where(inArray(caseTechnologists.caseId, [...caseIds]))
    .groupBy(caseTechnologists.caseId);
  return new Map(rows.map((row) => [row.caseId, Number(row.count)]));
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

/** The case's open logs, oldest first: the board names the stale ones (DESIGN §4). */
const openLogs = sql`coalesce((
  select json_agg(json_build_object('technologist', log.technologist, 'activity', log.activity,
    'start', log.start_at) order by log.start_at)
  from ${caseTimeLogs} log
  where log.case_id = ${cases.id} and log.end_at is null and not log.voided
), '[]')`;

type Instant = Date | string;
/** A json column: a string from some drivers, already parsed from others. */
const fromJson = <T>(value: string | T): T => (typeof value === 'string' ? JSON.parse(value) : value);
const instant = (value: Instant | null) => (value === null ? null : new Date(value).toISOString());

/**
 * The operations board (GET /getHome2): every case in monitoring with its checks as DESIGN §4 reads
 * them, overdue first (the longest overdue first), then the soonest due. The inner select looks each
 * case's checks up once; the outer one applies the rule the stage lists apply.
 */
export async function monitoringBoard(db: DbOrTx, { maxOpenLogHours }: MonitoringSettings) {
  const { rows } = await db.execute<{
    id: number;
    case_number: string;
    client_name: string;
    client_time_zone: string;
    patient_name: string | null;
    monitoring_level: MonitoringLevel;
    technologists: string[];
    recording_start: Instant | null;
    last_check_at: Instant | null;
    check_interval_minutes: number;
    watched: boolean;
    recording_ended: boolean;
    next_check_by: Instant | null;
    overdue: boolean;
    open_logs: string | StaleOpenLog[];
    notifications_pending: number | null;
    notifications_overdue: number | null;
    pending_notifications_due_by: string | string[] | null;
  }>(sql`
    select board.*, ${overdueAfter(sql`'monitoring'`, sql`board.next_check_by`)} as overdue
    from (
      select checked.*, ${nextCheckBy({
        last: sql`checked.last_check_at`,
        interval: sql`checked.check_interval_minutes`,
        watched: sql`checked.watched`,
        ended: sql`checked.recording_ended`,
      })} as next_check_by
      from (
        select ${cases.id}, ${cases.caseNumber}, ${clients.name} as client_name,
          ${clients.timeZone} as client_time_zone, ${patientName} as patient_name, ${cases.monitoringLevel},
          ${technologistsOf} as technologists, ${cases.recordingStart}, ${lastCheckAt} as last_check_at,
          ${checkIntervalMinutes} as check_interval_minutes, ${watched} as watched,
          ${recordingEnded} as recording_ended, ${openLogs} as open_logs,
          notifications.pending as notifications_pending, notifications.overdue as notifications_overdue,
          notifications.pending_due_by as pending_notifications_due_by
        from ${cases}
        join ${clients} on ${clients.id} = ${cases.clientId}
        left join ${casePatients} on ${casePatients.caseId} = ${cases.id}
        left join ${protocolRevisions} on ${caseProtocolRevision}
        left join ${openNotificationsByCase} notifications on notifications.case_id = ${cases.id}
        where ${cases.stage} = 'monitoring'
        -- A fence: inlined, the sort would repeat each check lookup, doubling the plan's cost past
        -- PostgreSQL's JIT threshold, whose compiling takes longer than the query.
        offset 0
      ) checked
    ) board
    order by overdue desc, board.next_check_by nulls last, board.id`);
  const now = Date.now();
  return rows.map((row) => {
    const nextCheckBy = instant(row.next_check_by);
    const open: StaleOpenLog[] = fromJson(row.open_logs);
    const pendingDueBy: string[] = fromJson(row.pending_notifications_due_by ?? []);
    return {
      id: Number(row.id),
      caseNumber: row.case_number,
      clientName: row.client_name,
      clientTimeZone: row.client_time_zone,
      patientName: row.patient_name ?? '',
      monitoringLevel: row.monitoring_level,
      technologists: row.technologists,
      recordingStart: instant(row.recording_start),
      lastCheckAt: instant(row.last_check_at),
      checkIntervalMinutes: Number(row.check_interval_minutes),
      watched: row.watched,
      recordingEnded: row.recording_ended,
      nextCheckBy,
      overdueSince: row.overdue ? nextCheckBy : null,
      staleOpenLogs: open
        .map((log) => ({ ...log, start: new Date(log.start).toISOString() }))
        .filter((log) => isStaleOpenLog(Date.parse(log.start), now, maxOpenLogHours)),
      notificationsPending: Number(row.notifications_pending ?? 0),
      notificationsOverdue: Number(row.notifications_overdue ?? 0),
      pendingNotificationsDueBy: pendingDueBy.map((dueBy) => new Date(dueBy).toISOString()),
    };
  });
}
