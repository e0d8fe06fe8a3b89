import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { ORDER_PRIORITIES } from '../../../../contract/turnaround';
import { PRIORITY_LABELS } from '../../../resources/cases/clocks/ClockStatus';
import type { TurnaroundRow } from '../monitoring/TurnaroundTable';
import { ChartFrame } from './ChartFrame';
import { useChartColors } from './chartStyle';

/** The share (%) of measured clocks met, over the rows of one priority; null when none was measured. */
function shareOf(rows: readonly TurnaroundRow[], target: 'hookup' | 'firstReview'): number | null {
  const measured = rows.reduce((sum, row) => sum + row[target].measured, 0);
  const met = rows.reduce((sum, row) => sum + row[target].met, 0);
  return measured === 0 ? null : Math.round((met / measured) * 1000) / 10;
}

/** Per priority, the share of orders hooked up and first reviewed within the targets, over the range. */
export const TurnaroundChart = ({
  rows,
  loading = false,
}: {
  rows: readonly TurnaroundRow[];
  loading?: boolean;
}) => {
  const colors = useChartColors();
  const data = ORDER_PRIORITIES.map((priority) => {
    const ofPriority = rows.filter((row) => row.priority === priority);
    return {
      label: PRIORITY_LABELS[priority],
      hookup: shareOf(ofPriority, 'hookup'),
      firstReview: shareOf(ofPriority, 'firstReview'),
    };
  });
  return (
    <ChartFrame
      title="Orders meeting their turnaround targets"
      loading={loading}
      isEmpty={rows.length === 0}
      emptyText="No order was placed in these months."
      height={280}
    >
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
        <CartesianGrid stroke={colors.grid} strokeDasharray="3 3" vertical={false} />
        <XAxis tick={{ fill: colors.axis }} dataKey="label" />
        <YAxis tick={{ fill: colors.axis }} domain={[0, 100]} unit="%" />
        <Tooltip />
        <Legend />
        <Bar dataKey="hookup" name="Hookup on time (%)" fill={colors.hours} />
        <Bar dataKey="firstReview" name="First review on time (%)" fill={colors.amount} />
      </BarChart>
    </ChartFrame>
  );
};
