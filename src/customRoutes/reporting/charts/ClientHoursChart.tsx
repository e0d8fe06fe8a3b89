import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import type { HoursSummary } from '../../../../contract/hourReports';
import { ChartFrame } from './ChartFrame';
import { anythingToPlot, plotted, useChartColors } from './chartStyle';
import { figuresTooltip } from './figuresTooltip';

/** A client's totals over the range, as the server summed them. */
export interface ClientHours {
  clientId: number;
  clientName: string;
  hours: string;
  amount: string;
}

/** The clients' totals of a summary, as this chart takes them. */
export const clientHoursOf = (summary: HoursSummary): ClientHours[] =>
  summary.clients.map(({ clientId, clientName, totals }) => ({
    clientId,
    clientName,
    hours: totals.hours,
    amount: totals.amount,
  }));

/** More bars than this would not be read: the chart keeps the clients with the most hours. */
const TOP_CLIENTS = 10;
const BAR_HEIGHT = 32;

const tooltip = figuresTooltip<ClientHours>(
  ({ clientName }) => clientName,
  ({ hours, amount }) => [
    ['Hours', hours],
    ['Amount', amount],
  ],
);

interface ClientHoursChartProps {
  clients: readonly ClientHours[];
  loading?: boolean;
}

/** Billable hours per client over the range, most first, one horizontal bar each. */
export const ClientHoursChart = ({ clients, loading = false }: ClientHoursChartProps) => {
  const colors = useChartColors();
  const top = [...clients]
    .sort((a, b) => (plotted(b.hours) ?? 0) - (plotted(a.hours) ?? 0))
    .slice(0, TOP_CLIENTS)
    .map((client) => ({ ...client, hoursLength: plotted(client.hours) }));
  return (
    <ChartFrame
      title="Billable hours per client"
      note={
        clients.length > TOP_CLIENTS
          ? `The ${TOP_CLIENTS} clients with the most hours, of ${clients.length}.`
          : undefined
      }
      loading={loading}
      isEmpty={!anythingToPlot(clients.map(({ hours }) => hours))}
      emptyText="No client has billable hours in these months."
      height={Math.max(160, top.length * BAR_HEIGHT + 48)}
    >
      <BarChart data={top} layout="vertical" margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
        <CartesianGrid stroke={colors.grid} strokeDasharray="3 3" horizontal={false} />
        <XAxis tick={{ fill: colors.axis }} type="number" />
        <YAxis tick={{ fill: colors.axis }} type="category" dataKey="clientName" width={200} />
        <Tooltip content={tooltip} />
        <Bar dataKey="hoursLength" name="Hours" fill={colors.hours} />
      </BarChart>
    </ChartFrame>
  );
};
