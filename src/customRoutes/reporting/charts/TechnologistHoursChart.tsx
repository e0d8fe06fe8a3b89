import { monthLabel } from '../reportFormat';
import type { HoursByMonth } from '../reportPivot';
import { StackedHoursChart } from './StackedHoursChart';

interface TechnologistHoursChartProps {
  months: readonly string[];
  /** Each technologist's hours per month. */
  technologists: readonly HoursByMonth[];
  loading?: boolean;
}

/** Monitoring hours per technologist, a horizontal bar each, its months stacked in order. */
export const TechnologistHoursChart = ({
  months,
  technologists,
  loading = false,
}: TechnologistHoursChartProps) => (
  <StackedHoursChart
    title="Monitoring hours per technologist"
    bars={technologists}
    parts={months.map((month) => ({ key: month, label: monthLabel(month) }))}
    loading={loading}
    emptyText="No technologist logged time in these months."
    horizontal
    legend
  />
);
