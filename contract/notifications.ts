import { z } from 'zod';
import { type CallAttempt, callAttemptSchema } from './callAttempts';
import { closingAttempt, nextCall } from './callOrder';
import type { Contact, NotificationRule, NotificationTrigger } from './clients';
import { DEFAULT_ESCALATION_MINUTES, NOTIFICATION_TRIGGERS } from './clients';
import { spanMinutes } from './hours';

/**
 * Notifications against the protocol (DESIGN §4 "Monitoring operations"): which event types each protocol
 * trigger covers, the contacts to call and by when, and whether the call was made in time. Pure: the server
 * answers with it and the browser recomputes pending → overdue as the clock passes.
 */

/** The event types each protocol trigger covers. */
export const TRIGGER_EVENT_TYPES: Record<NotificationTrigger, readonly string[]> = {
  seizure: ['seizure'],
  'status epilepticus': ['status-epilepticus'],
  'electrode off': ['electrode-off', 'disconnect'],
  other: ['clinical', 'pushbutton'],
};

const NOTIFICATION_STATUSES = ['pending', 'overdue', 'on-time', 'late'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

const moment = z.iso.datetime();

const notificationContactSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  role: z.string(),
  phone: z.string(),
});
export type NotificationContact = z.infer<typeof notificationContactSchema>;

/** What an event a protocol rule covers carries: the rule, whom to call in order, by when, and what was done. */
export const notificationSchema = z.object({
  rule: z.object({ trigger: z.enum(NOTIFICATION_TRIGGERS), withinMinutes: z.number().int() }),
  contacts: z.array(notificationContactSchema),
  dueBy: moment,
  notifiedAt: moment.nullable(),
  notifiedContactId: z.number().int().nullable(),
  /** Set by the server when `notifiedAt` is recorded. */
  notifiedBy: z.string().nullable(),
  status: z.enum(NOTIFICATION_STATUSES),
  /** The call attempts, in the order made (DESIGN §4 "Orders and critical calls"). */
  attempts: z.array(callAttemptSchema),
  /** Whom to call now (null once closed) and, after an attempt that did not close it, by when. */
  nextContact: notificationContactSchema.nullable(),
  escalateBy: moment.nullable(),
  escalationMinutes: z.number().int(),
});
export type Notification = z.infer<typeof notificationSchema>;

/**
 * A protocol revision as far as notifications read it: its number, when it was written (it is in force from
 * then until the next) and its rules.
 */
export type RuleRevision = {
  revision: number;
  createdAt: string;
  notificationRules: readonly NotificationRule[];
  /** Minutes before the next contact is due after an unanswered call; null on revisions from before it. */
  escalationMinutes?: number | null;
};

/**
 * The revision whose rules an event answers to (DESIGN §4, round three): the latest written at or before
 * the event occurred, else (none existed yet) the one the case was taken in under, `caseRevision`.
 */
export function revisionInForce<R extends RuleRevision>(
  revisions: readonly R[],
  occurredAt: string,
  caseRevision: number | null,
): R | undefined {
  const at = Date.parse(occurredAt);
  let inForce: R | undefined;
  for (const revision of revisions) {
    if (Date.parse(revision.createdAt) <= at && (!inForce || revision.revision > inForce.revision))
      inForce = revision;
  }
  return inForce ?? revisions.find((revision) => revision.revision === caseRevision);
}

/** A call is made after the event it is about: `notifiedAt` before `occurredAt` is refused (DESIGN §4). */
export const NOTIFIED_BEFORE_EVENT = 'Notified at cannot be before the event occurred';

/** Whether `notifiedAt` is a call made for this event: at or after `occurredAt`. */
export const isValidNotification = (occurredAt: string, notifiedAt: string) =>
  Date.parse(notifiedAt) >= Date.parse(occurredAt);

/**
 * The event's call as the notification counts it: an old row whose `notifiedAt` precedes its event (before
 * the rule above was enforced) counts as not validly notified, never as on time.
 */
export const validNotifiedAt = (occurredAt: string, notifiedAt: string | null | undefined) =>
  notifiedAt && isValidNotification(occurredAt, notifiedAt) ? notifiedAt : null;

/** The rule applying to this event type (the first of the protocol covering it), if any. */
export function ruleForEventType(
  rules: readonly NotificationRule[],
  type: string,
): NotificationRule | undefined {
  return rules.find((rule) => TRIGGER_EVENT_TYPES[rule.trigger].includes(type));
}

