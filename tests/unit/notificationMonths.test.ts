import { describe, expect, it } from 'vitest';
import type { NotificationRule } from '../../contract/clients';
import { median, notificationMonths } from '../../server/domain/notifications';

const rules: NotificationRule[] = [{ trigger: 'seizure', notify: [1], withinMinutes: 10 }];
const event = (occurredAt: string, notifiedAt: string | null, type = 'seizure', clientId = 1) => ({
  itemId: 1,
  clientId,
  timeZone: 'America/Denver',
  type,
  occurredAt,
  attempts: notifiedAt
    ? [
        {
          id: 1,
          at: notifiedAt,
          contactId: 1,
          number: '1',
          outcome: 'reached' as const,
          readBack: null,
          reachedName: null,
          note: null,
          by: 'tech1',
        },
      ]
    : [],
  rules,
  escalationMinutes: 5,
});

describe('notifications per client and month', () => {
  it('counts the covered events by status, the on-time share of those due and the median delay', () => {
    const now = new Date('2026-04-02T12:00:00Z');
    const months = notificationMonths(
      [
        event('2026-03-10T10:00:00Z', '2026-03-10T10:04:00Z'),
        event('2026-03-11T10:00:00Z', '2026-03-11T10:10:00Z'),
        event('2026-03-12T10:00:00Z', '2026-03-12T10:45:00Z'),
        event('2026-03-13T10:00:00Z', null),
        event('2026-03-13T10:00:00Z', null, 'medication'),
        // 1 April 03:00 UTC is still March in Denver.
        event('2026-04-01T03:00:00Z', '2026-04-01T03:06:00Z'),
        event('2026-04-02T11:55:00Z', null),
        event('2026-03-10T10:00:00Z', null, 'seizure', 2),
      ],
      now,
    );
    expect(months.find((month) => month.clientId === 1 && month.month === '2026-03')).toEqual({
      clientId: 1,
      month: '2026-03',
      due: 5,
      onTime: 3,
      late: 1,
      overdue: 1,
      pending: 0,
      onTimePercent: 60,
      medianDelayMinutes: 8,
    });
    expect(months.find((month) => month.clientId === 1 && month.month === '2026-04')).toMatchObject({
      due: 0,
      pending: 1,
      onTimePercent: null,
      medianDelayMinutes: null,
    });
    expect(months.find((month) => month.clientId === 2)).toMatchObject({ overdue: 1, onTimePercent: 0 });
  });

  it('counts a call recorded before its event as not validly made, in the share and the median alike', () => {
    const now = new Date('2026-03-20T12:00:00Z');
    const occurred = (day: number) => `2026-03-${String(day).padStart(2, '0')}T10:00:00Z`;
    const minutesAfter = (day: number, minutes: number) =>
      new Date(Date.parse(occurred(day)) + minutes * 60_000).toISOString();
    // Four on time, four late (valid delays 2, 5, 8, 10, 45, 60, 70, 80), one never notified, and one
    // "notified" 20 minutes before it occurred.
    const delays = [2, 5, 8, 10, 45, 60, 70, 80];
    const [month] = notificationMonths(
      [
        ...delays.map((delay, day) => event(occurred(day + 1), minutesAfter(day + 1, delay))),
        event(occurred(10), null),
        event(occurred(11), minutesAfter(11, -20)),
      ],
      now,
    );
    // Counted as on time, the early one would give 50 % and a median of 10 minutes.
    expect(month).toMatchObject({
      due: 10,
      onTime: 4,
      late: 4,
      overdue: 2,
      onTimePercent: 40,
      medianDelayMinutes: 27.5,
    });
  });

  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([])).toBeNull();
    expect(median([7, 1, 3])).toBe(3);
    expect(median([10, 1, 3, 4])).toBe(3.5);
  });
});
