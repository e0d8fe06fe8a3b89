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
function earliestOf(...instants: (string | null)[]): string | null {
  const times = instants.filter((value): value is string => value !== null).map(Date.parse);
  return times.length === 0 ? null : iso(Math.min(...times));
}

/** Minutes from `start` to `end` on billing's minute grid (DESIGN: one function for every duration). */
const minutesBetween = (start: string, end: string) => spanMinutes(Date.parse(start), Date.parse(end));

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

/** An ordered case as the monthly report reads it: its client, the month of its order, its clocks. */
export interface OrderedCase {
  clientId: number;
  clientName: string;
  month: string;
  priority: OrderPriority;
  orderedAt: string;
  clocks: readonly Clock[];
}

/** The middle value (the mean of the two middle ones for an even count), or null of nothing. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/**
 * One target's figures over these clocks with the moment each interval started from: measured are the
 * clocks that ended (met) or are already breached while running; met are those met by their due time; the
 * median is of the intervals that ended.
 */
function figuresOf(measures: readonly { clock: Clock; from: string }[]): TargetFigures {
  const measured = measures.filter(({ clock }) => clock.metAt !== null || clock.breachedByMinutes !== null);
  const met = measured.filter(({ clock }) => clock.metAt !== null && clock.breachedByMinutes === null).length;
  const intervals = measured.flatMap(({ clock, from }) =>
    clock.metAt ? [minutesBetween(from, clock.metAt)] : [],
  );
  return {
    measured: measured.length,
    met,
    share: measured.length === 0 ? null : met / measured.length,
    medianMinutes: median(intervals),
  };
}

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
  cases: readonly OrderedCase[],
  callMonths: readonly CallsOfMonth[] = [],
): TurnaroundMonth[] {
  const groups = new Map<
    string,
    { clientId: number; clientName: string; month: string; cases: OrderedCase[] }
  >();
  const groupOf = (row: { clientId: number; clientName: string; month: string }) => {
    const key = `${row.clientId} ${row.month}`;
    const found = groups.get(key) ?? { ...row, cases: [] };
    groups.set(key, found);
    return found;
  };
  for (const each of cases) groupOf(each).cases.push(each);
  const calls = new Map(callMonths.map((row) => [`${row.clientId} ${row.month}`, row.calls]));
  for (const row of callMonths) groupOf(row);
  return [...groups.values()]
    .map((group) => ({
      clientId: group.clientId,
      clientName: group.clientName,
      month: group.month,
      orders: ORDER_PRIORITIES.map((priority) => {
        const ofPriority = group.cases.filter((each) => each.priority === priority);
        const measures = (kind: Clock['kind']) =>
          ofPriority.flatMap((each) => {
            const clock = each.clocks.find((found) => found.kind === kind);
            const hookup = each.clocks.find((found) => found.kind === 'hookup');
            const from = kind === 'hookup' ? each.orderedAt : hookup?.metAt;
            return clock && from ? [{ clock, from }] : [];
          });
        return {
          priority,
          orders: ofPriority.length,
          hookup: figuresOf(measures('hookup')),
          firstReview: figuresOf(measures('first-review')),
        };
      }),
      calls: calls.get(`${group.clientId} ${group.month}`) ?? null,
    }))
    .sort(
      (a, b) =>
        a.clientName.localeCompare(b.clientName) || a.clientId - b.clientId || a.month.localeCompare(b.month),
    );
}
