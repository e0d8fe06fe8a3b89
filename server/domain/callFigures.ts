import { monthIn } from '../../contract/calendar';
import { escalationCount, firstReached } from '../../contract/callAttempts';
import { notificationDelayMinutes, ruleForEventType } from '../../contract/notifications';
import { median, type NotifiableEventRow, notificationMonths } from './notifications';
import type { OnTimeMonth } from './onTimeMonths';

/** A client's critical calls in one month, before the client's name is added. */
export type CallMonthFigures = OnTimeMonth & {
  calls: number;
  medianMinutesToReach: number | null;
  attempts: number;
  attemptsPerCall: number | null;
  escalations: number;
};

/**
 * The critical calls of these events per client and month (DESIGN §4 "Reports"): the on-time tally is the
 * notifications' own (closed by the first reached attempt with read-back, on time within the rule's
 * minutes); the rest is counted from the attempts.
 */
export function callMonths(events: readonly NotifiableEventRow[], now: Date): CallMonthFigures[] {
  const groups = new Map<string, NotifiableEventRow[]>();
  for (const event of events) {
    if (!ruleForEventType(event.rules, event.type)) continue;
    const key = `${event.clientId} ${monthIn(event.timeZone, new Date(event.occurredAt))}`;
    groups.set(key, [...(groups.get(key) ?? []), event]);
  }
  return notificationMonths(events, now).map(({ medianDelayMinutes: _delay, ...tally }) => {
    const items = groups.get(`${tally.clientId} ${tally.month}`) ?? [];
    const attempts = items.reduce((sum, event) => sum + event.attempts.length, 0);
    const reached = items.flatMap((event) => {
      const first = firstReached(event.attempts, event.occurredAt);
      return first ? [notificationDelayMinutes(event.occurredAt, first.at)] : [];
    });
    return {
      ...tally,
      calls: items.length,
      medianMinutesToReach: median(reached),
      attempts,
      attemptsPerCall: items.length > 0 ? Math.round((attempts / items.length) * 100) / 100 : null,
      escalations: items.reduce((sum, event) => sum + escalationCount(event.attempts), 0),
    };
  });
}
