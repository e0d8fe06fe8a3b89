import { and, eq, sql } from 'drizzle-orm';
import type { BillableCase, ClientHeader, CycleStatus } from '../../contract/billing';
import type { MonitoringLevel, StudyType } from '../../contract/cases';
import { exceptCases, liveCaseHours, runningCaseIds } from './caseHours';
import { billingCycleLines, billingCycles } from './schema';
import type { DbOrTx } from './transaction';

/**
 * Billing's reads and writes (DESIGN §8 "Billing and reports"): the stored cycles, the hours per client and
 * month (stored rows of cases without a running log, plus the live ones), the cases of a statement.
 */

export async function clientHeader(db: DbOrTx, clientId: number) {
  const { rows } = await db.execute<{
    id: number;
    name: string;
    code: string;
    time_zone: string;
    address: string;
    currency: string;
    billing_period_start: string;
    first_recording: Date | string | null;
  }>(sql`
    select c.id, c.name, c.code, c.time_zone, c.address, c.currency, c.billing_period_start,
      (select min(recording_start) from cases where client_id = c.id) as first_recording
    from clients c where c.id = ${clientId}`);
  const [row] = rows;
  if (!row) return undefined;
  const header: ClientHeader = {
    id: Number(row.id),
    name: row.name,
    code: row.code,
    timeZone: row.time_zone,
    address: row.address,
    currency: row.currency,
    billingPeriodStart: row.billing_period_start,
  };
  return { header, firstRecording: row.first_recording === null ? null : new Date(row.first_recording) };
}

export type StoredCycle = typeof billingCycles.$inferSelect;

/** What a month's figures depend on in its stored cycle (the reports read no more than this). */
export type StoredFigures = Pick<
  StoredCycle,
  'status' | 'rate' | 'frozenMinutes' | 'frozenAdjustMinutes' | 'frozenCases'
>;

export async function storedCycles(db: DbOrTx, clientId: number): Promise<StoredCycle[]> {
  return db.select().from(billingCycles).where(eq(billingCycles.clientId, clientId));
}

/** The stored cycle, locked until the transaction ends. */
export async function lockCycle(db: DbOrTx, clientId: number, month: string) {
  const [row] = await db
    .select()
    .from(billingCycles)
    .where(and(eq(billingCycles.clientId, clientId), eq(billingCycles.month, month)))
    .for('update');
  return row;
}

export async function findCycle(db: DbOrTx, clientId: number, month: string) {
  const [row] = await db
    .select()
    .from(billingCycles)
    .where(and(eq(billingCycles.clientId, clientId), eq(billingCycles.month, month)));
  return row;
}

/** Stores the rate: a first rate creates the cycle (version 1); otherwise the version goes up by one. */
export async function saveRate(
  db: DbOrTx,
  clientId: number,
  month: string,
  rate: string,
  username: string,
): Promise<StoredCycle> {
  const [row] = await db
    .insert(billingCycles)
    .values({ clientId, month, rate, updatedBy: username })
    .onConflictDoUpdate({
      target: [billingCycles.clientId, billingCycles.month],
      set: {
        rate,
        version: sql`${billingCycles.version} + 1`,
        updatedAt: sql`now()`,
        updatedBy: username,
      },
    })
    .returning();
  return row as StoredCycle;
}

export interface Frozen {
  minutes: number;
  adjustMinutes: number;
  cases: number;
  lines: readonly BillableCase[];
}

/** Moves the cycle to `status`; closing stores the frozen figures and lines, reopening drops them. */
export async function saveStatus(
  db: DbOrTx,
  cycle: StoredCycle,
  status: CycleStatus,
  username: string,
  frozen?: Frozen,
): Promise<StoredCycle> {
  const closing = cycle.status === 'open' && status === 'closed';
  const reopening = status === 'open';
  if (reopening) await db.delete(billingCycleLines).where(eq(billingCycleLines.cycleId, cycle.id));
  if (closing && frozen) {
    for (let start = 0; start < frozen.lines.length; start += 500) {
      await db
        .insert(billingCycleLines)
        .values(
          frozen.lines
            .slice(start, start + 500)
            .map((line) => ({ cycleId: cycle.id, caseId: line.caseId, line })),
        );
    }
  }
  const [row] = await db
    .update(billingCycles)
    .set({
      status,
      version: cycle.version + 1,
      updatedAt: sql`now()`,
      updatedBy: username,
      ...(closing && frozen
        ? {
            frozenMinutes: frozen.minutes,
            frozenAdjustMinutes: frozen.adjustMinutes,
            frozenCases: frozen.cases,
            closedAt: sql`now()`,
            closedBy: username,
          }
        : {}),
      ...(reopening
        ? {
            frozenMinutes: null,
            frozenAdjustMinutes: null,
            frozenCases: null,
            closedAt: null,
            closedBy: null,
          }
        : {}),
      ...(status === 'invoiced' ? { invoicedAt: sql`now()`, invoicedBy: username } : {}),
      ...(status !== 'invoiced' ? { invoicedAt: null, invoicedBy: null } : {}),
    })
    .where(eq(billingCycles.id, cycle.id))
    .returning();
  return row as StoredCycle;
}

