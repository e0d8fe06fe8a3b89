import { format } from 'date-fns';
import { type MonthRange, monthRangeQuery } from '../../../../contract/billing';
import { addMonths } from '../../../../contract/billingMonths';

/** The current month in the user's calendar, `YYYY-MM`. */
const thisMonth = (now = new Date()) => format(now, 'yyyy-MM');

/** The `count` months ending with this month. */
export function lastMonths(count: number, now = new Date()): MonthRange {
  const to = thisMonth(now);
  return { from: addMonths(to, 1 - count), to };
}

export interface QuickRange {
  label: string;
  range: MonthRange;
}

/** The ranges a report is most often read over, one click away. */
export function quickRanges(now = new Date()): QuickRange[] {
  const to = thisMonth(now);
  return [
    { label: 'Last 3 months', range: lastMonths(3, now) },
    { label: 'Last 12 months', range: lastMonths(12, now) },
    { label: 'This year', range: { from: `${to.slice(0, 4)}-01`, to } },
  ];
}

/** Why the server would refuse the range (the contract's own messages), or `undefined` when it is fine. */
export function rangeProblem(range: MonthRange): string | undefined {
  const result = monthRangeQuery.safeParse(range);
  if (result.success) return undefined;
  return [...new Set(result.error.issues.map((issue) => issue.message))].join('. ');
}
