import { monthLabel } from '../reportFormat';
import type { HoursByMonth } from '../reportPivot';
import { StackedHoursChart } from './StackedHoursChart';

interface CaseHoursChartProps {
  months: readonly string[];
  /** Each case's hours per month. */
  cases: readonly HoursByMonth[];
  loading?: boolean;
}

/**
 * A client's monitoring hours per month, each month's bar made of its cases. A client has dozens of cases,
 * too many for a legend: the tooltip names the month's cases.
 */
export const CaseHoursChart = ({ months, cases, loading = false }: CaseHoursChartProps) => (
  <StackedHoursChart
    title="Monitoring hours per case and month"
    bars={months.map((month) => ({
      key: month,
      label: monthLabel(month),
      hours: Object.fromEntries(
        cases.flatMap((found) => (found.hours[month] === undefined ? [] : [[found.key, found.hours[month]]])),
      ),
    }))}
    parts={cases.map(({ key, label }) => ({ key, label }))}
    loading={loading}
    emptyText="No case of this client was monitored in these months."
    horizontal={false}
    legend={false}
  />
);
