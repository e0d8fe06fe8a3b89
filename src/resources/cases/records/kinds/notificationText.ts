import {
  type Notification,
  type NotificationStatus,
  notificationDelayMinutes,
} from '../../../../../contract/notifications';

export const NOTIFICATION_STATUS_LABELS: Record<NotificationStatus, string> = {
  pending: 'Notification pending',
  overdue: 'Notification overdue',
  'on-time': 'Notified on time',
  late: 'Notified late',
};

/** Overdue in red; pending and late call for attention; on time is fine. */
export const NOTIFICATION_STATUS_COLORS = {
  pending: 'warning',
  overdue: 'error',
  'on-time': 'success',
  late: 'warning',
} as const satisfies Record<NotificationStatus, string>;

type TimeFormat = (iso: string | null) => string;

/** A contact of the rule (or of the client) by name; one no longer listed by its id. */
const notifiedName = (notification: Notification, contactName?: (id: number) => string | undefined) => {
  const id = notification.notifiedContactId;
  if (id === null) return 'nobody named';
  return (
    notification.contacts.find((contact) => contact.id === id)?.name ?? contactName?.(id) ?? `Contact ${id}`
  );
};

/**
 * A notification and its timeliness in a sentence, times in the client's zone: "Notified Dr X at 04:17 MST,
 * 7 min after the seizure: on time", "…: late by 35 min", "Not notified (due by 04:20 MST)".
 */
export function notificationText(
  event: { type: string; occurredAt: string },
  notification: Notification,
  time: TimeFormat,
  contactName?: (id: number) => string | undefined,
): string {
  const { notifiedAt, dueBy, status } = notification;
  if (!notifiedAt)
    return status === 'pending' ? `Due by ${time(dueBy)}` : `Not notified (due by ${time(dueBy)})`;
  const what = event.type === 'seizure' || event.type === 'status-epilepticus' ? 'the seizure' : 'the event';
  const after = `${notificationDelayMinutes(event.occurredAt, notifiedAt)} min after ${what}`;
  const timeliness =
    status === 'on-time' ? 'on time' : `late by ${notificationDelayMinutes(dueBy, notifiedAt)} min`;
  return `Notified ${notifiedName(notification, contactName)} at ${time(notifiedAt)}, ${after}: ${timeliness}`;
}