/** A line as stored: those frozen before running logs were marked lack the marks. */
type FrozenLine = Omit<BillableCase, 'openLog' | 'staleLog'> & Partial<BillableCase>;

export async function frozenLines(db: DbOrTx, cycleId: number): Promise<BillableCase[]> {
  const rows = await db
    .select({ line: billingCycleLines.line })
    .from(billingCycleLines)
    .where(eq(billingCycleLines.cycleId, cycleId));
  return rows
    .map((row) => ({ openLog: false, staleLog: false, ...(row.line as FrozenLine) }))
    .sort((a, b) => a.caseNumber.localeCompare(b.caseNumber));
}

export interface MonthTotal {
  clientId: number;
  month: string;
  billableMinutes: number;
  adjustMinutes: number;
  monitoringMinutes: number;
  cases: number;
}

const key = (clientId: number, month: string) => `${clientId} ${month}`;

/**
 * Hours per client and month in [from, to] (of one client, or of every client): the stored rows of the
 * cases without a running log, summed by the database, plus the cases with one, counted live until `now`.
 */
export async function monthTotals(
  db: DbOrTx,
  { clientId, from, to }: { clientId?: number; from: string; to: string },
  now: Date,
  maxOpenLogHours?: number,
): Promise<MonthTotal[]> {
  const live = await runningCaseIds(db, clientId);
  const { rows } = await db.execute<{
    client_id: number;
    month: string;
    billable: number | string;
    adjust: number | string;
    monitoring: number | string;
    cases: number | string;
  }>(sql`
    select client_id, month, sum(billable_minutes) as billable, sum(adjust_minutes) as adjust,
      sum(monitoring_minutes) as monitoring,
      count(*) filter (where billable_minutes > 0 or adjust_minutes <> 0) as cases
    from case_month_hours
    where month between ${from} and ${to} ${clientId === undefined ? sql`` : sql`and client_id = ${clientId}`}
      ${exceptCases('case_id', live)}
    group by client_id, month`);
  const totals = new Map<string, MonthTotal>(
    rows.map((row) => [
      key(Number(row.client_id), row.month),
      {
        clientId: Number(row.client_id),
        month: row.month,
        billableMinutes: Number(row.billable),
        adjustMinutes: Number(row.adjust),
        monitoringMinutes: Number(row.monitoring),
        cases: Number(row.cases),
      },
    ]),
  );
  const { caseRows } = await liveCaseHours(db, live, now, maxOpenLogHours);
  for (const row of caseRows) {
    if (row.month < from || row.month > to) continue;
    const total = totals.get(key(row.clientId, row.month)) ?? {
      clientId: row.clientId,
      month: row.month,
      billableMinutes: 0,
      adjustMinutes: 0,
      monitoringMinutes: 0,
      cases: 0,
    };
    total.billableMinutes += row.billableMinutes;
    total.adjustMinutes += row.adjustMinutes;
    total.monitoringMinutes += row.monitoringMinutes;
    if (row.billableMinutes > 0 || row.adjustMinutes !== 0) total.cases += 1;
    totals.set(key(row.clientId, row.month), total);
  }
  return [...totals.values()];
}

/** Each case's minutes in a client's month (stored, or live for a case with a running log). */
export async function caseMinutesInMonth(
  db: DbOrTx,
  clientId: number,
  month: string,
  now: Date,
  maxOpenLogHours?: number,
) {
  const live = await runningCaseIds(db, clientId);
  const { rows } = await db.execute<{
    case_id: number;
    billable_minutes: number;
    adjust_minutes: number;
  }>(sql`
    select case_id, billable_minutes, adjust_minutes from case_month_hours
    where client_id = ${clientId} and month = ${month} ${exceptCases('case_id', live)}`);
  const minutes = new Map<number, { billable: number; adjust: number }>(
    rows.map((row) => [
      Number(row.case_id),
      { billable: Number(row.billable_minutes), adjust: Number(row.adjust_minutes) },
    ]),
  );
  const { caseRows } = await liveCaseHours(db, live, now, maxOpenLogHours);
  for (const row of caseRows) {
    if (row.month === month)
      minutes.set(row.caseId, { billable: row.billableMinutes, adjust: row.adjustMinutes });
  }
  return minutes;
}

export interface RunningLog {
  caseId: number;
  caseNumber: string;
  start: number;
  recordingEnd: number | null;
}

/** The live running logs of the client's cases, with their case's recording end, for the statement. */
export async function runningLogsOfClient(db: DbOrTx, clientId: number): Promise<RunningLog[]> {
  const { rows } = await db.execute<{
    case_id: number;
    case_number: string;
    start_at: Date | string;
    recording_end: Date | string | null;
  }>(sql`
    select log.case_id, c.case_number, log.start_at, c.recording_end from case_time_logs log
    join cases c on c.id = log.case_id
    where c.client_id = ${clientId} and log.end_at is null and not log.voided`);
  return rows.map((row) => ({
    caseId: Number(row.case_id),
    caseNumber: row.case_number,
    start: new Date(row.start_at).getTime(),
    recordingEnd: row.recording_end === null ? null : new Date(row.recording_end).getTime(),
  }));
}

