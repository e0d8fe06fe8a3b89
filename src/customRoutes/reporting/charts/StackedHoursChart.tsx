import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartFrame } from './ChartFrame';
import { anythingToPlot, plotted, seriesColor, useChartColors } from './chartStyle';
import { figuresTooltip } from './figuresTooltip';

/** One bar: its name and the hours of each of its parts (part key → "12.50"), as the server sent them. */
export interface StackedBar {
  key: string;
  label: string;
  hours: Readonly<Record<string, string>>;
}

/** A part of every bar, e.g. a month or a case. */
interface StackPart {
  key: string;
  label: string;
}

interface StackedHoursChartProps {
  title: string;
  bars: readonly StackedBar[];
  parts: readonly StackPart[];
  loading: boolean;
  emptyText: string;
  /** Horizontal bars suit long names (technologists); upright bars suit months. */
  horizontal: boolean;
  /** A legend of the parts; left out when there are too many to read (the tooltip names them). */
  legend: boolean;
}

const BAR_HEIGHT = 32;

/**
 * Bars made of parts stacked end to end; each part's length is the server's figure. The tooltip lists the
 * bar's parts with their hours; the bar's length is drawn, never written as a sum.
 */
export const StackedHoursChart = ({
  title,
  bars,
  parts,
  loading,
  emptyText,
  horizontal,
  legend,
}: StackedHoursChartProps) => {
  const colors = useChartColors();
  const data = bars.map((bar) => ({ bar, label: bar.label }));
  const tooltip = figuresTooltip<{ bar: StackedBar }>(
    ({ bar }) => bar.label,
    ({ bar }) =>
      parts
        .filter(({ key }) => bar.hours[key] !== undefined)
        .map(({ key, label }) => [label, bar.hours[key]] as const),
  );
  const categoryAxis = horizontal ? (
    <YAxis tick={{ fill: colors.axis }} type="category" dataKey="label" width={160} />
  ) : (
    <XAxis tick={{ fill: colors.axis }} type="category" dataKey="label" />
  );
  const valueAxis = horizontal ? (
    <XAxis tick={{ fill: colors.axis }} type="number" />
  ) : (
    <YAxis tick={{ fill: colors.axis }} type="number" />
  );
  return (
    <ChartFrame
      title={title}
      loading={loading}
      isEmpty={!anythingToPlot(bars.flatMap((bar) => Object.values(bar.hours)))}
      emptyText={emptyText}
      height={horizontal ? Math.max(160, bars.length * BAR_HEIGHT + 80) : 320}
    >
      <BarChart
        data={data}
        layout={horizontal ? 'vertical' : 'horizontal'}
        margin={{ top: 8, right: 16, bottom: 8, left: 8 }}
      >
        <CartesianGrid
          stroke={colors.grid}
          strokeDasharray="3 3"
          horizontal={!horizontal}
          vertical={horizontal}
        />
        {categoryAxis}
        {valueAxis}
        <Tooltip content={tooltip} />
        {/* In the order of the parts (months run in time order), not alphabetical. */}
        {legend && <Legend itemSorter={null} />}
        {parts.map((part, index) => (
          <Bar
            key={part.key}
            stackId="hours"
            name={part.label}
            dataKey={({ bar }: { bar: StackedBar }) => plotted(bar.hours[part.key])}
            fill={seriesColor(index)}
          />
        ))}
      </BarChart>
    </ChartFrame>
  );
};
