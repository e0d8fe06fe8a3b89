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
 * For each protocol revision and event type, the minutes of the first of its rules covering that type (the
 * rule that applies, as contract/notifications.ts picks it): a few rows per revision, joined on the type.
 */
const firstRuleByType = sql`(
  select distinct on (${p.clientId}, ${p.revision}, covers.type)
    ${p.clientId} as client_id, ${p.revision} as revision, covers.type,
    (rule.value->>'withinMinutes')::int as within_minutes
  from ${protocolRevisions} ${p}
  cross join jsonb_array_elements(${p.notificationRules}) with ordinality as rule(value, position)
  join (values ${triggerTypes}) as covers(trigger, type) on covers.trigger = rule.value->>'trigger'
  where ${p.kind} = 'protocol'
  order by ${p.clientId}, ${p.revision}, covers.type, rule.position
)`;

/**
 * The notifications still to make on each case in monitoring (DESIGN §4 "Notifications"), one grouped
 * subquery to join on `case_id`: `pending` (not notified, due by now or later, their `pending_due_by`
 * ascending) and `overdue` (past due). Only the events of cases in monitoring are read, each one's latest
 * revision once; its rule comes from a join on its type with the protocol's first rules, not a search of
 * the protocol's rules per event.
 */
export const openNotificationsByCase = sql`(
  select event.case_id,
    count(*) filter (where due.due_by >= now())::int as pending,
    count(*) filter (where due.due_by < now())::int as overdue,
    coalesce(json_agg(due.due_by order by due.due_by) filter (where due.due_by >= now()), '[]') as pending_due_by
  from (
    select ${item.caseId} as case_id, ${c.clientId} as client_id, ${c.protocolRevision} as protocol_revision,
      latest.body
    from ${cases} ${c}
    join ${caseRecordItems} ${item} on ${item.caseId} = ${c.id} and ${item.kind} = 'events'
    cross join lateral (
      select ${revision.body}, ${revision.voided} from ${caseRecordRevisions} ${revision}
      where ${revision.itemId} = ${item.id} order by ${revision.revision} desc limit 1
    ) latest
    where ${c.stage} = 'monitoring' and not latest.voided and latest.body->>'notifiedAt' is null
    -- A fence: the events not yet notified are found first, then matched to their rule in one hash join.
    offset 0
  ) event
  join ${firstRuleByType} rule on rule.client_id = event.client_id and rule.revision = event.protocol_revision
    and rule.type = event.body->>'type'
  cross join lateral (
    select (event.body->>'occurredAt')::timestamptz + make_interval(mins => rule.within_minutes) as due_by
  ) due
  group by event.case_id
)`;
