import { and, eq, inArray, not, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { TRIGGER_EVENT_TYPES } from '../../contract/notifications';
import { caseRecordHeads, cases, protocolRevisions } from './schema';
import { fromJson, PLANNED_APART, subquery } from './subqueries';
import type { DbOrTx } from './transaction';

/**
 * Which protocol trigger covers which event type, as SQL rows `(trigger, type)`: the same table the
 * notifications of contract/notifications.ts are reckoned with.
 */
const triggerTypes = sql.join(
  Object.entries(TRIGGER_EVENT_TYPES).flatMap(([trigger, types]) =>
    types.map((type) => sql`(${trigger}::text, ${type}::text)`),
  ),
  sql`, `,
);

/**
 * The number of the protocol revision an event occurring at `occurredAt` answers to (DESIGN §4 round
 * three): the client's latest written at or before it, else the case's own `caseRevision`. One short scan of
 * the client's few revisions along the primary key, as contract/notifications.ts `revisionInForce` picks.
 */
export function revisionInForceSql(clientId: SQL, caseRevision: SQL, occurredAt: SQL): SQL<number | null> {
  const r = alias(protocolRevisions, 'in_force');
  return sql<number | null>`coalesce((select max(${r.revision}) from ${protocolRevisions} ${r}
    where ${r.clientId} = ${clientId} and ${r.kind} = 'protocol' and ${r.createdAt} <= ${occurredAt}), ${caseRevision})`;
}

/**
 * Whether the event's call is still open: no attempt closed it, i.e. reached someone with read-back (or
 * read-back unknown, a migrated turn-3 call) at or after the event (contract/callOrder.ts `closesCall`). The
 * head keeps its latest closing attempt's time (migration 0028), so this reads no attempt.
 */
const notYetNotified = (head: typeof event) =>
  sql`(${head.callClosedAt} is null or ${head.callClosedAt} < ${head.at})`;

/** Every event type some trigger covers: an event of another type has no rule, and is not looked at. */
const coveredTypes = [...new Set(Object.values(TRIGGER_EVENT_TYPES).flat())];

/** The cases, their protocol revisions and events, as the notifications name them. */
const c = alias(cases, 'c');
const p = alias(protocolRevisions, 'p');
const event = alias(caseRecordHeads, 'event_head');

/**
 * For each protocol revision and event type, the minutes of the first of its rules covering that type (the
 * rule that applies, as contract/notifications.ts picks it): a few rows per revision, joined on the type.
 */
const coveredType = sql<string>`covers.type`;
export const firstRuleByType = subquery
  .selectDistinctOn([p.clientId, p.revision, coveredType], {
    clientId: p.clientId,
    revision: p.revision,
    createdAt: p.createdAt,
    type: coveredType.as('type'),
    withinMinutes: sql<number>`(rule.value->>'withinMinutes')::int`.as('within_minutes'),
  })
  .from(p)
  .crossJoin(sql`jsonb_array_elements(${p.notificationRules}) with ordinality as rule(value, position)`)
  .innerJoin(
    sql`(values ${triggerTypes}) as covers(trigger, type)`,
    sql`covers.trigger = rule.value->>'trigger'`,
  )
  .where(eq(p.kind, 'protocol'))
  .orderBy(p.clientId, p.revision, coveredType, sql`rule.position`)
  .as('rule');

/**
 * The events not yet notified of the cases in monitoring, from their latest state (`case_record_heads`). A
 * fence (`offset 0`): they are found first, then matched to their rule in one hash join.
 */
const unnotified = subquery
  .select({
    caseId: event.caseId,
    itemId: event.itemId,
    clientId: c.clientId,
    ruleRevision: revisionInForceSql(sql`${c.clientId}`, sql`${c.protocolRevision}`, sql`${event.at}`).as(
      'rule_revision',
    ),
    type: sql<string>`${event.type}`.as('event_type'),
    occurredAt: sql<string>`${event.at}`.as('occurred_at'),
  })
  .from(c)
  .innerJoin(event, and(eq(event.caseId, c.id), eq(event.kind, 'events')))
  .where(
    and(
      eq(c.stage, 'monitoring'),
      not(event.voided),
      inArray(event.type, coveredTypes),
      notYetNotified(event),
    ),
  )
  .offset(PLANNED_APART)
  .as('event');

/** When an unnotified event's notification is due: its time plus its rule's minutes. */
const dueBy = sql`(${unnotified.occurredAt} + make_interval(mins => ${firstRuleByType.withinMinutes}))`;

/** An unnotified event's rule: the first rule of the protocol revision in force covering its type. */
const ruleOfEvent = and(
  eq(firstRuleByType.clientId, unnotified.clientId),
  eq(firstRuleByType.revision, unnotified.ruleRevision),
  eq(firstRuleByType.type, unnotified.type),
);

/** Each notification still to make on a case in monitoring: its event and when the call is due by. */
export const openNotificationEvents = (db: DbOrTx) =>
  db
    .select({
      caseId: unnotified.caseId,
      eventId: unnotified.itemId,
      occurredAt: unnotified.occurredAt,
      dueBy: sql<string>`${dueBy}`,
    })
    .from(unnotified)
    .innerJoin(firstRuleByType, ruleOfEvent);

/**
 * The notifications still to make on each case in monitoring (DESIGN §4 "Notifications"), one grouped
 * subquery to join on `caseId`: `pending` (not notified, due by now or later, their `pendingDueBy`
 * ascending) and `overdue` (past due). Each event's rule comes from a join on its type with the first rules
 * of the protocol revision in force when it occurred, not a search of the protocol's rules per event.
 */
export const openNotificationsByCase = subquery
  .select({
    caseId: unnotified.caseId,
    pending: sql<number>`count(*) filter (where ${dueBy} >= now())::int`.as('pending'),
    overdue: sql<number>`count(*) filter (where ${dueBy} < now())::int`.as('overdue'),
    pendingDueBy: sql`json_agg(${dueBy} order by ${dueBy}) filter (where ${dueBy} >= now())`
      .mapWith(fromJson<string[] | null>)
      .as('pending_due_by'),
  })
  .from(unnotified)
  .innerJoin(firstRuleByType, ruleOfEvent)
  .groupBy(unnotified.caseId)
  .as('notifications');
