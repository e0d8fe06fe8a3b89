import { and, between, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import { TRIGGER_EVENT_TYPES } from '../../contract/notifications';
import type { CallsOfMonth } from '../domain/turnaroundClocks';
import { latestEventRevisionsNear, protocolInForce } from './reports';
import {
  callAttempts,
  caseRecordItems,
  caseRecordRevisions,
  cases,
  clients,
  protocolRevisions,
} from './schema';
import type { DbOrTx } from './transaction';

/** The rule's trigger an event type answers to (contract `TRIGGER_EVENT_TYPES`), as a SQL `case`. */
function triggerOf(type: SQL): SQL {
  const whens = Object.entries(TRIGGER_EVENT_TYPES).flatMap(([trigger, types]) =>
    types.map((each) => sql`when ${each}::text then ${trigger}::text`),
  );
  return sql`(case ${type} ${sql.join(whens, sql` `)} end)`;
}

/** Minutes of an instant on billing's minute grid (contract `spanMinutes` takes the difference of two). */
const gridMinute = (instant: SQL) => sql`floor(extract(epoch from ${instant}) / 60)`;

/**
 * The live events near `range` with their client and protocol revision in force, as `notifiableEventsQuery`
 * (reports.ts) selects them, planned for the critical calls at volume: the latest revisions from the index of
 * event times, then each one's item, case and protocol revision looked up once on their keys.
 */
function callEventsQuery(db: DbOrTx, range: { clientId?: number; from: string; to: string }) {
  const latest = caseRecordRevisions;
  const occurredAt = sql`(${latest.body}->>'occurredAt')::timestamptz`;
  // `limit 1` keeps each lookup a lateral one on the key (a flattened join would scan every item).
  const item = db
    .select({ caseId: caseRecordItems.caseId })
    .from(caseRecordItems)
    .where(and(eq(caseRecordItems.id, latest.itemId), eq(caseRecordItems.kind, 'events')))
    .limit(1)
    .as('item');
  const protocol = db
    .select({ rules: protocolRevisions.notificationRules })
    .from(protocolRevisions)
    .where(protocolInForce(occurredAt))
    .limit(1)
    .as('protocol');
  return db
    .select({
      itemId: latest.itemId,
      clientId: cases.clientId,
      timeZone: clients.timeZone,
      occurredAt: sql<Date>`${occurredAt}`.as('occurred_at'),
      type: sql<string>`${latest.body}->>'type'`.as('type'),
      rules: sql`${protocol.rules}`.as('rules'),
    })
    .from(latest)
    .innerJoinLateral(item, sql`true`)
    .innerJoin(cases, eq(cases.id, item.caseId))
    .innerJoin(clients, eq(clients.id, cases.clientId))
    .innerJoinLateral(protocol, sql`true`)
    .where(
      and(
        latestEventRevisionsNear(db, range),
        sql`jsonb_array_length(${protocol.rules}) > 0`,
        range.clientId === undefined ? undefined : eq(cases.clientId, range.clientId),
      ),
    );
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
 */
export async function callFigures(
  db: DbOrTx,
  range: { clientId?: number; from: string; to: string },
  now: Date,
): Promise<CallsOfMonth[]> {
  const events = db.$with('call_events').as(callEventsQuery(db, range));
  // Each event's rule and attempts are looked up once, laterally on its key, not once per figure.
  const rule = db
    .select({ withinMinutes: sql<number | null>`(ruled.rule->>'withinMinutes')::int`.as('within_minutes') })
    .from(sql`jsonb_array_elements(${events.rules}) with ordinality as ruled(rule, n)`)
    .where(sql`ruled.rule->>'trigger' = ${triggerOf(sql`${events.type}`)}`)
    .orderBy(sql`ruled.n`)
    .limit(1)
    .as('rule');
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
  const month = sql<string>`to_char(${events.occurredAt} at time zone ${events.timeZone}, 'YYYY-MM')`;
  const dueBy = sql`(${events.occurredAt} + ${rule.withinMinutes} * interval '1 minute')`;
  const nowAt = sql`${now.toISOString()}::timestamptz`;
  const count = (where: SQL) => sql<number>`(count(*) filter (where ${where}))::int`;
  const rows = await db
    .with(events)
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
        ${gridMinute(sql`${tried.reachedAt}`)} - ${gridMinute(sql`${events.occurredAt}`)})`,
      attempts: sql<number>`sum(${tried.attempts})::int`,
      escalations: sql<number>`sum(${tried.escalations})::int`,
    })
    .from(events)
    .innerJoinLateral(rule, sql`true`)
    .crossJoinLateral(tried)
    .innerJoin(clients, eq(clients.id, events.clientId))
    .where(and(isNotNull(rule.withinMinutes), between(month, range.from, range.to)))
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
