import { and, eq, inArray, isNotNull, isNull, not, notInArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { openLogEnd } from '../../contract/hours';
import { DEFAULT_MAX_OPEN_LOG_HOURS } from '../../contract/timeLogs';
import {
  type Adjustment,
  type CaseMonth,
  caseMonths,
  type LogSpan,
  type TechnologistMonth,
  technologistMonths,
} from '../domain/billing/caseHours';
import type { Db } from './database';
import { isAnyOf, preparedOnce } from './prepared';
import {
  caseHoursPending,
  caseMonthHours,
  caseRecordItems,
  cases,
  caseTimeLogs,
  clients,
  technologistMonthHours,
} from './schema';
import { latestRevisionJoin } from './subqueries';
import type { DbOrTx } from './transaction';

/**
 * Hours per case and local month (`case_month_hours`, `technologist_month_hours`), derived from the
 * time-log index and the billing notes. Writers call `refreshCaseHours` in the transaction of every
 * time-log or billing-note revision, from closed logs only; readers sum the stored rows of cases without a
 * running log and count the cases with one live from their logs, since their hours grow by the minute, up to
 * the running log's cap.
 */

/** Adds `value` to the list kept under `key`. */
function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

type CaseZone = { id: number; clientId: number; timeZone: string; recordingEnd: number | null };

async function zonesOf(db: DbOrTx, caseIds: readonly number[]): Promise<CaseZone[]> {
  const query = preparedOnce(db, 'case zones', (name) =>
    db
      .select({
        id: cases.id,
        clientId: cases.clientId,
        timeZone: clients.timeZone,
        recordingEnd: cases.recordingEnd,
      })
      .from(cases)
      .innerJoin(clients, eq(clients.id, cases.clientId))
      .where(isAnyOf(cases.id, 'caseIds'))
      .prepare(name),
  );
  const rows = await query.execute({ caseIds: [...caseIds] });
  return rows.map((row) => ({ ...row, recordingEnd: row.recordingEnd?.getTime() ?? null }));
}

/** How running logs count: until the cap of DESIGN §4 "Open logs" at `now`. */
export interface RunningLogClock {
  now: Date;
  maxOpenLogHours: number;
}

/**
 * The live logs of the cases; a running one counts up to its cap (its case's recording end among them, from
 * `zones`), or not at all without a clock.
 */
async function spansOf(db: DbOrTx, zones: readonly CaseZone[], clock?: RunningLogClock) {
  const recordingEnds = new Map(zones.map((zone) => [zone.id, zone.recordingEnd]));
  const query = preparedOnce(db, clock ? 'case logs' : 'case ended logs', (name) =>
    db
      .select({
        caseId: caseTimeLogs.caseId,
        technologist: caseTimeLogs.technologist,
        start: caseTimeLogs.startAt,
        end: caseTimeLogs.endAt,
        activity: caseTimeLogs.activity,
        billable: caseTimeLogs.billable,
      })
      .from(caseTimeLogs)
      .where(
        and(
          isAnyOf(caseTimeLogs.caseId, 'caseIds'),
          not(caseTimeLogs.voided),
          clock ? undefined : isNotNull(caseTimeLogs.endAt),
        ),
      )
      .prepare(name),
  );
  const rows = await query.execute({ caseIds: zones.map((zone) => zone.id) });
  const spans = new Map<number, LogSpan[]>();
  for (const row of rows) {
    const start = row.start.getTime();
    const end =
      row.end !== null
        ? row.end.getTime()
        : openLogEnd(
            { start, activity: row.activity },
            {
              now: (clock as RunningLogClock).now.getTime(),
              recordingEnd: recordingEnds.get(row.caseId) ?? null,
              maxOpenLogHours: (clock as RunningLogClock).maxOpenLogHours,
            },
          );
    if (end <= start) continue;
    const span = { technologist: row.technologist, start, end, billable: row.billable };
    pushTo(spans, row.caseId, span);
  }
  return spans;
}

/** The billing notes' adjustments of the cases (each note's latest revision, voided ones left out). */
async function adjustmentsOf(db: DbOrTx, caseIds: readonly number[]) {
  const query = preparedOnce(db, 'case adjustments', (name) => {
    const latest = latestRevisionJoin();
    return db
      .select({
        caseId: caseRecordItems.caseId,
        month: sql<string>`${latest.body}->>'month'`,
        adjustMinutes: sql`(${latest.body}->>'adjustMinutes')::int`.mapWith(Number),
      })
      .from(caseRecordItems)
      .crossJoinLateral(latest)
      .where(
        and(
          isAnyOf(caseRecordItems.caseId, 'caseIds'),
          eq(caseRecordItems.kind, 'billing-notes'),
          not(latest.voided),
        ),
      )
      .prepare(name);
  });
  const rows = await query.execute({ caseIds: [...caseIds] });
  const adjustments = new Map<number, Adjustment[]>();
  for (const { caseId, ...adjustment } of rows) pushTo(adjustments, caseId, adjustment);
  return adjustments;
}

type CaseMonthRow = CaseMonth & { caseId: number; clientId: number };
type TechnologistMonthRow = TechnologistMonth & { caseId: number; clientId: number };

/**
 * The cases' hours per month from their logs and notes, and each technologist's when `technologists` (the
 * stored rows need them; the live counts only the cases'); running logs count up to their cap when given a
 * clock.
 */
async function computeCaseHours(
  db: DbOrTx,
  caseIds: readonly number[],
  { clock, technologists }: { clock?: RunningLogClock; technologists: boolean },
) {
  const caseRows: CaseMonthRow[] = [];
  const technologistRows: TechnologistMonthRow[] = [];
  if (caseIds.length === 0) return { caseRows, technologistRows };
  // One after another: `db` may be a transaction, whose one connection runs one query at a time.
  const zones = await zonesOf(db, caseIds);
  if (zones.length === 0) return { caseRows, technologistRows };
  const spans = await spansOf(db, zones, clock);
  const adjustments = await adjustmentsOf(db, caseIds);
  for (const { id, clientId, timeZone } of zones) {
    const logs = spans.get(id) ?? [];
    for (const month of caseMonths(logs, adjustments.get(id) ?? [], timeZone))
      caseRows.push({ caseId: id, clientId, ...month });
    if (!technologists) continue;
    for (const month of technologistMonths(logs, timeZone))
      technologistRows.push({ caseId: id, clientId, ...month });
  }
  return { caseRows, technologistRows };
}

const CHUNK = 1000;
function chunks<T>(rows: readonly T[]): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < rows.length; start += CHUNK) result.push(rows.slice(start, start + CHUNK));
  return result;
}