export interface StatementCase {
  caseId: number;
  caseNumber: string;
  patientName: string;
  mrn: string;
  stage: string;
  studyType: StudyType;
  hasVideo: boolean;
  monitoringLevel: MonitoringLevel;
  recordingStart: Date | null;
  recordingEnd: Date | null;
  channelCount: number;
  hasHookupLog: boolean;
  /** The reader's username. */
  reader: string | null;
  /** A signed daily report exists: the study was interpreted period by period. */
  hasDailyReports: boolean;
}

/** The client's cases that are among `caseIds` or whose recording overlaps [start, end). */
export async function statementCases(
  db: DbOrTx,
  clientId: number,
  caseIds: readonly number[],
  { start, end }: { start: Date; end: Date },
  now: Date,
): Promise<StatementCase[]> {
  const { rows } = await db.execute<{
    id: number;
    case_number: string;
    patient_name: string | null;
    mrn: string | null;
    stage: string;
    study_type: StudyType;
    has_video: boolean;
    monitoring_level: MonitoringLevel;
    recording_start: Date | string | null;
    recording_end: Date | string | null;
    channel_count: number;
    has_hookup_log: boolean;
    reader: string | null;
    has_daily_reports: boolean;
  }>(sql`
    select c.id, c.case_number, c.stage, c.study_type, c.has_video, c.monitoring_level, c.recording_start,
      c.recording_end, c.channel_count, c.reader, p.mrn, daily.found is not null as has_daily_reports,
      nullif(concat_ws(', ', nullif(p.last_name, ''), nullif(p.first_name, '')), '') as patient_name,
      hookup.found is not null as has_hookup_log
    from cases c
    -- Each lookup is a lateral with a limit, so it stays an index probe per chosen case: the planner
    -- expects ten times the cases there are and would otherwise hash all 50,000 patients, or answer
    -- the hookup test by scanning the million time logs.
    left join lateral (
      select patient.mrn, patient.first_name, patient.last_name from case_patients patient
      where patient.case_id = c.id limit 1
    ) p on true
    left join lateral (
      select true as found from case_time_logs log
      where log.case_id = c.id and log.activity = 'hookup' and not log.voided limit 1
    ) hookup on true
    left join lateral (
      select true as found from case_record_items item
      cross join lateral (
        select body, voided from case_record_revisions revision
        where revision.item_id = item.id order by revision.revision desc limit 1
      ) latest
      where item.case_id = c.id and item.kind = 'interpretations' and not latest.voided
        and latest.body->>'kind' = 'daily' and latest.body->>'status' = 'signed'
      limit 1
    ) daily on true
    where c.client_id = ${clientId} and (
      ${caseIds.length === 0 ? sql`false` : sql`c.id in ${caseIds}`}
      or (c.recording_start < ${end.toISOString()} and coalesce(c.recording_end, ${now.toISOString()}) > ${start.toISOString()})
    )
    order by c.case_number`);
  return rows.map((row) => ({
    caseId: Number(row.id),
    caseNumber: row.case_number,
    patientName: row.patient_name ?? '',
    mrn: row.mrn ?? '',
    stage: row.stage,
    studyType: row.study_type,
    hasVideo: row.has_video,
    monitoringLevel: row.monitoring_level,
    recordingStart: row.recording_start === null ? null : new Date(row.recording_start),
    recordingEnd: row.recording_end === null ? null : new Date(row.recording_end),
    channelCount: Number(row.channel_count),
    hasHookupLog: row.has_hookup_log,
    reader: row.reader,
    hasDailyReports: row.has_daily_reports,
  }));
}

export interface RevisionAfter {
  caseId: number;
  kind: 'time-logs' | 'billing-notes';
  itemId: number;
  revision: number;
  author: string;
  createdAt: Date;
  body: Record<string, unknown>;
}

/** Time-log and billing-note revisions of the cases saved after `since`, oldest first. */
export async function revisionsAfter(
  db: DbOrTx,
  caseIds: readonly number[],
  since: Date,
): Promise<RevisionAfter[]> {
  if (caseIds.length === 0) return [];
  const { rows } = await db.execute<{
    case_id: number;
    kind: 'time-logs' | 'billing-notes';
    item_id: number;
    revision: number;
    author: string;
    created_at: Date | string;
    body: Record<string, unknown>;
  }>(sql`
    select item.case_id, item.kind, revision.item_id, revision.revision, revision.author, revision.created_at,
      revision.body
    from case_record_items item join case_record_revisions revision on revision.item_id = item.id
    where item.case_id in ${caseIds} and item.kind in ('time-logs', 'billing-notes')
      and revision.created_at > ${since.toISOString()}
    order by revision.created_at, revision.item_id, revision.revision`);
  return rows.map((row) => ({
    caseId: Number(row.case_id),
    kind: row.kind,
    itemId: Number(row.item_id),
    revision: Number(row.revision),
    author: row.author,
    createdAt: new Date(row.created_at),
    body: row.body,
  }));
}
