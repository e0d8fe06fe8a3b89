import type { CallFigures } from '../../contract/callAttempts';
import { HOUR_MS, MINUTE_MS, spanMinutes } from '../../contract/hours';
import {
  type Clock,
  DEFAULT_TURNAROUND_TARGETS,
  ORDER_PRIORITIES,
  type OrderPriority,
  type TargetFigures,
  type TurnaroundMonth,
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

/** A case's clock inputs; instants are milliseconds since the epoch (the rows' own times, not text). */
export interface ClockInput {
  orderedAt: number | null;
  priority: OrderPriority | null;
  /** The protocol's targets, null when it has none (the defaults hold). */
  targets: TurnaroundTargets | null;
  /** The protocol's preliminary turnaround. */
  reportTurnaroundHours: number;
  firstHookupAt: number | null;
  recordingStart: number | null;
  firstReviewedAt: number | null;
  firstSignedAt: number | null;
  firstPrelimSignedAt: number | null;
  closed: boolean;
}

const iso = (instant: number) => new Date(instant).toISOString();

/** The earlier of two instants, or the one there is, or null. */
const earlierOf = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));

function clock(kind: Clock['kind'], due: number, metAt: number | null, now: number): Clock {
  const end = metAt === null ? now : metAt;
  // Stryker disable next-line ConditionalExpression,EqualityOperator: an empty or reversed span has 0 minutes.
  const late = end > due ? spanMinutes(due, end) : 0;
  return {
    kind,
    dueBy: iso(due),
    metAt: metAt === null ? null : iso(metAt),
    breachedByMinutes: late > 0 ? late : null,
  };
}

export function turnaroundClocks(input: ClockInput, now: Date): Clock[] {
  const at = now.getTime();
  const clocks: Clock[] = [];
  const hookupAt = input.firstHookupAt ?? input.recordingStart;
  if (input.orderedAt !== null && input.priority !== null) {
    const targets = (input.targets ?? DEFAULT_TURNAROUND_TARGETS)[input.priority];
    clocks.push(clock('hookup', input.orderedAt + targets.orderToHookupMinutes * MINUTE_MS, hookupAt, at));
    if (hookupAt !== null)
      clocks.push(
        clock(
          'first-review',
          hookupAt + targets.hookupToFirstReviewMinutes * MINUTE_MS,
          earlierOf(input.firstReviewedAt, input.firstSignedAt),
          at,
        ),
      );
  }
  if (input.recordingStart !== null)
    clocks.push(
      clock(
        'preliminary',
        input.recordingStart + input.reportTurnaroundHours * HOUR_MS,
        input.firstPrelimSignedAt,
        at,
      ),
    );
  return input.closed ? clocks.filter((each) => each.metAt !== null) : clocks;
}

/** How one target was kept over a client's month of one priority, as the database counts it. */
interface TargetCounts {
  /** Clocks that ended (met), or that are already breached while running. */
  measured: number;
  /** Clocks met by their due time. */
  met: number;
  /** The median minutes of the intervals that ended, null when none did. */
  medianMinutes: number | null;
}

/** A client's orders of one priority placed in one month, with how their hookup and first review went. */
export interface OrdersOfMonth {
  clientId: number;
  clientName: string;
  month: string;
  priority: OrderPriority;
  orders: number;
  hookup: TargetCounts;
  firstReview: TargetCounts;
}

const NONE: TargetCounts = { measured: 0, met: 0, medianMinutes: null };

const figuresOf = ({ measured, met, medianMinutes }: TargetCounts = NONE): TargetFigures => ({
  measured,
  met,
  share: measured === 0 ? null : met / measured,
  medianMinutes,
});

/** A client's critical calls in one month, as the turnaround report's month carries them. */
export interface CallsOfMonth {
  clientId: number;
  clientName: string;
  month: string;
  calls: CallFigures;
}

/**
 * Per client and month (sorted), per priority: orders, and how the hookup and first-review targets were
 * kept; with the month's critical calls (null when none). A month with calls but no order lists every
 * priority with none.
 */
export function turnaroundMonths(
  orders: readonly OrdersOfMonth[],
  callMonths: readonly CallsOfMonth[] = [],
): TurnaroundMonth[] {
  const groups = new Map<
    string,
    { clientId: number; clientName: string; month: string; orders: OrdersOfMonth[] }
  >();
  const groupOf = (row: { clientId: number; clientName: string; month: string }) => {
    const key = `${row.clientId} ${row.month}`;
    const found = groups.get(key) ?? {
      clientId: row.clientId,
      clientName: row.clientName,
      month: row.month,
      orders: [],
    };
    groups.set(key, found);
    return found;
  };
  for (const each of orders) groupOf(each).orders.push(each);
  const calls = new Map(callMonths.map((row) => [`${row.clientId} ${row.month}`, row.calls]));
  for (const row of callMonths) groupOf(row);
  return [...groups.values()]
    .map((group) => ({
      clientId: group.clientId,
      clientName: group.clientName,
      month: group.month,
      orders: ORDER_PRIORITIES.map((priority) => {
        const found = group.orders.find((each) => each.priority === priority);
        return {
          priority,
          orders: found?.orders ?? 0,
          hookup: figuresOf(found?.hookup),
          firstReview: figuresOf(found?.firstReview),
        };
      }),
      calls: calls.get(`${group.clientId} ${group.month}`) ?? null,
    }))
    .sort(
      (a, b) =>
        a.clientName.localeCompare(b.clientName) || a.clientId - b.clientId || a.month.localeCompare(b.month),
    );
}
