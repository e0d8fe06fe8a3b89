import { HOUR_MS, MINUTE_MS, spanMinutes } from '../../contract/hours';
import {
  type Clock,
  DEFAULT_TURNAROUND_TARGETS,
  type OrderPriority,
  type TurnaroundTargets,
} from '../../contract/turnaround';

/**
 * Turnaround clocks (DESIGN §4 "Orders and critical calls (turn 4)"), in instants only (a DST change or the
 * client's zone moves nothing):
 * - hookup: due at the order + the priority's `orderToHookupMinutes`; met by the first hookup log's start,
 *   else by `recordingStart`;
 * - first review: due at the hookup + `hookupToFirstReviewMinutes`; met by the earliest of a reader's
 *   "reviewed" action and the first signed interpretation; it starts only once the hookup is met;
 * - preliminary: due at `recordingStart` + `reportTurnaroundHours`; met by the first signed preliminary.
 * A case without an order (or a hospital order without a time) runs no order clocks, only the preliminary's
 * once it records. A closed case's clocks that were never met are dropped: it owes them no more.
 */

export interface ClockInput {
  orderedAt: string | null;
  priority: OrderPriority | null;
  /** The protocol's targets, null when it has none (the defaults hold). */
  targets: TurnaroundTargets | null;
  /** The protocol's preliminary turnaround. */
  reportTurnaroundHours: number;
  firstHookupAt: string | null;
  recordingStart: string | null;
  firstReviewedAt: string | null;
  firstSignedAt: string | null;
  firstPrelimSignedAt: string | null;
  closed: boolean;
}

const iso = (instant: number) => new Date(instant).toISOString();

/** The earliest of these instants (ISO strings), or null. */
export function earliestOf(...instants: (string | null)[]): string | null {
  const times = instants.filter((value): value is string => value !== null).map(Date.parse);
  return times.length === 0 ? null : iso(Math.min(...times));
}

/** Minutes from `start` to `end` on billing's minute grid (DESIGN: one function for every duration). */
export const minutesBetween = (start: string, end: string) => spanMinutes(Date.parse(start), Date.parse(end));

function clock(kind: Clock['kind'], due: number, metAt: string | null, now: number): Clock {
  const end = metAt === null ? now : Date.parse(metAt);
  const late = end > due ? spanMinutes(due, end) : 0;
  return { kind, dueBy: iso(due), metAt, breachedByMinutes: late > 0 ? late : null };
}

export function turnaroundClocks(input: ClockInput, now: Date): Clock[] {
  const at = now.getTime();
  const clocks: Clock[] = [];
  const hookupAt = input.firstHookupAt ?? input.recordingStart;
  if (input.orderedAt !== null && input.priority !== null) {
    const targets = (input.targets ?? DEFAULT_TURNAROUND_TARGETS)[input.priority];
    clocks.push(
      clock('hookup', Date.parse(input.orderedAt) + targets.orderToHookupMinutes * MINUTE_MS, hookupAt, at),
    );
    if (hookupAt !== null)
      clocks.push(
        clock(
          'first-review',
          Date.parse(hookupAt) + targets.hookupToFirstReviewMinutes * MINUTE_MS,
          earliestOf(input.firstReviewedAt, input.firstSignedAt),
          at,
        ),
      );
  }
  if (input.recordingStart !== null)
    clocks.push(
      clock(
        'preliminary',
        Date.parse(input.recordingStart) + input.reportTurnaroundHours * HOUR_MS,
        input.firstPrelimSignedAt,
        at,
      ),
    );
  return input.closed ? clocks.filter((each) => each.metAt !== null) : clocks;
}
