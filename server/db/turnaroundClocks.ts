import { and, between, eq, gte, inArray, isNotNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { QueryResult } from 'pg';
import { MINUTE_MS } from '../../contract/hours';
import { DEFAULT_REPORT_TURNAROUND_HOURS } from '../../contract/reportsDue';
import {
  type Clock,
  type ClockCase,
  DEFAULT_TURNAROUND_TARGETS,
  type Order,
  type OrderInput,
  type OrderPriority,
  type TurnaroundTargets,
} from '../../contract/turnaround';
import { nearestClock } from '../../contract/turnaroundRules';
import { type OrdersOfMonth, turnaroundClocks } from '../domain/turnaroundClocks';
import { caseProtocolRevision, patientName } from './caseChecks';
import type { Db } from './database';
import { preparedOnce, prepareSql, withConstantsInline } from './prepared';
import {
  caseActions,
  casePatients,
  caseRecordHeads,
  cases,
  caseTimeLogs,
  clients,
  protocolRevisions,
} from './schema';
import { minuteOf, PLANNED_APART, subquery } from './subqueries';
import type { DbOrTx } from './transaction';

/**
 * What a case's turnaround clocks are reckoned from (DESIGN §4 turn 4), as columns of a query over `cases`:
 * its order, the targets of the protocol revision it runs under, and the first hookup, review and
 * signatures. Each is a scalar subquery on an index (one case's logs, actions, interpretations).
 */

const targetsOfCase = sql<TurnaroundTargets | null>`(select ${protocolRevisions.turnaroundTargets}
  from ${protocolRevisions}
  where ${protocolRevisions.clientId} = ${cases.clientId} and ${protocolRevisions.kind} = 'protocol'
    and ${protocolRevisions.revision} = ${cases.protocolRevision})`;

const reportHoursOfCase = sql<number | null>`(select ${protocolRevisions.reportTurnaroundHours}
  from ${protocolRevisions}
  where ${protocolRevisions.clientId} = ${cases.clientId} and ${protocolRevisions.kind} = 'protocol'
    and ${protocolRevisions.revision} = ${cases.protocolRevision})`;

const firstHookupAt = sql<Date | null>`(select min(${caseTimeLogs.startAt}) from ${caseTimeLogs}
  where ${caseTimeLogs.caseId} = ${cases.id} and ${caseTimeLogs.activity} = 'hookup' and not ${caseTimeLogs.voided})`;

const firstReviewedAt = sql<Date | null>`(select min(${caseActions.at}) from ${caseActions}
  where ${caseActions.caseId} = ${cases.id} and ${caseActions.kind} = 'reviewed')`;

const head = alias(caseRecordHeads, 'signed_head');
/**
 * The first signature of the case's live signed interpretations, of any kind or of the kinds given: from
 * their latest state (`case_record_heads`, whose time is the signature's while signed).
 */
function firstSigned(kinds?: readonly string[]) {
  return sql<Date | string | null>`(select min(${head.at}) from ${caseRecordHeads} ${head}
    where ${head.caseId} = ${cases.id} and ${head.kind} = 'interpretations' and not ${head.voided}
      and ${head.at} is not null${kinds ? sql` and ${head.type} in ${kinds}` : sql``})`;
}

export const clockColumns = {
  orderedAt: cases.orderedAt,
  orderPriority: cases.orderPriority,
  placerOrderNumber: cases.placerOrderNumber,
  orderingProvider: cases.orderingProvider,
  orderingProviderPhone: cases.orderingProviderPhone,
  orderReason: cases.orderReason,
  turnaroundTargets: targetsOfCase,
  reportTurnaroundHours: reportHoursOfCase,
  firstHookupAt,
  firstReviewedAt,
  firstSignedAt: firstSigned(),
  // A signed final speaks for the preliminary too when it comes first.
  firstPrelimSignedAt: firstSigned(['prelim', 'final']),
};

type Instant = Date | string | null;
export type ClockColumns = {
  orderedAt: Date | null;
  orderPriority: string | null;
  placerOrderNumber: string | null;
  orderingProvider: string | null;
  orderingProviderPhone: string | null;
  orderReason: string | null;
  turnaroundTargets: TurnaroundTargets | string | null;
  reportTurnaroundHours: number | null;
  firstHookupAt: Instant;
  firstReviewedAt: Instant;
  firstSignedAt: Instant;
  firstPrelimSignedAt: Instant;
};

/** What `clocksOf` reckons from: the columns above but the order's own details. */
type ClockInputs = Omit<
  ClockColumns,
  'placerOrderNumber' | 'orderingProvider' | 'orderingProviderPhone' | 'orderReason'
>;

const isoOf = (value: Instant) => (value === null ? null : new Date(value).toISOString());

/** The order as the API answers it: null when the case has none (no time, priority or placer number). */
export function orderOf(read: ClockColumns): Order | null {
  if (read.orderedAt === null && read.orderPriority === null && read.placerOrderNumber === null) return null;
  return {
    orderedAt: isoOf(read.orderedAt),
    priority: read.orderPriority as OrderPriority | null,
    orderingPhysician: { name: read.orderingProvider ?? '', phone: read.orderingProviderPhone ?? '' },
    indication: read.orderReason ?? '',
    placerOrderNumber: read.placerOrderNumber,
  };
}

/** An instant as milliseconds: the driver reads a time as a Date (as text, on some drivers). */
const msOf = (value: Instant) =>
  value === null ? null : value instanceof Date ? value.getTime() : Date.parse(value);

/** The case's clocks now, from the columns above and its row. */
export function clocksOf(
  read: ClockInputs,
  row: { recordingStart: Date | string | null; stage: string },
  now: Date,
): Clock[] {
  const targets =
    typeof read.turnaroundTargets === 'string' ? JSON.parse(read.turnaroundTargets) : read.turnaroundTargets;
  return turnaroundClocks(
    {
      orderedAt: msOf(read.orderedAt),
      priority: read.orderPriority as OrderPriority | null,
      targets,
      reportTurnaroundHours:
        read.reportTurnaroundHours === null
          ? DEFAULT_REPORT_TURNAROUND_HOURS
          : Number(read.reportTurnaroundHours),
      firstHookupAt: msOf(read.firstHookupAt),
      recordingStart: msOf(row.recordingStart),
      firstReviewedAt: msOf(read.firstReviewedAt),
      firstSignedAt: msOf(read.firstSignedAt),
      firstPrelimSignedAt: msOf(read.firstPrelimSignedAt),
      closed: row.stage === 'closed',
    },
    now,
  );
}

const defaults = JSON.stringify(DEFAULT_TURNAROUND_TARGETS);
const targetMinutes = (key: 'orderToHookupMinutes' | 'hookupToFirstReviewMinutes') =>
  sql`((coalesce(${targetsOfCase}, ${defaults}::jsonb) -> ${cases.orderPriority} ->> ${key})::int * interval '1 minute')`;

/**
 * The due time of the case's order clock nearest to breach, for sorting (the intake list, the board): the
 * hookup's while it runs, then the first review's; null without an order, once both are met, or closed.
 */
export const clockDueBy = sql<Date | null>`(case
  when ${cases.orderedAt} is null or ${cases.orderPriority} is null or ${cases.stage} = 'closed' then null
  when coalesce(${firstHookupAt}, ${cases.recordingStart}) is null then ${cases.orderedAt} + ${targetMinutes('orderToHookupMinutes')}
  when ${firstReviewedAt} is null and ${firstSigned()} is null
    then coalesce(${firstHookupAt}, ${cases.recordingStart}) + ${targetMinutes('hookupToFirstReviewMinutes')}
  else null end)`;

/** The case columns an order sent by hand is kept in (the hospital interface fills the same ones). */
export function orderColumns(order: OrderInput | null) {
  return {
    orderedAt: order ? new Date(order.orderedAt) : null,
    orderPriority: order?.priority ?? null,
    orderingProvider: order?.orderingPhysician.name || null,
    orderingProviderPhone: order?.orderingPhysician.phone || null,
    orderReason: order?.indication || null,
    placerOrderNumber: order?.placerOrderNumber || null,
  };
}

/** A row of `ordersOfMonths` as the driver reads it. */
type OrdersRow = {
  client_id: number;
  client_name: string;
  month: string;
  priority: string;
  orders: number;
  hookup_measured: number;
  hookup_met: number;
  hookup_median: number | string | null;
  review_measured: number;
  review_met: number;
  review_median: number | string | null;
};

/**
 * `ordersOfMonths`' query, built once per shape (every client, or one: `clientId`) with its values as
 * placeholders: `from`, `to` (months), `start`, `end` (order times a day wider) and `nowMinute`.
 */
function ordersOfMonthsQuery(db: Db, oneClient: boolean) {
  const value = sql.placeholder;
  const orderMonth = sql<string>`to_char(${cases.orderedAt} at time zone ${clients.timeZone}, 'YYYY-MM')`;
  const targets = sql`(coalesce(${protocolRevisions.turnaroundTargets}, ${defaults}::jsonb) -> ${cases.orderPriority})`;
  const ordered = db
    .select({
      clientId: sql<number>`${cases.clientId}`.as('client_id'),
      clientName: sql<string>`${clients.name}`.as('client_name'),
      month: orderMonth.as('month'),
      priority: sql<string>`${cases.orderPriority}`.as('priority'),
      // Instants as whole minutes of the grid: a due time is the order's (or the hookup's) minute plus the
      // target's minutes, and every span below is whole minutes of integers.
      orderedMinute: sql<number>`${minuteOf(sql`${cases.orderedAt}`)}`.as('ordered_minute'),
      hookupMinute: sql<
        number | null
      >`${minuteOf(sql`coalesce(${firstHookupAt}, ${cases.recordingStart})`)}`.as('hookup_minute'),
      // least() passes over nulls: the earlier of the two, or the one there is.
      reviewedMinute: sql<number | null>`${minuteOf(sql`least(${firstReviewedAt}, ${firstSigned()})`)}`.as(
        'reviewed_minute',
      ),
      hookupTarget: sql`(${targets} ->> 'orderToHookupMinutes')::int`.as('hookup_target'),
      reviewTarget: sql`(${targets} ->> 'hookupToFirstReviewMinutes')::int`.as('review_target'),
      closed: sql<boolean>`${cases.stage} = 'closed'`.as('closed'),
    })
    .from(cases)
    .innerJoin(clients, eq(clients.id, cases.clientId))
    .leftJoin(
      protocolRevisions,
      and(
        eq(protocolRevisions.clientId, cases.clientId),
        eq(protocolRevisions.kind, 'protocol'),
        eq(protocolRevisions.revision, cases.protocolRevision),
      ),
    )
    .where(
      and(
        isNotNull(cases.orderPriority),
        gte(cases.orderedAt, sql`${value('start')}::timestamptz`),
        lt(cases.orderedAt, sql`${value('end')}::timestamptz`),
        between(orderMonth, value('from'), value('to')),
        oneClient ? eq(cases.clientId, value('clientId')) : undefined,
      ),
    )
    // Planned on its own: merged into the counts, each first-time subquery would run once per use.
    .offset(PLANNED_APART)
    .as('ordered');
  const nowMinute = sql`${value('nowMinute')}::int`;
  const { orderedMinute: o, hookupMinute: h, reviewedMinute: r } = ordered;
  const hookupLate = sql`greatest(coalesce(${h}, ${nowMinute}) - (${o} + ${ordered.hookupTarget}), 0)`;
  const reviewLate = sql`greatest(coalesce(${r}, ${nowMinute}) - (${h} + ${ordered.reviewTarget}), 0)`;
  const hooked = sql`${h} is not null`;
  const reviewed = sql`${hooked} and ${r} is not null`;
  const count = (where: SQL) => sql<number>`(count(*) filter (where ${where}))::int`;
  const medianOf = (interval: SQL) =>
    sql<number | null>`percentile_cont(0.5) within group (order by ${interval})`;
  // Read as the driver's rows, each figure under its own name: drizzle's mapping of every field of every
  // row cost more CPU than building and sending the query.
  return db
    .select({
      clientId: ordered.clientId,
      clientName: ordered.clientName,
      month: ordered.month,
      priority: ordered.priority,
      orders: sql<number>`count(*)::int`.as('orders'),
      hookupMeasured: count(sql`${hooked} or (not ${ordered.closed} and ${hookupLate} > 0)`).as(
        'hookup_measured',
      ),
      hookupMet: count(sql`${hooked} and ${hookupLate} = 0`).as('hookup_met'),
      hookupMedian: medianOf(sql`case when ${hooked} then greatest(${h} - ${o}, 0) end`).as('hookup_median'),
      reviewMeasured: count(
        sql`${reviewed} or (${hooked} and not ${ordered.closed} and ${reviewLate} > 0)`,
      ).as('review_measured'),
      reviewMet: count(sql`${reviewed} and ${reviewLate} = 0`).as('review_met'),
      reviewMedian: medianOf(sql`case when ${reviewed} then greatest(${r} - ${h}, 0) end`).as(
        'review_median',
      ),
    })
    .from(ordered)
    .groupBy(ordered.clientId, ordered.clientName, ordered.month, ordered.priority);
}

/**
 * The orders (with a time and a priority) of a client or all placed in the months `from`..`to` of the
 * client's zone, counted per client, month and priority by the database with the rules of the clocks
 * (`turnaroundClocks`, domain): the monthly turnaround report's input (DESIGN §4 "Reports"). A clock is
 * measured when it was met, or when it runs breached; met when met by its due time (late by less than a
 * grid minute is on time); a closed case's clock never met is not counted. The first review starts at the
 * hookup, so only a hooked-up case has one. Medians are of the intervals that ended (order → hookup, hookup
 * → first review) on the minute grid. The targets come from one join with the protocol revisions.
 * The query is built and prepared once (`preparedOnce`), and its rows are read as the driver gives them.
 */
export async function ordersOfMonths(
  db: Db,
  range: { clientId?: number; from: string; to: string },
  now: Date,
): Promise<OrdersOfMonth[]> {
  const oneClient = range.clientId !== undefined;
  const query = preparedOnce(db, `orders of months${oneClient ? ' of client' : ''}`, (name) =>
    prepareSql(db, ordersOfMonthsQuery(db, oneClient).getSQL().inlineParams(), name),
  );
  const [year, month] = range.to.split('-').map(Number) as [number, number];
  // A day wider each side: the client's zone decides the month.
  const start = new Date(Date.parse(`${range.from}-01T00:00:00Z`) - 86_400_000);
  const end = new Date(Date.UTC(year, month, 2));
  const { rows } = (await query.execute({
    ...range,
    start: start.toISOString(),
    end: end.toISOString(),
    nowMinute: Math.floor(now.getTime() / MINUTE_MS),
  })) as unknown as QueryResult<OrdersRow>;
  const medianOrNull = (value: number | string | null) => (value === null ? null : Number(value));
  return rows.map((row) => ({
    clientId: row.client_id,
    clientName: row.client_name,
    month: row.month,
    priority: row.priority as OrderPriority,
    orders: row.orders,
    hookup: {
      measured: row.hookup_measured,
      met: row.hookup_met,
      medianMinutes: medianOrNull(row.hookup_median),
    },
    firstReview: {
      measured: row.review_measured,
      met: row.review_met,
      medianMinutes: medianOrNull(row.review_median),
    },
  }));
}

/**
 * The case's first signatures, of any kind and of a preliminary or final, in one pass over its signed
 * interpretations' latest states (`firstSigned` above looks them up once for each).
 */
const signedOfCase = subquery
  .select({
    firstSignedAt: sql<Instant>`min(${head.at})`.as('first_signed_at'),
    firstPrelimSignedAt: sql<Instant>`min(${head.at}) filter (where ${head.type} in ('prelim', 'final'))`.as(
      'first_prelim_signed_at',
    ),
  })
  .from(head)
  .where(
    and(
      eq(head.caseId, cases.id),
      eq(head.kind, 'interpretations'),
      sql`not ${head.voided}`,
      isNotNull(head.at),
    ),
  )
  .as('signed_of_case');

/**
 * The running clocks' query, built once and prepared: `now` is applied to its rows, not sent. It reads only
 * what the clocks are reckoned from (not the order's provider, reason or placer number), the protocol
 * revision joined once for both its targets, and both first signatures in one lookup.
 */
const runningClocksQuery = (db: DbOrTx) =>
  preparedOnce(db, 'running clock cases', (name) =>
    withConstantsInline(
      db
        .select({
          id: cases.id,
          caseNumber: cases.caseNumber,
          stage: cases.stage,
          clientName: clients.name,
          clientTimeZone: clients.timeZone,
          patientName: sql<string>`coalesce(${patientName}, '')`,
          recordingStart: cases.recordingStart,
          orderedAt: cases.orderedAt,
          orderPriority: cases.orderPriority,
          turnaroundTargets: sql<TurnaroundTargets | null>`${protocolRevisions.turnaroundTargets}`,
          reportTurnaroundHours: sql<number | null>`${protocolRevisions.reportTurnaroundHours}`,
          firstHookupAt,
          firstReviewedAt,
          firstSignedAt: signedOfCase.firstSignedAt,
          firstPrelimSignedAt: signedOfCase.firstPrelimSignedAt,
        })
        .from(cases)
        .innerJoin(clients, eq(clients.id, cases.clientId))
        .leftJoin(casePatients, eq(casePatients.caseId, cases.id))
        .leftJoin(protocolRevisions, caseProtocolRevision)
        .leftJoinLateral(signedOfCase, sql`true`)
        .where(
          and(
            inArray(cases.stage, ['intake', 'monitoring']),
            or(isNotNull(cases.orderedAt), isNotNull(cases.recordingStart)),
          ),
        ),
    ).prepare(name),
  );

/**
 * The active cases (intake, monitoring) with a running clock, the one nearest to breach first: the board's
 * turnaround list. Only cases with an order or a recording start can run one.
 */
export async function runningClockCases(db: DbOrTx, now: Date): Promise<ClockCase[]> {
  const rows = await runningClocksQuery(db).execute();
  // Each case's nearest due time read once, not once per comparison of the sort.
  const running: { item: ClockCase; due: number }[] = [];
  for (const row of rows) {
    const clocks = clocksOf(row, row, now);
    const nearest = nearestClock(clocks);
    if (!nearest) continue;
    running.push({
      item: {
        id: row.id,
        caseNumber: row.caseNumber,
        stage: row.stage as ClockCase['stage'],
        clientName: row.clientName,
        clientTimeZone: row.clientTimeZone,
        patientName: row.patientName,
        priority: row.orderPriority as OrderPriority | null,
        nearest,
        clocks,
      },
      due: Date.parse(nearest.dueBy),
    });
  }
  return running.sort((a, b) => a.due - b.due || a.item.id - b.item.id).map(({ item }) => item);
}
