import type { NotificationStatus } from '../../contract/notifications';
import type { ReportStatus } from '../../contract/reportsDue';

/**
 * How a notification or a report fared against its deadline (DESIGN §4 "Notifications", "Reports due"): a
 * report still "due" counts as pending, like a notification not yet made.
 */
export type OnTimeStatus = NotificationStatus | ReportStatus;

/** How one client met one kind of deadline in one month (the client's own month). */
export type OnTimeMonth = {
  clientId: number;
  month: string;
  /** Due by now: on time + late + overdue (pending ones are not judged yet); overdue counts missed reports. */
  due: number;
  onTime: number;
  late: number;
  overdue: number;
  pending: number;
  /** `onTime / due` in percent, one decimal; null when none was due. */
  onTimePercent: number | null;
};

/**
 * Tallies items per client and month by their status, keeping each month's items for figures of its own
 * (e.g. a median delay); `place` leaves out an item by answering undefined.
 */
export function onTimeMonths<T>(
  items: Iterable<T>,
  place: (item: T) => { clientId: number; month: string; status: OnTimeStatus } | undefined,
): (OnTimeMonth & { items: T[] })[] {
  const months = new Map<string, OnTimeMonth & { items: T[] }>();
  for (const item of items) {
    const placed = place(item);
    if (!placed) continue;
    const { clientId, month, status } = placed;
    const key = `${clientId} ${month}`;
    let entry = months.get(key);
    if (!entry) {
      entry = {
        clientId,
        month,
        due: 0,
        onTime: 0,
        late: 0,
        overdue: 0,
        pending: 0,
        onTimePercent: null,
        items: [],
      };
      months.set(key, entry);
    }
    entry.items.push(item);
    if (status === 'on-time') entry.onTime += 1;
    else if (status === 'late') entry.late += 1;
    // A report missed before the final was signed is past due and never signed: overdue, not on time.
    else if (status === 'overdue' || status === 'missed') entry.overdue += 1;
    else entry.pending += 1;
  }
  return [...months.values()].map((entry) => {
    const due = entry.onTime + entry.late + entry.overdue;
    return { ...entry, due, onTimePercent: due === 0 ? null : Math.round((entry.onTime / due) * 1000) / 10 };
  });
}
