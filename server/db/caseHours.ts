import { inArray, sql } from 'drizzle-orm';
import { openLogEnd } from '../../contract/hours';
import { DEFAULT_MAX_OPEN_LOG_HOURS } from '../../contract/timeLogs';
import {
  type Adjustment,
  type CaseMonth,
  caseMonths,
  type LogSpan,
  type TechnologistMonth,
} from '../domain/billing/caseHours';
import type { Db } from './database';
import { caseHoursPending, caseMonthHours, technologistMonthHours } from './schema';
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
  const { rows } = await db.execute<{
    id: number;
    client_id: number;
    time_zone: string;
    recording_end: Date | string | null;
  }>(sql`
    select c.id, c.client_id, client.time_zone, c.recording_end
    from cases c join clients client on client.id = c.client_id
    where c.id in ${caseIds}`);
  return rows.map((row) => ({
    id: Number(row.id),
    clientId: Number(row.client_id),
    timeZone: row.time_zone,
    recordingEnd: row.recording_end === null ? null : new Date(row.recording_end).getTime(),
  }));
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
  const { rows } = await db.execute<{
    case_id: number;
    technologist: string;
    start_at: Date | string;
    end_at: Date | string | null;
    billable: boolean;
  }>(sql`
    select log.case_id, log.technologist, log.start_at, log.end_at, log.billable
    from case_time_logs log
    where log.case_id in ${zones.map((zone) => zone.id)} and not log.voided
      ${clock ? sql`` : sql`and log.end_at is not null`}`);
  const spans = new Map<number, LogSpan[]>();
  for (const row of rows) {
    const start = new Date(row.start_at).getTime();
    const end =
      row.end_at !== null
        ? new Date(row.end_at).getTime()
        : openLogEnd(start, {
            now: (clock as RunningLogClock).now.getTime(),
            recordingEnd: recordingEnds.get(Number(row.case_id)) ?? null,
            maxOpenLogHours: (clock as RunningLogClock).maxOpenLogHours,
          });
    if (end <= start) continue;
    const span = { technologist: row.technologist, start, end, billable: row.billable };
    pushTo(spans, Number(row.case_id), span);
  }
  return spans;
}

/** The billing notes' adjustments of the cases (each note's latest revision, voided ones left out). */
async function adjustmentsOf(db: DbOrTx, caseIds: readonly number[]) {
  const { rows } = await db.execute<{ case_id: number; month: string; adjust_minutes: number }>(sql`
    select item.case_id, latest.body->>'month' as month, (latest.body->>'adjustMinutes')::int as adjust_minutes
    from case_record_items item
    cross join lateral (
      select body, voided from case_record_revisions revision
      where revision.item_id = item.id order by revision.revision desc limit 1
    ) latest
    where item.case_id in ${caseIds} and item.kind = 'billing-notes' and not latest.voided`);
  const adjustments = new Map<number, Adjustment[]>();
  for (const row of rows) {
    pushTo(adjustments, Number(row.case_id), { month: row.month, adjustMinutes: Number(row.adjust_minutes) });
  }
  return adjustments;
}

export type CaseMonthRow = CaseMonth & { caseId: number; clientId: number };
export type TechnologistMonthRow = TechnologistMonth & { caseId: number; clientId: number };

/** The cases' hours per month from their logs and notes; running logs count up to their cap when given a clock. */
async function computeCaseHours(db: DbOrTx, caseIds: readonly number[], clock?: RunningLogClock) {
  const caseRows: CaseMonthRow[] = [];
  const technologistRows: TechnologistMonthRow[] = [];
  if (caseIds.length === 0) return { caseRows, technologistRows };
  // One after another: `db` may be a transaction, whose one connection runs one query at a time.
  const zones = await zonesOf(db, caseIds);
  if (zones.length === 0) return { caseRows, technologistRows };
  const spans = await spansOf(db, zones, clock);
  const adjustments = await adjustmentsOf(db, caseIds);
  for (const { id, clientId, timeZone } of zones) {
    const { months, technologists } = caseMonths(spans.get(id) ?? [], adjustments.get(id) ?? [], timeZone);
    for (const month of months) caseRows.push({ caseId: id, clientId, ...month });
    for (const month of technologists) technologistRows.push({ caseId: id, clientId, ...month });
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
  const { caseRows, technologistRows } = await computeCaseHours(db, caseIds);
  await db.delete(caseMonthHours).where(inArray(caseMonthHours.caseId, [...caseIds]));
  await db.delete(technologistMonthHours).where(inArray(technologistMonthHours.caseId, [...caseIds]));
  for (const rows of chunks(caseRows)) await db.insert(caseMonthHours).values(rows);
  for (const rows of chunks(technologistRows)) await db.insert(technologistMonthHours).values(rows);
}

/** Recomputes the hours of every case of the client (its time zone changed). */
export async function refreshClientCaseHours(db: DbOrTx, clientId: number): Promise<void> {
  const { rows } = await db.execute<{ id: number }>(sql`select id from cases where client_id = ${clientId}`);
  await refreshCaseHours(
    db,
    rows.map((row) => Number(row.id)),
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
  const { rows } = await db.execute<{ case_id: number }>(sql`
    select distinct log.case_id from case_time_logs log
    ${clientId === undefined ? sql`` : sql`join cases c on c.id = log.case_id and c.client_id = ${clientId}`}
    where log.end_at is null and not log.voided`);
  return rows.map((row) => Number(row.case_id));
}

/**
 * The hours of the cases with a running log, counted live: a running log counts up to the earliest of now,
 * the recording end + 4 h and its start + `maxOpenLogHours` (DESIGN §4 "Open logs").
 */
export const liveCaseHours = (
  db: DbOrTx,
  caseIds: readonly number[],
  now: Date,
  maxOpenLogHours = DEFAULT_MAX_OPEN_LOG_HOURS,
) => computeCaseHours(db, caseIds, { now, maxOpenLogHours });

/** `and case_id not in (…)`, or nothing when there are none. */
export const exceptCases = (column: string, caseIds: readonly number[]) =>
  caseIds.length === 0 ? sql`` : sql`and ${sql.raw(column)} not in ${caseIds}`;
