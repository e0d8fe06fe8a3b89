import { describe, expect, it } from 'vitest';
import { DEFAULT_ESCALATION_MINUTES, type NotificationRule } from '../../contract/clients';
import {
  isOpenNotification,
  isValidNotification,
  notificationDelayMinutes,
  notificationInForce,
  notificationNow,
  notificationOf,
  notificationSchema,
  notificationStatus,
  openNotificationsAt,
  revisionInForce,
  ruleContacts,
  ruleForEventType,
  validNotifiedAt,
} from '../../contract/notifications';

const rules: NotificationRule[] = [
  { trigger: 'seizure', notify: [2, 1], withinMinutes: 10 },
  { trigger: 'electrode off', notify: [3], withinMinutes: 30 },
  { trigger: 'other', notify: [1], withinMinutes: 60 },
];
const contacts = [
  { _id: 1, name: 'Dr A', role: 'Attending', phone: '1', escalationOrder: 1 },
  { _id: 2, name: 'Dr B', role: 'Fellow', phone: '2', escalationOrder: 2 },
  { _id: 3, name: 'Nurse C', role: '', phone: '3', escalationOrder: 3 },
];
const at = (time: string) => `2026-03-14T${time}:00.000Z`;

/** A call recorded the turn-3 way: one reached attempt, read-back unknown. */
const call = (when: string, contactId: number, by = 'tech1') => ({
  id: contactId,
  at: when,
  contactId,
  number: String(contactId),
  outcome: 'reached' as const,
  readBack: null,
  reachedName: null,
  note: null,
  by,
});

