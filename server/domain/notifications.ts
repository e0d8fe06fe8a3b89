import { monthIn } from '../../contract/calendar';
import type { CallAttempt } from '../../contract/callAttempts';
import { closingAttempt } from '../../contract/callOrder';
import type { NotificationRule } from '../../contract/clients';
import {
  dueByOf,
  notificationDelayMinutes,
  notificationStatus,
  ruleForEventType,
} from '../../contract/notifications';
import { type OnTimeMonth, onTimeMonths } from './onTimeMonths';

/**
 * A live event of a case, with its client's zone and the notification rules of the protocol revision in
 * force when it occurred.
 */
export type NotifiableEventRow = {
  itemId: number;
  clientId: number;
  timeZone: string;
  type: string;
  occurredAt: string;
  /** Its call attempts: the closing one is the call the notification counts (DESIGN §4). */
  attempts: readonly CallAttempt[];
  rules: readonly NotificationRule[];
  escalationMinutes: number;
};

/** How one client met the protocol's notifications in one month (by the month the event occurred in). */
export type NotificationMonth = OnTimeMonth & {
  /** The median minutes from the event to the call, over those notified; null when none was. */
  medianDelayMinutes: number | null;
};

/** The middle value (the mean of the two middle ones for an even count), or null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = values.toSorted((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * The notifications of these events per client and month (DESIGN §4 "Notifications"): an event counts
 * when a rule of its protocol covers its type; months are the client's own; only valid calls (at or after
 * the event) count as made, for the on-time share and the median delay alike.
 */
export function notificationMonths(events: readonly NotifiableEventRow[], now: Date): NotificationMonth[] {
  // The call is the attempt that closed it; one recorded before its event (an old row) never closes it.
  const valid = events.map((event) => ({
    ...event,
    notifiedAt: closingAttempt(event.attempts, event.occurredAt)?.at ?? null,
  }));
  const months = onTimeMonths(valid, (event) => {
    const rule = ruleForEventType(event.rules, event.type);
    if (!rule) return undefined;
    return {
      clientId: event.clientId,
      month: monthIn(event.timeZone, new Date(event.occurredAt)),
      status: notificationStatus(dueByOf(event.occurredAt, rule.withinMinutes), event.notifiedAt, now),
    };
  });
  return months.map(({ items, ...month }) => ({
    ...month,
    medianDelayMinutes: median(
      items.flatMap((event) =>
        event.notifiedAt ? [notificationDelayMinutes(event.occurredAt, event.notifiedAt)] : [],
      ),
    ),
  }));
}
