import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { TRIGGER_EVENT_TYPES } from '../../contract/notifications';
import { caseRecordItems, caseRecordRevisions, cases, protocolRevisions } from './schema';

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

/** The cases, their protocol revisions and events, as the notifications name them. */
const c = alias(cases, 'c');
const p = alias(protocolRevisions, 'p');
const item = alias(caseRecordItems, 'item');
const revision = alias(caseRecordRevisions, 'revision');

/**
 * Each case's events (`item`, its latest revision `latest`) with the protocol revision the case runs under
 * (`c`, `p`): what the notifications are reckoned from.
 */
const eventsUnderProtocol = sql`${cases} ${c}
  join ${protocolRevisions} ${p}
    on ${p.clientId} = ${c.clientId} and ${p.kind} = 'protocol' and ${p.revision} = ${c.protocolRevision}
  join ${caseRecordItems} ${item} on ${item.caseId} = ${c.id} and ${item.kind} = 'events'
  cross join lateral (
    select ${revision.body}, ${revision.voided} from ${caseRecordRevisions} ${revision}
    where ${revision.itemId} = ${item.id} order by ${revision.revision} desc limit 1
  ) latest`;

/**
 * The notifications still to make on each case in monitoring (DESIGN §4 "Notifications"), one grouped
 * subquery to join on `case_id`: `pending` (not notified, due by now or later, their `pending_due_by`
 * ascending) and `overdue` (past due). Only the events of cases in monitoring under a protocol with rules
 * are read, each one's latest revision once; the rule is the first of the protocol covering its type.
 */
export const openNotificationsByCase = sql`(
  select ${item.caseId},
    count(*) filter (where due.due_by >= now())::int as pending,
    count(*) filter (where due.due_by < now())::int as overdue,
    coalesce(json_agg(due.due_by order by due.due_by) filter (where due.due_by >= now()), '[]') as pending_due_by
  from ${eventsUnderProtocol}
  cross join lateral (
    select (latest.body->>'occurredAt')::timestamptz
      + make_interval(mins => (rule.value->>'withinMinutes')::int) as due_by
    from jsonb_array_elements(${p.notificationRules}) with ordinality as rule(value, position)
    join (values ${triggerTypes}) as covers(trigger, type)
      on covers.trigger = rule.value->>'trigger' and covers.type = latest.body->>'type'
    order by rule.position limit 1
  ) due
  where ${c.stage} = 'monitoring' and jsonb_array_length(${p.notificationRules}) > 0
    and not latest.voided and latest.body->>'notifiedAt' is null
  group by ${item.caseId}
)`;