describe('notifications against the protocol', () => {
  it('maps each trigger to its event types', () => {
    expect(ruleForEventType(rules, 'seizure')?.trigger).toBe('seizure');
    expect(ruleForEventType(rules, 'electrode-off')?.trigger).toBe('electrode off');
    expect(ruleForEventType(rules, 'disconnect')?.trigger).toBe('electrode off');
    expect(ruleForEventType(rules, 'clinical')?.trigger).toBe('other');
    expect(ruleForEventType(rules, 'pushbutton')?.trigger).toBe('other');
    expect(ruleForEventType(rules, 'status-epilepticus')).toBeUndefined();
    expect(ruleForEventType(rules, 'medication')).toBeUndefined();
    const statusRule = { trigger: 'status epilepticus' as const, notify: [1], withinMinutes: 5 };
    expect(ruleForEventType([statusRule], 'status-epilepticus')).toBe(statusRule);
    expect(ruleForEventType([statusRule], 'seizure')).toBeUndefined();
  });

  it('is pending until due, overdue after; on time up to due by inclusive, late after', () => {
    const dueBy = at('10:10');
    expect(notificationStatus(dueBy, null, new Date(at('10:10')))).toBe('pending');
    expect(notificationStatus(dueBy, null, new Date(at('10:11')))).toBe('overdue');
    expect(notificationStatus(dueBy, at('10:10'), new Date(at('12:00')))).toBe('on-time');
    expect(notificationStatus(dueBy, at('10:11'), new Date(at('10:11')))).toBe('late');
  });

  it('builds the notification: contacts in escalation order, due by, and turns overdue as the clock passes', () => {
    const event = { type: 'seizure', occurredAt: at('10:00'), attempts: [] };
    const notification = notificationOf(event, rules, contacts, new Date(at('10:05')));
    expect(notification).toEqual({
      rule: { trigger: 'seizure', withinMinutes: 10 },
      contacts: [
        { id: 1, name: 'Dr A', role: 'Attending', phone: '1' },
        { id: 2, name: 'Dr B', role: 'Fellow', phone: '2' },
      ],
      dueBy: at('10:10'),
      notifiedAt: null,
      notifiedContactId: null,
      notifiedBy: null,
      status: 'pending',
      attempts: [],
      nextContact: { id: 1, name: 'Dr A', role: 'Attending', phone: '1' },
      escalateBy: null,
      escalationMinutes: 5,
    });
    // What the API answers matches the contract's schema, field for field.
    expect(notificationSchema.parse(notification)).toEqual(notification);
    expect(notification && notificationNow(notification, new Date(at('10:30'))).status).toBe('overdue');
    expect(notificationOf({ ...event, type: 'medication' }, rules, contacts, new Date())).toBeNull();
    expect(notificationDelayMinutes(at('10:00'), at('10:07'))).toBe(7);
  });

  it('keeps who made the call and the rule’s contacts that still exist, ties in the rule’s order', () => {
    const event = {
      type: 'electrode-off',
      occurredAt: at('10:00'),
      attempts: [call(at('10:20'), 3, 'tech1')],
    };
    expect(notificationOf(event, rules, contacts, new Date(at('11:00')))).toMatchObject({
      dueBy: at('10:30'),
      notifiedAt: at('10:20'),
      notifiedContactId: 3,
      notifiedBy: 'tech1',
      status: 'on-time',
    });
    const tied = [
      { _id: 5, name: 'Dr E', role: '', phone: '5', escalationOrder: 1 },
      { _id: 4, name: 'Dr D', role: '', phone: '4', escalationOrder: 1 },
    ];
    const rule = { trigger: 'other' as const, notify: [9, 4, 5], withinMinutes: 5 };
    expect(ruleContacts(rule, tied).map((contact) => contact.id)).toEqual([4, 5]);
  });

  it('counts the delay on billing’s minute grid, as every duration shown', () => {
    expect(notificationDelayMinutes(at('10:00'), '2026-03-14T10:07:59.000Z')).toBe(7);
    expect(notificationDelayMinutes('2026-03-14T10:00:30.000Z', '2026-03-14T10:08:10.000Z')).toBe(8);
  });

  it('turns a board row’s pending notifications overdue as their due times pass', () => {
    const row = {
      notificationsPending: 3,
      notificationsOverdue: 1,
      pendingNotificationsDueBy: [at('10:00'), at('10:10'), at('10:20')],
    };
    expect(openNotificationsAt(row, new Date(at('10:10')))).toEqual({ pending: 2, overdue: 2 });
    expect(openNotificationsAt(row, new Date(at('09:00')))).toEqual({ pending: 3, overdue: 1 });
  });

  it('needs someone to act only while pending or overdue', () => {
    expect(isOpenNotification('pending')).toBe(true);
    expect(isOpenNotification('overdue')).toBe(true);
    expect(isOpenNotification('on-time')).toBe(false);
    expect(isOpenNotification('late')).toBe(false);
  });

  it('counts a call recorded before its event as no call: overdue once due, never on time', () => {
    expect(isValidNotification(at('10:00'), at('10:00'))).toBe(true);
    expect(isValidNotification(at('10:00'), at('09:59'))).toBe(false);
    expect(validNotifiedAt(at('10:00'), at('09:40'))).toBeNull();
    expect(validNotifiedAt(at('10:00'), at('10:04'))).toBe(at('10:04'));
    const event = { type: 'seizure', occurredAt: at('10:00'), attempts: [call(at('09:40'), 1)] };
    const notification = notificationOf(event, rules, contacts, new Date(at('10:30')));
    // What was recorded is still listed; it closes nothing, so the call is still to make.
    expect(notification).toMatchObject({ notifiedAt: null, status: 'overdue' });
    expect(notification?.attempts).toHaveLength(1);
    expect(notification && notificationNow(notification, new Date(at('10:40'))).status).toBe('overdue');
    const made = notificationOf(
      { ...event, attempts: [call(at('10:04'), 1)] },
      rules,
      contacts,
      new Date(at('10:30')),
    );
    expect(made && notificationNow(made, new Date(at('12:00'))).status).toBe('on-time');
  });

  it('takes the rules of the protocol revision in force when the event occurred, else the case’s own', () => {
    const tightened: NotificationRule[] = [{ trigger: 'other', notify: [1], withinMinutes: 15 }];
    const revisions = [
      { revision: 1, createdAt: at('08:00'), notificationRules: rules },
      { revision: 2, createdAt: at('12:00'), notificationRules: tightened },
    ];
    expect(revisionInForce(revisions, at('11:59'), 1)?.revision).toBe(1);
    expect(revisionInForce(revisions, at('12:00'), 1)?.revision).toBe(2);
    // Listed in any order: the latest written by then.
    expect(revisionInForce(revisions.toReversed(), at('13:00'), 1)?.revision).toBe(2);
    // Before any revision was written: the case's own, or none.
    expect(revisionInForce(revisions, at('07:00'), 2)?.revision).toBe(2);
    expect(revisionInForce(revisions, at('07:00'), null)).toBeUndefined();
    const event = { type: 'clinical', occurredAt: at('12:30'), attempts: [] };
    const now = new Date(at('12:31'));
    expect(notificationInForce(event, revisions, 1, contacts, now)).toMatchObject({
      rule: { trigger: 'other', withinMinutes: 15 },
      dueBy: at('12:45'),
    });
    expect(
      notificationInForce({ ...event, occurredAt: at('11:30') }, revisions, 1, contacts, now),
    ).toMatchObject({ rule: { withinMinutes: 60 }, dueBy: at('12:30') });
    expect(notificationInForce({ ...event, type: 'medication' }, revisions, 1, contacts, now)).toBeNull();
  });

  it('escalates after the minutes of the revision in force, the default when it gives none, and needs a revision', () => {
    const event = { type: 'seizure', occurredAt: at('10:00'), attempts: [] };
    const now = new Date(at('10:01'));
    const revision = (escalationMinutes: number | null) => [
      { revision: 1, createdAt: at('08:00'), notificationRules: rules, escalationMinutes },
    ];
    expect(notificationInForce(event, revision(7), 1, contacts, now)?.escalationMinutes).toBe(7);
    expect(notificationInForce(event, revision(null), 1, contacts, now)?.escalationMinutes).toBe(
      DEFAULT_ESCALATION_MINUTES,
    );
    // No revision written by then and none the case was taken in under: no rule covers the event.
    expect(notificationInForce(event, [], null, contacts, now)).toBeNull();
  });

  it('lists the attempts in the order they were made, those made at the same time in the order recorded', () => {
    const attempt = (id: number, when: string) => ({
      ...call(at(when), 1),
      id,
      outcome: 'no-answer' as const,
    });
    const event = {
      type: 'seizure',
      occurredAt: at('10:00'),
      attempts: [attempt(3, '10:09'), attempt(5, '10:02'), attempt(4, '10:02'), attempt(1, '10:05')],
    };
    expect(
      notificationOf(event, rules, contacts, new Date(at('10:30')))?.attempts.map(({ id }) => id),
    ).toEqual([4, 5, 1, 3]);
  });
});
