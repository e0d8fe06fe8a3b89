/** Billing months (`YYYY-MM`): the months of a range, a month's neighbours, and months billing cannot price. */

/** Every month from `from` to `to`, both included. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let [year, month] = from.split('-').map(Number) as [number, number];
  for (;;) {
    const current = `${year}-${String(month).padStart(2, '0')}`;
    if (current > to) return months;
    months.push(current);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
}

/** The month `offset` months after (or before, when negative) `month`. */
export function addMonths(month: string, offset: number): string {
  const [year, index] = month.split('-').map(Number) as [number, number];
  const total = year * 12 + (index - 1) + offset;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`;
}

/** A month with billable time and no rate: its amount cannot be worked out, and reports count it apart. */
export const isUnrated = ({ minutes, rate }: { minutes: number; rate: string | null }) =>
  minutes !== 0 && rate === null;
