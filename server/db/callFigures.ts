import {
  and,
  between,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { QueryResult } from 'pg';
import { TRIGGER_EVENT_TYPES } from '../../contract/notifications';
import type { CallsOfMonth } from '../domain/turnaroundClocks';
import type { Db } from './database';
import { firstRuleByType } from './notifications';
import { preparedOnce, prepareSql } from './prepared';
import { eventTimesNear } from './reports';
import { callAttempts, caseRecordHeads, cases, clients, protocolRevisions } from './schema';
import { minuteOf, PLANNED_APART } from './subqueries';

/**
 * Each protocol revision's first rule per event type that has minutes, with when the revision is in force
 * (as `revisionInForceSql`, notifications.ts, picks it for one event): from its writing until the earliest
 * writing of a later revision of the client, and before the client's first writing for the cases taken in
 * under it. A few hundred rows, read once per report.
 */
function rulesInForceQuery(db: Db) {
  const p = protocolRevisions;
  const period = db
    .select({
      clientId: p.clientId,
      revision: p.revision,
      until: sql<Date | null>`min(${p.createdAt}) over (partition by ${p.clientId} order by ${p.revision} desc
        rows between unbounded preceding and 1 preceding)`.as('until_at'),
      first: sql<Date>`min(${p.createdAt}) over (partition by ${p.clientId})`.as('first_at'),
    })
    .from(p)
    .where(eq(p.kind, 'protocol'))
    .as('period');
  // Joined from the rules (each has its period), so the plan counts as many rows as there are rules.
  return db
    .select({
      clientId: firstRuleByType.clientId,
      revision: firstRuleByType.revision,
      type: firstRuleByType.type,
      withinMinutes: firstRuleByType.withinMinutes,
      from: sql<Date>`${firstRuleByType.createdAt}`.as('from_at'),
      until: period.until,
      first: period.first,
    })
    .from(firstRuleByType)
    .leftJoin(
      period,
      and(eq(period.clientId, firstRuleByType.clientId), eq(period.revision, firstRuleByType.revision)),
    )
    .where(isNotNull(firstRuleByType.withinMinutes));
}

/** Every event type a notification rule can cover. */
const COVERED_TYPES = [...new Set(Object.values(TRIGGER_EVENT_TYPES).flat())];

/** A row of the critical calls' figures as the driver reads it. */
type FigureRow = {
  client_id: number;
  client_name: string;
  month: string;
  calls: number;
  on_time: number;
  late: number;
  overdue: number;
  pending: number;
  /** float8, or null when no call was reached. */
  median_minutes: number | string | null;
  attempt_count: number;
  escalation_count: number;
};

/**
 * The critical calls' query, built once per shape (every client, or one: `clientId`) with its values as
 * placeholders: `from`, `to` (months), `start`, `end` (event times near them, `eventTimesNear`) and `now`.
 */
function callFiguresQuery(db: Db, oneClient: boolean) {
  const value = sql.placeholder;
  const rules = db.$with('rules_in_force').as(rulesInForceQuery(db));
  // The live events of the covered types near the range, from their latest state, on the index of their
  // types and times (its predicate written as is, so the prepared statement's plan can use it).
  const head = caseRecordHeads;
  const events = db.$with('call_events').as(
    db
      .select({
        itemId: head.itemId,
        clientId: cases.clientId,
        caseRevision: cases.protocolRevision,
        occurredAt: sql<Date>`${head.at}`.as('occurred_at'),
        type: sql<string>`${head.type}`.as('event_type'),
      })
      .from(head)
      .innerJoin(cases, eq(cases.id, head.caseId))
      .where(
        and(
          sql`${head.kind} = 'events' and not ${head.voided}`,
          // The types some rule could cover, on the index; then those the rules do.
          inArray(head.type, COVERED_TYPES),
          gte(head.at, sql`${value('start')}::timestamptz`),
          lt(head.at, sql`${value('end')}::timestamptz`),
          sql`${head.type} in (select ${rules.type} from ${rules})`,
          oneClient ? eq(cases.clientId, value('clientId')) : undefined,
        ),
      )
      .offset(PLANNED_APART),
  );
  const inForce = or(
    and(lte(rules.from, events.occurredAt), or(isNull(rules.until), gt(rules.until, events.occurredAt))),
    and(lt(events.occurredAt, rules.first), eq(rules.revision, events.caseRevision)),
  );
  const reached = sql`a.outcome = 'reached' and a.at >= ${events.occurredAt}`;
  const tried = db
    .select({
      attempts: sql<number>`count(*)`.as('attempts'),
      reachedAt: sql`min(a.at) filter (where ${reached})`.as('reached_at'),
      closedAt: sql`min(a.at) filter (where ${reached} and a.read_back is not false)`.as('closed_at'),
      escalations: sql<number>`count(*) filter (where a.contact_id <> a.previous)`.as('escalations'),
    })
    .from(
      sql`(select a.*, lag(a.contact_id) over (order by a.at, a.id) as previous
        from ${callAttempts} a where a.item_id = ${events.itemId}) a`,
    )
    .as('tried');
  const month = sql<string>`to_char(${events.occurredAt} at time zone ${clients.timeZone}, 'YYYY-MM')`;
  const dueBy = sql`(${events.occurredAt} + ${rules.withinMinutes} * interval '1 minute')`;
  const nowAt = sql`${value('now')}::timestamptz`;
  const count = (where: SQL) => sql<number>`(count(*) filter (where ${where}))::int`;
  // Each figure under its own name: the rows are read as the driver gives them (`callFigures`).
  return db
    .with(rules, events)
    .select({
      clientId: sql<number>`${events.clientId}`.as('client_id'),
      clientName: sql<string>`${clients.name}`.as('client_name'),
      month: month.as('month'),
      calls: sql<number>`count(*)::int`.as('calls'),
      onTime: count(sql`${tried.closedAt} <= ${dueBy}`).as('on_time'),
      late: count(sql`${tried.closedAt} > ${dueBy}`).as('late'),
      overdue: count(sql`${tried.closedAt} is null and ${dueBy} < ${nowAt}`).as('overdue'),
      pending: count(sql`${tried.closedAt} is null and ${dueBy} >= ${nowAt}`).as('pending'),
      medianMinutesToReach: sql<number | null>`percentile_cont(0.5) within group (order by
        ${minuteOf(sql`${tried.reachedAt}`)} - ${minuteOf(sql`${events.occurredAt}`)})`.as('median_minutes'),
      attempts: sql<number>`sum(${tried.attempts})::int`.as('attempt_count'),
      escalations: sql<number>`sum(${tried.escalations})::int`.as('escalation_count'),
    })
    .from(events)
    .innerJoin(clients, eq(clients.id, events.clientId))
    .innerJoin(rules, and(eq(rules.clientId, events.clientId), eq(rules.type, events.type), inForce))
    .crossJoinLateral(tried)
    .where(between(month, value('from'), value('to')))
    .groupBy(events.clientId, clients.name, month)
    .orderBy(clients.name, events.clientId, month);
}

/**
 * The critical calls per client and month of `from`..`to` (YYYY-MM, the clients' own months of the events),
 * optionally of one client, counted by the database (DESIGN §4 "Reports"). A call is a live event that the
 * first matching rule of its protocol revision in force covers (contract `ruleForEventType`); it closed at
 * its first attempt that reached someone with read-back (or read-back unknown) at or after the event
 * (`closingAttempt`): on time by the event + the rule's minutes, late after; not closed, it is overdue past
 * that time and pending before. The median minutes to reach are from the event to its first reached attempt
 * (`firstReached`), on the minute grid; an escalation is an attempt whose contact differs from the one
 * before it in call order (`escalationCount`).
 *
 * Planned for volume: the rules in force are read once per protocol revision, the live events near the
 * range of a type some rule covers (on the index of their types and times) are found with their case first
 * (a fence, `offset 0`), then matched to their rule in one hash join, and only the calls' attempts are read.
 * The query is built and prepared once (`preparedOnce`), and its rows are read as the driver gives them.
 */
export async function callFigures(
  db: Db,
  range: { clientId?: number; from: string; to: string },
  now: Date,
): Promise<CallsOfMonth[]> {
  const oneClient = range.clientId !== undefined;
  const query = preparedOnce(db, `call figures${oneClient ? ' of client' : ''}`, (name) =>
    prepareSql(db, callFiguresQuery(db, oneClient).getSQL().inlineParams(), name),
  );
  const { start, end } = eventTimesNear(range);
  const { rows } = (await query.execute({
    ...range,
    start,
    end,
    now: now.toISOString(),
  })) as unknown as QueryResult<FigureRow>;
  return rows.map((row) => {
    const due = row.on_time + row.late + row.overdue;
    const median = row.median_minutes;
    return {
      clientId: row.client_id,
      clientName: row.client_name,
      month: row.month,
      calls: {
        calls: row.calls,
        onTime: row.on_time,
        late: row.late,
        overdue: row.overdue,
        pending: row.pending,
        medianMinutesToReach: median === null ? null : Number(median),
        attempts: row.attempt_count,
        escalations: row.escalation_count,
        due,
        onTimePercent: due === 0 ? null : Math.round((row.on_time / due) * 1000) / 10,
        attemptsPerCall: Math.round((row.attempt_count / row.calls) * 100) / 100,
      },
    };
  });
}
