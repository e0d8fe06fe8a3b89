import { and, between, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import { TRIGGER_EVENT_TYPES } from '../../contract/notifications';
import type { CallsOfMonth } from '../domain/turnaroundClocks';
import { notifiableEventsQuery } from './reports';
import { callAttempts, clients } from './schema';
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
  const events = db.$with('call_events').as(notifiableEventsQuery(db, range));
  const attemptsOf = (more: SQL) =>
    sql`from ${callAttempts} a where a.item_id = ${events.itemId} and ${more}`;
  const reached = sql`a.outcome = 'reached' and a.at >= ${events.occurredAt}`;
  const judged = db.$with('judged').as(
    db
      .select({
        clientId: events.clientId,
        month: sql<string>`to_char(${events.occurredAt} at time zone ${events.timeZone}, 'YYYY-MM')`.as(
          'month',
        ),
        occurredAt: sql`${events.occurredAt}`.as('event_at'),
        dueBy: sql`${events.occurredAt} + (select (rule->>'withinMinutes')::int
          from jsonb_array_elements(${events.rules}) with ordinality as ruled(rule, n)
          where rule->>'trigger' = ${triggerOf(sql`${events.type}`)} order by n limit 1) * interval '1 minute'`.as(
          'due_by',
        ),
        attempts: sql`(select count(*) ${attemptsOf(sql`true`)})`.as('attempts'),
        reachedAt: sql`(select min(a.at) ${attemptsOf(reached)})`.as('reached_at'),
        closedAt: sql`(select min(a.at) ${attemptsOf(sql`${reached} and a.read_back is not false`)})`.as(
          'closed_at',
        ),
        escalations: sql`(select count(*) from (select a.contact_id,
            lag(a.contact_id) over (order by a.at, a.id) as previous ${attemptsOf(sql`true`)}) called
          where called.contact_id <> called.previous)`.as('escalations'),
      })
      .from(events)
      // A fence: each event's due time and attempts are worked out once, not again in every count below.
      .offset(0),
  );
  const nowAt = sql`${now.toISOString()}::timestamptz`;
  const count = (where: SQL) => sql<number>`(count(*) filter (where ${where}))::int`;
  const rows = await db
    .with(events, judged)
    .select({
      clientId: judged.clientId,
      clientName: clients.name,
      month: judged.month,
      calls: sql<number>`count(*)::int`,
      onTime: count(sql`${judged.closedAt} <= ${judged.dueBy}`),
      late: count(sql`${judged.closedAt} > ${judged.dueBy}`),
      overdue: count(sql`${judged.closedAt} is null and ${judged.dueBy} < ${nowAt}`),
      pending: count(sql`${judged.closedAt} is null and ${judged.dueBy} >= ${nowAt}`),
      medianMinutesToReach: sql<number | null>`percentile_cont(0.5) within group (order by
        ${gridMinute(sql`${judged.reachedAt}`)} - ${gridMinute(sql`${judged.occurredAt}`)})`,
      attempts: sql<number>`sum(${judged.attempts})::int`,
      escalations: sql<number>`sum(${judged.escalations})::int`,
    })
    .from(judged)
    .innerJoin(clients, eq(clients.id, judged.clientId))
    .where(and(isNotNull(judged.dueBy), between(judged.month, range.from, range.to)))
    .groupBy(judged.clientId, clients.name, judged.month)
    .orderBy(clients.name, judged.clientId, judged.month);
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
