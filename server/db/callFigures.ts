import { and, between, eq, gt, isNotNull, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { CallsOfMonth } from '../domain/turnaroundClocks';
import { firstRuleByType } from './notifications';
import { latestEventRevisionsNear } from './reports';
import {
  callAttempts,
  caseRecordItems,
  caseRecordRevisions,
  cases,
  clients,
  protocolRevisions,
} from './schema';
import { minuteOf, PLANNED_APART } from './subqueries';
import type { DbOrTx } from './transaction';

/**
 * Each protocol revision's first rule per event type that has minutes, with when the revision is in force
 * (as `revisionInForceSql`, notifications.ts, picks it for one event): from its writing until the earliest
 * writing of a later revision of the client, and before the client's first writing for the cases taken in
 * under it. A few hundred rows, read once per report.
 */
function rulesInForceQuery(db: DbOrTx) {
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
 * range (on the index of their times) of a type some rule covers are found with their case first (a fence,
 * `offset 0`), then matched to their rule in one hash join, and only the calls' attempts are read.
 */
export async function callFigures(
  db: DbOrTx,
  range: { clientId?: number; from: string; to: string },
  now: Date,
): Promise<CallsOfMonth[]> {
  const rules = db.$with('rules_in_force').as(rulesInForceQuery(db));
  const latest = caseRecordRevisions;
  const type = sql<string>`${latest.body}->>'type'`;
  // `limit 1` keeps the lookup a lateral one on the key (a flattened join would scan every item).
  const item = db
    .select({ caseId: caseRecordItems.caseId })
    .from(caseRecordItems)
    .where(and(eq(caseRecordItems.id, latest.itemId), eq(caseRecordItems.kind, 'events')))
    .limit(1)
    .as('item');
  const events = db.$with('call_events').as(
    db
      .select({
        itemId: latest.itemId,
        clientId: cases.clientId,
        caseRevision: cases.protocolRevision,
        occurredAt: sql<Date>`(${latest.body}->>'occurredAt')::timestamptz`.as('occurred_at'),
        type: type.as('event_type'),
      })
      .from(latest)
      .innerJoinLateral(item, sql`true`)
      .innerJoin(cases, eq(cases.id, item.caseId))
      .where(
        and(
          latestEventRevisionsNear(db, range),
          sql`${type} in (select ${rules.type} from ${rules})`,
          range.clientId === undefined ? undefined : eq(cases.clientId, range.clientId),
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
  const nowAt = sql`${now.toISOString()}::timestamptz`;
  const count = (where: SQL) => sql<number>`(count(*) filter (where ${where}))::int`;
  const rows = await db
    .with(rules, events)
    .select({
      clientId: events.clientId,
      clientName: clients.name,
      month,
      calls: sql<number>`count(*)::int`,
      onTime: count(sql`${tried.closedAt} <= ${dueBy}`),
      late: count(sql`${tried.closedAt} > ${dueBy}`),
      overdue: count(sql`${tried.closedAt} is null and ${dueBy} < ${nowAt}`),
      pending: count(sql`${tried.closedAt} is null and ${dueBy} >= ${nowAt}`),
      medianMinutesToReach: sql<number | null>`percentile_cont(0.5) within group (order by
        ${minuteOf(sql`${tried.reachedAt}`)} - ${minuteOf(sql`${events.occurredAt}`)})`,
      attempts: sql<number>`sum(${tried.attempts})::int`,
      escalations: sql<number>`sum(${tried.escalations})::int`,
    })
    .from(events)
    .innerJoin(clients, eq(clients.id, events.clientId))
    .innerJoin(rules, and(eq(rules.clientId, events.clientId), eq(rules.type, events.type), inForce))
    .crossJoinLateral(tried)
    .where(between(month, range.from, range.to))
    .groupBy(events.clientId, clients.name, month)
    .orderBy(clients.name, events.clientId, month);
  return rows.map(({ clientId, clientName, month, ...figures }) => {
    const due = figures.onTime + figures.late + figures.overdue;
    const median = figures.medianMinutesToReach;
    return {
      clientId,
      clientName,
      month,
      calls: {
        ...figures,
        due,
        onTimePercent: due === 0 ? null : Math.round((figures.onTime / due) * 1000) / 10,
        medianMinutesToReach: median === null ? null : Number(median),
        attemptsPerCall: Math.round((figures.attempts / figures.calls) * 100) / 100,
      },
    };
  });
}
