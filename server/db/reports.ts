import { and, between, eq, gt, gte, inArray, isNull, lt, not, notExists, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { addMonths } from '../../contract/billingMonths';
import { DEFAULT_ESCALATION_MINUTES } from '../../contract/clients';
import { HOUR_MS, openLogEnd } from '../../contract/hours';
import { DEFAULT_MAX_OPEN_LOG_HOURS } from '../../contract/timeLogs';
import { technologistMinutesByMonth, type ZonedSpan } from '../domain/billing/months';
import type { NotifiableEventRow } from '../domain/notifications';
import type { StoredFigures } from './billing';
import { attemptsOfItems } from './callAttempts';
import { exceptCases, liveCaseHours, runningCaseIds } from './caseHours';
import type { Db } from './database';
import { revisionInForceSql } from './notifications';
import { preparedOnce, prepareSql } from './prepared';
import {
  billingCycles,
  caseMonthHours,
  caseRecordItems,
  caseRecordRevisions,
  cases,
  caseTimeLogs,
  clients,
  protocolRevisions,
} from './schema';
import type { DbOrTx } from './transaction';

/** The reports' reads (DESIGN §8 "Billing and reports"): stored cycles of a range, monitoring hours. */

type Range = { clientId?: number; from: string; to: string };

/** The stored cycles of the months in range, keyed `${clientId} ${month}`. */
export async function cyclesInRange(db: DbOrTx, { clientId, from, to }: Range) {
  // Only what the figures need: the summary reads a cycle for every client and month of the range.
  const rows = await db
    .select({
      clientId: billingCycles.clientId,
      month: billingCycles.month,
      status: billingCycles.status,
      rate: billingCycles.rate,
      frozenMinutes: billingCycles.frozenMinutes,
      frozenAdjustMinutes: billingCycles.frozenAdjustMinutes,
      frozenCases: billingCycles.frozenCases,
    })
    .from(billingCycles)
    .where(
      and(
        between(billingCycles.month, from, to),
        clientId === undefined ? undefined : eq(billingCycles.clientId, clientId),
      ),
    );
  return new Map<string, StoredFigures & { clientId: number }>(
    rows.map(({ month, ...row }) => [`${row.clientId} ${month}`, row]),
  );
}

/** A client's month in the hours summary: its cases' stored hours (those without a running log), its cycle. */
export interface SummaryMonth {
  hours?: { minutes: number; adjustMinutes: number; cases: number };
  cycle?: StoredFigures;
}

type SummaryRow = {
  clientId: number;
  name: string;
  code: string;
  month: string;
  /** Sums as PostgreSQL's bigint, in text. */
  billable: string | null;
  adjust: string | null;
  cases: string | null;
  status: StoredFigures['status'] | null;
  rate: string | null;
  frozenMinutes: number | null;
  frozenAdjustMinutes: number | null;
  frozenCases: number | null;
};

/**
 * Every client with stored hours (of the cases not in `live`) or a stored cycle in `months`, with its
 * name and code and each such month's sums and cycle: the database sums the case-month rows and joins the
 * cycles and names, one row per client and month. The running cases' rows are summed apart (by their key)
 * and taken off, so the range's rows are not each looked up among them; a month left with none of its rows
 * is not one of the client's.
 */
export async function summaryMonths(db: Db, months: readonly string[], live: readonly number[]) {
  const query = preparedOnce(db, 'hours summary months', (name) => {
    // The months as a list, not a range: a prepared statement's plan, made once for any values, expects
    // most rows of a list but few of a range, and would read a range through the index a heap page at a time.
    const inMonths = sql`month = any(${sql.placeholder('months')}::text[])`;
    const sums = (where: SQL) => sql`
      select client_id, month, sum(billable_minutes) as billable, sum(adjust_minutes) as adjust,
        count(*) filter (where billable_minutes > 0 or adjust_minutes <> 0) as cases, count(*) as rows
      from ${caseMonthHours}
      where ${inMonths} and ${where}
      group by client_id, month`;
    return prepareSql(
      db,
      sql`
    with every_case as (${sums(sql`true`)}),
    running as (${sums(sql`case_id = any(${sql.placeholder('live')}::int[])`)}),
    stored as (
      select client_id, month, every_case.billable - coalesce(running.billable, 0) as billable,
        every_case.adjust - coalesce(running.adjust, 0) as adjust,
        every_case.cases - coalesce(running.cases, 0) as cases
      from every_case left join running using (client_id, month)
      where every_case.rows > coalesce(running.rows, 0)
    ), cycles as (
      select client_id, month, status, rate::text as rate, frozen_minutes, frozen_adjust_minutes, frozen_cases
      from ${billingCycles}
      where ${inMonths}
    )
    select client.id as "clientId", client.name, client.code, month, stored.billable, stored.adjust,
      stored.cases, cycles.status, cycles.rate, cycles.frozen_minutes as "frozenMinutes",
      cycles.frozen_adjust_minutes as "frozenAdjustMinutes", cycles.frozen_cases as "frozenCases"
    from stored full join cycles using (client_id, month)
    join ${clients} client on client.id = client_id`,
      name,
    );
  });
  const { rows } = (await query.execute({ months: [...months], live: [...live] })) as unknown as {
    rows: SummaryRow[];
  };
  const byClient = new Map<
    number,
    { clientId: number; name: string; code: string; months: Map<string, SummaryMonth> }
  >();
  for (const row of rows) {
    let client = byClient.get(row.clientId);
    if (!client) {
      client = { clientId: row.clientId, name: row.name, code: row.code, months: new Map() };
      byClient.set(row.clientId, client);
    }
    const { status, rate, frozenMinutes, frozenAdjustMinutes, frozenCases } = row;
    client.months.set(row.month, {
      hours:
        row.billable === null
          ? undefined
          : { minutes: Number(row.billable), adjustMinutes: Number(row.adjust), cases: Number(row.cases) },
      cycle: status === null ? undefined : { status, rate, frozenMinutes, frozenAdjustMinutes, frozenCases },
    });
  }
  return [...byClient.values()];
}

export async function clientNames(db: DbOrTx, clientIds: readonly number[]) {
  if (clientIds.length === 0) return new Map<number, { name: string; code: string }>();
  const rows = await db
    .select({ id: clients.id, name: clients.name, code: clients.code })
    .from(clients)
    .where(inArray(clients.id, [...clientIds]));
  return new Map(rows.map(({ id, ...names }) => [id, names]));
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
  const inRange = and(
    lt(caseTimeLogs.startAt, high),
    not(caseTimeLogs.voided),
    range.clientId === undefined ? undefined : eq(cases.clientId, range.clientId),
  );
  const spans = db.$with('spans').as(
    db
      .select({
        technologist: caseTimeLogs.technologist,
        timeZone: clients.timeZone,
        startAt: sql`date_trunc('minute', ${caseTimeLogs.startAt})`.as('start_at'),
        endAt: sql`date_trunc('minute', ${caseTimeLogs.endAt})`.as('end_at'),
      })
      .from(caseTimeLogs)
      .innerJoin(cases, eq(cases.id, caseTimeLogs.caseId))
      .innerJoin(clients, eq(clients.id, cases.clientId))
      .where(and(gt(caseTimeLogs.endAt, low), inRange)),
  );
  /** Over each technologist's spans of one zone (of `of`, spans or marked), in order; `rows` frames it. */
  const inOrder = (of: Record<'technologist' | 'timeZone' | 'startAt' | 'endAt', unknown>, rows: SQL) =>
    sql`over (partition by ${of.technologist}, ${of.timeZone} order by ${of.startAt}, ${of.endAt} ${rows})`;
  const marked = db.$with('marked').as(
    db
      .select({
        technologist: spans.technologist,
        timeZone: spans.timeZone,
        startAt: spans.startAt,
        endAt: spans.endAt,
        opens: sql`case when ${spans.startAt} <= max(${spans.endAt}) ${inOrder(
          spans,
          sql`rows between unbounded preceding and 1 preceding`,
        )} then 0 else 1 end`.as('opens'),
      })
      .from(spans)
      .where(gt(spans.endAt, spans.startAt)),
  );
  const numbered = db.$with('numbered').as(
    db
      .select({
        technologist: marked.technologist,
        timeZone: marked.timeZone,
        startAt: marked.startAt,
        endAt: marked.endAt,
        island: sql`sum(${marked.opens}) ${inOrder(marked, sql`rows unbounded preceding`)}`.as('island'),
      })
      .from(marked),
  );
  // One after another: `db` may be a transaction, whose one connection runs one query at a time.
  const islands = await db
    .with(spans, marked, numbered)
    .select({
      technologist: numbered.technologist,
      timeZone: numbered.timeZone,
      start: sql`min(${numbered.startAt})`.mapWith(caseTimeLogs.startAt),
      end: sql`max(${numbered.endAt})`.mapWith(caseTimeLogs.startAt),
    })
    .from(numbered)
    .groupBy(numbered.technologist, numbered.timeZone, numbered.island);
  const running = await db
    .select({
      technologist: caseTimeLogs.technologist,
      timeZone: clients.timeZone,
      start: caseTimeLogs.startAt,
      activity: caseTimeLogs.activity,
      recordingEnd: cases.recordingEnd,
    })
    .from(caseTimeLogs)
    .innerJoin(cases, eq(cases.id, caseTimeLogs.caseId))
    .innerJoin(clients, eq(clients.id, cases.clientId))
    .where(and(isNull(caseTimeLogs.endAt), inRange));
  const zonedSpans: ZonedSpan[] = islands.map((row) => ({
    ...row,
    start: row.start.getTime(),
    end: row.end.getTime(),
  }));
  for (const row of running) {
    const start = row.start.getTime();
    const recordingEnd = row.recordingEnd?.getTime() ?? null;
    const end = openLogEnd(
      { start, activity: row.activity },
      { now: now.getTime(), recordingEnd, maxOpenLogHours },
    );
    zonedSpans.push({ technologist: row.technologist, timeZone: row.timeZone, start, end });
  }
  return technologistMinutesByMonth(zonedSpans).filter(
    (row) => row.month >= range.from && row.month <= range.to,
  );
}

/** A client's cases' monitoring minutes per month (the union of all each case's logs). */
export async function monitoringByCase(
  db: DbOrTx,
  range: Range & { clientId: number },
  now: Date,
  maxOpenLogHours?: number,
) {
  const live = await runningCaseIds(db, range.clientId);
  const result = await db
    .select({
      caseId: caseMonthHours.caseId,
      caseNumber: cases.caseNumber,
      month: caseMonthHours.month,
      minutes: caseMonthHours.monitoringMinutes,
    })
    .from(caseMonthHours)
    .innerJoin(cases, eq(cases.id, caseMonthHours.caseId))
    .where(
      and(
        eq(caseMonthHours.clientId, range.clientId),
        between(caseMonthHours.month, range.from, range.to),
        gt(caseMonthHours.monitoringMinutes, 0),
        exceptCases(caseMonthHours.caseId, live),
      ),
    );
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
  const rows = await db
    .select({ id: cases.id, caseNumber: cases.caseNumber })
    .from(cases)
    .where(inArray(cases.id, [...caseIds]));
  return new Map(rows.map((row) => [row.id, row.caseNumber]));
}

/** The case's protocol revision in force at the event's time `occurredAt` (a join condition). */
const protocolInForce = (occurredAt: SQL) =>
  and(
    eq(protocolRevisions.clientId, cases.clientId),
    eq(protocolRevisions.kind, 'protocol'),
    eq(
      protocolRevisions.revision,
      revisionInForceSql(sql`${cases.clientId}`, sql`${cases.protocolRevision}`, occurredAt),
    ),
  );

/**
 * The event times (ISO text) near `range`: two days wider each side than the range, as the client's month
 * decides and a time written with an offset (the API writes UTC) differs from its instant by at most 14
 * hours.
 */
export function eventTimesNear(range: Range) {
  const [year, month] = range.to.split('-').map(Number);
  const start = new Date(Date.parse(`${range.from}-01T00:00:00Z`) - 2 * 86_400_000);
  const end = new Date(Date.UTC(year, month, 3));
  return { start: start.toISOString(), end: end.toISOString() };
}

/**
 * The live latest revisions (of `caseRecordRevisions`) whose event time (ISO text, on its index) is from
 * `start` (inclusive) to `end`: of those, each event's latest revision.
 */
function latestEventRevisionsBetween(db: DbOrTx, start: string, end: string) {
  const latest = caseRecordRevisions;
  const occurredText = sql`${latest.body}->>'occurredAt'`;
  const later = alias(caseRecordRevisions, 'later');
  return and(
    gte(occurredText, start),
    lt(occurredText, end),
    not(latest.voided),
    notExists(
      db
        .select({ one: sql`1` })
        .from(later)
        .where(and(eq(later.itemId, latest.itemId), gt(later.revision, latest.revision))),
    ),
  );
}

/**
 * The live latest revisions whose event time is near `range` (`eventTimesNear`). The reader keeps the
 * months of the range.
 */
function latestEventRevisionsNear(db: DbOrTx, range: Range) {
  const { start, end } = eventTimesNear(range);
  return latestEventRevisionsBetween(db, start, end);
}

/**
 * The live events of the range's cases under a protocol with notification rules, with the client's zone
 * and those rules (of the revision in force when each event occurred), as a query to read or build on (the
 * notifications per client and month, the critical calls), a little wider than the range.
 */
function notifiableEventsQuery(db: DbOrTx, range: Range) {
  const latest = caseRecordRevisions;
  const occurredAt = sql`(${latest.body}->>'occurredAt')::timestamptz`;
  return db
    .select({
      itemId: caseRecordItems.id,
      clientId: cases.clientId,
      timeZone: clients.timeZone,
      body: latest.body,
      occurredAt: sql<Date>`${occurredAt}`.as('occurred_at'),
      type: sql<string>`${latest.body}->>'type'`.as('type'),
      rules: protocolRevisions.notificationRules,
      escalationMinutes: protocolRevisions.escalationMinutes,
    })
    .from(latest)
    .innerJoin(
      caseRecordItems,
      and(eq(caseRecordItems.id, latest.itemId), eq(caseRecordItems.kind, 'events')),
    )
    .innerJoin(cases, eq(cases.id, caseRecordItems.caseId))
    .innerJoin(protocolRevisions, protocolInForce(occurredAt))
    .innerJoin(clients, eq(clients.id, cases.clientId))
    .where(
      and(
        latestEventRevisionsNear(db, range),
        sql`jsonb_array_length(${protocolRevisions.notificationRules}) > 0`,
        range.clientId === undefined ? undefined : eq(cases.clientId, range.clientId),
      ),
    );
}

/** The rows of `notifiableEventsQuery` with each event's call attempts. */
export async function notifiableEvents(db: DbOrTx, range: Range): Promise<NotifiableEventRow[]> {
  const rows = await notifiableEventsQuery(db, range);
  const attempts = await attemptsOfItems(
    db,
    rows.map((row) => row.itemId),
  );
  return rows.map(({ body, rules, escalationMinutes, occurredAt: _at, type: _type, ...row }) => {
    const event = body as { type: string; occurredAt: string };
    return {
      ...row,
      type: event.type,
      occurredAt: event.occurredAt,
      attempts: attempts.get(row.itemId) ?? [],
      // A protocol with rules, as the where asks.
      rules: rules ?? [],
      escalationMinutes: escalationMinutes ?? DEFAULT_ESCALATION_MINUTES,
    };
  });
}
