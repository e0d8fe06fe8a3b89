import { describe, expect, it } from 'vitest';
import type { NotificationRule } from '../../contract/clients';
import {
  notificationDelayMinutes,
  notificationNow,
  notificationOf,
  notificationStatus,
  ruleForEventType,
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

describe('notifications against the protocol', () => {
  it('maps each trigger to its event types', () => {
    expect(ruleForEventType(rules, 'seizure')?.trigger).toBe('seizure');
    expect(ruleForEventType(rules, 'electrode-off')?.trigger).toBe('electrode off');
    expect(ruleForEventType(rules, 'disconnect')?.trigger).toBe('electrode off');
    expect(ruleForEventType(rules, 'clinical')?.trigger).toBe('other');
    expect(ruleForEventType(rules, 'pushbutton')?.trigger).toBe('other');
    expect(ruleForEventType(rules, 'status-epilepticus')).toBeUndefined();
    expect(ruleForEventType(rules, 'medication')).toBeUndefined();
  });

  it('is pending until due, overdue after; on time up to due by inclusive, late after', () => {
    const dueBy = at('10:10');
    expect(notificationStatus(dueBy, null, new Date(at('10:10')))).toBe('pending');
    expect(notificationStatus(dueBy, null, new Date(at('10:11')))).toBe('overdue');
    expect(notificationStatus(dueBy, at('10:10'), new Date(at('12:00')))).toBe('on-time');
    expect(notificationStatus(dueBy, at('10:11'), new Date(at('10:11')))).toBe('late');
  });

  it('builds the notification: contacts in escalation order, due by, and turns overdue as the clock passes', () => {
    const event = { type: 'seizure', occurredAt: at('10:00'), notifiedAt: null, notifiedContactId: null };
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
    });
    expect(notification && notificationNow(notification, new Date(at('10:30'))).status).toBe('overdue');
    expect(notificationOf({ ...event, type: 'medication' }, rules, contacts, new Date())).toBeNull();
    expect(notificationDelayMinutes(at('10:00'), at('10:07'))).toBe(7);
  });
});