/** Recomputes the stored hours of the cases; call it in the transaction of the write that changed them. */
export async function refreshCaseHours(db: DbOrTx, caseIds: readonly number[]): Promise<void> {
  if (caseIds.length === 0) return;
  const { caseRows, technologistRows } = await computeCaseHours(db, caseIds, { technologists: true });
  await db.delete(caseMonthHours).where(inArray(caseMonthHours.caseId, [...caseIds]));
  await db.delete(technologistMonthHours).where(inArray(technologistMonthHours.caseId, [...caseIds]));
  for (const rows of chunks(caseRows)) await db.insert(caseMonthHours).values(rows);
  for (const rows of chunks(technologistRows)) await db.insert(technologistMonthHours).values(rows);
}

/** Recomputes the hours of every case of the client (its time zone changed). */
export async function refreshClientCaseHours(db: DbOrTx, clientId: number): Promise<void> {
  const rows = await db.select({ id: cases.id }).from(cases).where(eq(cases.clientId, clientId));
  await refreshCaseHours(
    db,
    rows.map((row) => row.id),
  );
}

/** Computes the hours of every case marked pending (by a migration or a bulk load); answers how many. */
export async function refreshPendingCaseHours(db: Db, batch = 2000): Promise<number> {
  let done = 0;
  for (;;) {
    const count = await db.transaction(async (tx) => {
      const pending = await tx
        .select({ caseId: caseHoursPending.caseId })
        .from(caseHoursPending)
        .orderBy(caseHoursPending.caseId)
        .limit(batch);
      const caseIds = pending.map((row) => row.caseId);
      if (caseIds.length === 0) return 0;
      await refreshCaseHours(tx, caseIds);
      await tx.delete(caseHoursPending).where(inArray(caseHoursPending.caseId, caseIds));
      return caseIds.length;
    });
    if (count === 0) return done;
    done += count;
  }
}

/** The cases (of the client, when given) with a running log: their hours are counted live. */
export async function runningCaseIds(db: DbOrTx, clientId?: number): Promise<number[]> {
  const query = preparedOnce(
    db,
    clientId === undefined ? 'running cases' : 'running cases of client',
    (name) => {
      const running = and(isNull(caseTimeLogs.endAt), not(caseTimeLogs.voided));
      const logs = db.selectDistinct({ caseId: caseTimeLogs.caseId }).from(caseTimeLogs);
      // Joined to the cases only for one client's: the running logs of all clients need no case.
      return (
        clientId === undefined
          ? logs.where(running)
          : logs
              .innerJoin(
                cases,
                and(eq(cases.id, caseTimeLogs.caseId), eq(cases.clientId, sql.placeholder('clientId'))),
              )
              .where(running)
      ).prepare(name);
    },
  );
  const rows = await query.execute({ clientId });
  return rows.map((row) => row.caseId);
}

/**
 * The hours of the cases with a running log, counted live: a running log counts up to the earliest of now,
 * the recording end (+ 4 h for a takedown) and its start + `maxOpenLogHours` (DESIGN §4 "Open logs").
 */
export async function liveCaseHours(
  db: DbOrTx,
  caseIds: readonly number[],
  now: Date,
  maxOpenLogHours = DEFAULT_MAX_OPEN_LOG_HOURS,
) {
  const clock = { now, maxOpenLogHours };
  const { caseRows } = await computeCaseHours(db, caseIds, { clock, technologists: false });
  return { caseRows };
}

/** `column not in (…)`, or nothing when there are none. */
export const exceptCases = (column: AnyPgColumn, caseIds: readonly number[]) =>
  caseIds.length === 0 ? undefined : notInArray(column, [...caseIds]);
