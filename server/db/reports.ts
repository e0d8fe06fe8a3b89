import { sql } from 'drizzle-orm';
import { addMonths } from '../../contract/billing';
import type { NotificationRule } from '../../contract/clients';
import { HOUR_MS, openLogEnd } from '../../contract/hours';
import { DEFAULT_MAX_OPEN_LOG_HOURS } from '../../contract/timeLogs';
import { technologistMinutesByMonth, type ZonedSpan } from '../domain/billing/months';
import type { NotifiableEventRow } from '../domain/notifications';
import type { StoredFigures } from './billing';
import { exceptCases, liveCaseHours, runningCaseIds } from './caseHours';
import { eventsUnderProtocol } from './notifications';
import type { DbOrTx } from './transaction';

/** The reports' reads (DESIGN §8 "Billing and reports"): stored cycles of a range, monitoring hours. */

type Range = { clientId?: number; from: string; to: string };

const ofClient = (clientId: number | undefined) =>
  clientId === undefined ? sql`` : sql`and client_id = ${clientId}`;

/** The stored cycles of the months in range, keyed `${clientId} ${month}`. */
export async function cyclesInRange(db: DbOrTx, { clientId, from, to }: Range) {
  // Only what the figures need: the summary reads a cycle for every client and month of the range.
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    select client_id, month, status, rate, frozen_minutes, frozen_adjust_minutes, frozen_cases
    from billing_cycles where month between ${from} and ${to} ${ofClient(clientId)}`);
  const number = (value: unknown) => (value === null ? null : Number(value));
  return new Map<string, StoredFigures & { clientId: number }>(
    rows.map((row) => [
      `${row.client_id} ${row.month}`,
      {
        clientId: Number(row.client_id),
        status: row.status as StoredFigures['status'],
        rate: row.rate === null ? null : String(row.rate),
        frozenMinutes: number(row.frozen_minutes),
        frozenAdjustMinutes: number(row.frozen_adjust_minutes),
        frozenCases: number(row.frozen_cases),
      },
    ]),
  );
}

export async function clientNames(db: DbOrTx, clientIds: readonly number[]) {
  if (clientIds.length === 0) return new Map<number, { name: string; code: string }>();
  const { rows } = await db.execute<{ id: number; name: string; code: string }>(sql`
    select id, name, code from clients where id in ${clientIds}`);
  return new Map(rows.map((row) => [Number(row.id), { name: row.name, code: row.code }]));
}

/** Every zone is within 14 h of UTC: a margin that holds every local month of the range. */
const ZONE_MARGIN_MS = 14 * HOUR_MS;

/**
 * Each technologist's monitoring minutes per month (of the client's cases, when given): the union of their
 * logs, counted at query time since a per-case row cannot tell how a technologist's patients overlap. The
 * database joins each technologist's closed logs of one zone into islands on the minute grid (few rows, even
 * for a year of logs); running logs are added capped as they bill; months are the clients' local months
 * (`technologistMinutesByMonth`).
 */
export async function monitoringByTechnologist(
  db: DbOrTx,
  range: Range,
  now: Date,
  maxOpenLogHours = DEFAULT_MAX_OPEN_LOG_HOURS,
) {
  const low = new Date(Date.parse(`${range.from}-01T00:00:00Z`) - ZONE_MARGIN_MS);
  const high = new Date(Date.parse(`${addMonths(range.to, 1)}-01T00:00:00Z`) + ZONE_MARGIN_MS);
  const inRange = sql`log.start_at < ${high} and not log.voided
    ${range.clientId === undefined ? sql`` : sql`and c.client_id = ${range.clientId}`}`;
  // One after another: `db` may be a transaction, whose one connection runs one query at a time.
  const islands = await db.execute<{
    technologist: string;
    time_zone: string;
    start_at: string;
    end_at: string;
  }>(sql`
    with spans as (
      select log.technologist, client.time_zone,
        date_trunc('minute', log.start_at) as start_at, date_trunc('minute', log.end_at) as end_at
      from case_time_logs log join cases c on c.id = log.case_id join clients client on client.id = c.client_id
      where log.end_at > ${low} and ${inRange}
    ), marked as (
      select *, case when start_at <= max(end_at) over (partition by technologist, time_zone order by start_at, end_at
        rows between unbounded preceding and 1 preceding) then 0 else 1 end as opens
      from spans where end_at > start_at
    ), numbered as (
      select *, sum(opens) over (partition by technologist, time_zone order by start_at, end_at
        rows unbounded preceding) as island
      from marked
    )
    select technologist, time_zone, min(start_at) as start_at, max(end_at) as end_at
    from numbered group by technologist, time_zone, island`);
  const running = await db.execute<{
    technologist: string;
    time_zone: string;
    start_at: string;
    recording_end: string | null;
  }>(sql`
    select log.technologist, client.time_zone, log.start_at, c.recording_end
    from case_time_logs log join cases c on c.id = log.case_id join clients client on client.id = c.client_id
    where log.end_at is null and ${inRange}`);
  const spans: ZonedSpan[] = islands.rows.map((row) => ({
    technologist: row.technologist,
    timeZone: row.time_zone,
    start: new Date(row.start_at).getTime(),
    end: new Date(row.end_at).getTime(),
  }));
  for (const row of running.rows) {
    const start = new Date(row.start_at).getTime();
    const recordingEnd = row.recording_end === null ? null : new Date(row.recording_end).getTime();
    const end = openLogEnd(start, { now: now.getTime(), recordingEnd, maxOpenLogHours });
    spans.push({ technologist: row.technologist, timeZone: row.time_zone, start, end });
  }
  return technologistMinutesByMonth(spans).filter((row) => row.month >= range.from && row.month <= range.to);
}

/** A client's cases' monitoring minutes per month (the union of all each case's logs). */
export async function monitoringByCase(
  db: DbOrTx,
  range: Range & { clientId: number },
  now: Date,
  maxOpenLogHours?: number,
) {
  const live = await runningCaseIds(db, range.clientId);
  const { rows } = await db.execute<{
    case_id: number;
    case_number: string;
    month: string;
    minutes: number;
  }>(sql`
    select h.case_id, c.case_number, h.month, h.monitoring_minutes as minutes
    from case_month_hours h join cases c on c.id = h.case_id
    where h.client_id = ${range.clientId} and h.month between ${range.from} and ${range.to}
      and h.monitoring_minutes > 0 ${exceptCases('h.case_id', live)}`);
  const result = rows.map((row) => ({
    caseId: Number(row.case_id),
    caseNumber: row.case_number,
    month: row.month,
    minutes: Number(row.minutes),
  }));
  const { caseRows } = await liveCaseHours(db, live, now, maxOpenLogHours);
  const liveNumbers = await caseNumbers(db, live);
  for (const row of caseRows) {
    if (row.month < range.from || row.month > range.to || row.monitoringMinutes === 0) continue;
    result.push({
      caseId: row.caseId,
      caseNumber: liveNumbers.get(row.caseId) ?? '',
      month: row.month,
      minutes: row.monitoringMinutes,
    });
  }
  return result.sort((a, b) => a.caseNumber.localeCompare(b.caseNumber) || a.month.localeCompare(b.month));
}

async function caseNumbers(db: DbOrTx, caseIds: readonly number[]) {
  if (caseIds.length === 0) return new Map<number, string>();
  const { rows } = await db.execute<{ id: number; case_number: string }>(sql`
    select id, case_number from cases where id in ${caseIds}`);
  return new Map(rows.map((row) => [Number(row.id), row.case_number]));
}

/**
 * The live events of the range's cases under a protocol with notification rules, with the client's zone
 * and those rules (the revision each case runs under), for the notifications per client and month. Read a
 * day wider than the range: the client's month decides.
 */
export async function notifiableEvents(db: DbOrTx, range: Range): Promise<NotifiableEventRow[]> {
  const [year, month] = range.to.split('-').map(Number);
  const start = new Date(Date.parse(`${range.from}-01T00:00:00Z`) - 86_400_000);
  const end = new Date(Date.UTC(year, month, 2));
  const { rows } = await db.execute<{
    client_id: number;
    time_zone: string;
    body: { type: string; occurredAt: string; notifiedAt?: string | null };
    rules: NotificationRule[];
  }>(sql`
    select c.client_id, cl.time_zone, latest.body, p.notification_rules as rules
    from ${eventsUnderProtocol}
    join clients cl on cl.id = c.client_id
    where jsonb_array_length(p.notification_rules) > 0 and not latest.voided
      and (latest.body->>'occurredAt')::timestamptz >= ${start.toISOString()}
      and (latest.body->>'occurredAt')::timestamptz < ${end.toISOString()}
      ${range.clientId === undefined ? sql`` : sql`and c.client_id = ${range.clientId}`}`);
  return rows.map((row) => ({
    clientId: Number(row.client_id),
    timeZone: row.time_zone,
    type: row.body.type,
    occurredAt: row.body.occurredAt,
    notifiedAt: row.body.notifiedAt ?? null,
    rules: row.rules,
  }));
}
