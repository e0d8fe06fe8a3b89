import { Bar, CartesianGrid, ComposedChart, Legend, Line, Tooltip, XAxis, YAxis } from 'recharts';
import { monthLabel } from '../reportFormat';
import { ChartFrame } from './ChartFrame';
import { anythingToPlot, plotted, useChartColors } from './chartStyle';
import { figuresTooltip } from './figuresTooltip';

/** A month's billable hours and amount, as the server sent them; no amount while the month has no rate. */
interface MonthHours {
  month: string;
  hours: string;
  amount: string | null;
}

interface MonthlyHoursChartProps {
  months: readonly MonthHours[];
  loading?: boolean;
  title?: string;
}

const NO_AMOUNT = 'no rate';
const tooltip = figuresTooltip<MonthHours>(
  ({ month }) => monthLabel(month),
  ({ hours, amount }) => [
    ['Hours', hours],
    ['Amount', amount ?? NO_AMOUNT],
  ],
);

/** Billable hours per month as bars, the amount as a line on its own axis (a month without a rate leaves a gap). */
export const MonthlyHoursChart = ({
  months,
  loading = false,
  title = 'Billable hours and amount per month',
}: MonthlyHoursChartProps) => {
  const colors = useChartColors();
  const data = months.map((figures) => ({
    ...figures,
    label: monthLabel(figures.month),
    hoursHeight: plotted(figures.hours),
    amountPoint: plotted(figures.amount),
  }));
  return (
    <ChartFrame
      title={title}
      loading={loading}
      isEmpty={!anythingToPlot(months.map(({ hours }) => hours))}
      emptyText="No billable hours in these months."
      height={320}
    >
      <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
        <CartesianGrid stroke={colors.grid} strokeDasharray="3 3" vertical={false} />
        <XAxis tick={{ fill: colors.axis }} dataKey="label" />
        <YAxis
          tick={{ fill: colors.axis }}
          yAxisId="hours"
          label={{ value: 'Hours', angle: -90, position: 'insideLeft' }}
        />
        <YAxis
          tick={{ fill: colors.axis }}
          yAxisId="amount"
          orientation="right"
          label={{ value: 'Amount', angle: 90, position: 'insideRight' }}
        />
        <Tooltip content={tooltip} />
        <Legend />
        <Bar yAxisId="hours" dataKey="hoursHeight" name="Hours" fill={colors.hours} />
        <Line yAxisId="amount" dataKey="amountPoint" name="Amount" stroke={colors.amount} strokeWidth={2} />
      </ComposedChart>
    </ChartFrame>
  );
};