/** The rule's contacts that still exist, in escalation order (ties in the rule's order). */
export function ruleContacts(
  rule: NotificationRule,
  contacts: readonly Pick<Contact, '_id' | 'name' | 'role' | 'phone' | 'escalationOrder'>[],
): NotificationContact[] {
  return rule.notify
    .map((id) => contacts.find((contact) => contact._id === id))
    .filter((contact) => contact !== undefined)
    .sort((a, b) => a.escalationOrder - b.escalationOrder)
    .map(({ _id, name, role, phone }) => ({ id: _id, name, role, phone }));
}

/** `occurredAt` + the rule's minutes. */
export const dueByOf = (occurredAt: string, withinMinutes: number) =>
  new Date(Date.parse(occurredAt) + withinMinutes * 60_000).toISOString();

/** Pending until due, then overdue; once notified, on time when by `dueBy` (inclusive), else late. */
export function notificationStatus(dueBy: string, notifiedAt: string | null, now: Date): NotificationStatus {
  const due = Date.parse(dueBy);
  if (notifiedAt) return Date.parse(notifiedAt) <= due ? 'on-time' : 'late';
  return now.getTime() <= due ? 'pending' : 'overdue';
}

/** Whole minutes from the event to the call on billing's minute grid (the delay the report's median is taken of). */
export const notificationDelayMinutes = (occurredAt: string, notifiedAt: string) =>
  spanMinutes(Date.parse(occurredAt), Date.parse(notifiedAt));

type NotifiableEvent = {
  type: string;
  occurredAt: string;
  /** The event's call attempts (the closing one gives `notifiedAt`, `notifiedContactId`, `notifiedBy`). */
  attempts: readonly CallAttempt[];
};

/** The event's notification under these rules and contacts, or null when no rule covers its type. */
export function notificationOf(
  event: NotifiableEvent,
  rules: readonly NotificationRule[],
  contacts: Parameters<typeof ruleContacts>[1],
  now: Date,
  escalationMinutes: number = DEFAULT_ESCALATION_MINUTES,
): Notification | null {
  const rule = ruleForEventType(rules, event.type);
  if (!rule) return null;
  const dueBy = dueByOf(event.occurredAt, rule.withinMinutes);
  const attempts = event.attempts.toSorted((a, b) => Date.parse(a.at) - Date.parse(b.at) || a.id - b.id);
  const closing = closingAttempt(attempts, event.occurredAt);
  const called = ruleContacts(rule, contacts);
  return {
    rule: { trigger: rule.trigger, withinMinutes: rule.withinMinutes },
    contacts: called,
    dueBy,
    notifiedAt: closing?.at ?? null,
    notifiedContactId: closing?.contactId ?? null,
    notifiedBy: closing?.by ?? null,
    status: notificationStatus(dueBy, closing?.at ?? null, now),
    attempts,
    ...nextCall(attempts, called, event.occurredAt, escalationMinutes),
    escalationMinutes,
  };
}

/**
 * The event's notification under the client's protocol revisions: the rules of the revision in force when it
 * occurred (`revisionInForce`), else null.
 */
export function notificationInForce(
  event: NotifiableEvent,
  revisions: readonly RuleRevision[],
  caseRevision: number | null,
  contacts: Parameters<typeof ruleContacts>[1],
  now: Date,
): Notification | null {
  const inForce = revisionInForce(revisions, event.occurredAt, caseRevision);
  return notificationOf(
    event,
    inForce?.notificationRules ?? [],
    contacts,
    now,
    inForce?.escalationMinutes ?? DEFAULT_ESCALATION_MINUTES,
  );
}

/**
 * A notification as the clock now stands (the server's status was taken when it answered): one still to
 * make turns overdue once due; one made stays as judged.
 */
export const notificationNow = (notification: Notification, now: Date): Notification =>
  isOpenNotification(notification.status)
    ? { ...notification, status: notificationStatus(notification.dueBy, null, now) }
    : notification;

/**
 * A board row's notifications still to make as the clock stands (the server counted them when it
 * answered): each pending one whose due time has passed since is overdue.
 */
export function openNotificationsAt(
  row: {
    notificationsPending: number;
    notificationsOverdue: number;
    pendingNotificationsDueBy: readonly string[];
  },
  now: Date,
) {
  const turned = row.pendingNotificationsDueBy.filter(
    (dueBy) => notificationStatus(dueBy, null, now) === 'overdue',
  ).length;
  return { pending: row.notificationsPending - turned, overdue: row.notificationsOverdue + turned };
}

/** Statuses that need someone to act (flagged on the case header and the board). */
export const isOpenNotification = (status: NotificationStatus) =>
  status === 'pending' || status === 'overdue';
