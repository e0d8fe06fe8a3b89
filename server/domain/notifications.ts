import { monthIn } from '../../contract/calendar';
import type { NotificationRule } from '../../contract/clients';
import {
  dueByOf,
  notificationDelayMinutes,
  notificationStatus,
  ruleForEventType,
} from '../../contract/notifications';

/** A live event of a case, with its client's zone and the notification rules of the case's protocol. */
export type NotifiableEventRow = {
  clientId: number;
  timeZone: string;
  type: string;
  occurredAt: string;
  notifiedAt: string | null;
  rules: readonly NotificationRule[];
};

/** How one client met the protocol's notifications in one month (by the month the event occurred in). */
export type NotificationMonth = {
  clientId: number;
  month: string;
  /** Notifications that were due by now: on time + late + overdue (pending ones are not judged yet). */
  due: number;
  onTime: number;
  late: number;
  overdue: number;
  pending: number;
  /** `onTime / due` in percent, one decimal; null when none was due. */
  onTimePercent: number | null;
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
 * when a rule of its case's protocol covers its type; months are the client's own.
 */
export function notificationMonths(events: readonly NotifiableEventRow[], now: Date): NotificationMonth[] {
  const months = new Map<string, NotificationMonth & { delays: number[] }>();
  for (const event of events) {
    const rule = ruleForEventType(event.rules, event.type);
    if (!rule) continue;
    const month = monthIn(event.timeZone, new Date(event.occurredAt));
    const key = `${event.clientId} ${month}`;
    let entry = months.get(key);
    if (!entry) {
      entry = {
        clientId: event.clientId,
        month,
        due: 0,
        onTime: 0,
        late: 0,
        overdue: 0,
        pending: 0,
        onTimePercent: null,
        medianDelayMinutes: null,
        delays: [],
      };
      months.set(key, entry);
    }
    const status = notificationStatus(dueByOf(event.occurredAt, rule.withinMinutes), event.notifiedAt, now);
    if (status === 'on-time') entry.onTime += 1;
    else if (status === 'late') entry.late += 1;
    else if (status === 'overdue') entry.overdue += 1;
    else entry.pending += 1;
    if (event.notifiedAt) entry.delays.push(notificationDelayMinutes(event.occurredAt, event.notifiedAt));
  }
  return [...months.values()].map(({ delays, ...entry }) => {
    const due = entry.onTime + entry.late + entry.overdue;
    return {
      ...entry,
      due,
      onTimePercent: due === 0 ? null : Math.round((entry.onTime / due) * 1000) / 10,
      medianDelayMinutes: median(delays),
    };
  });
}
