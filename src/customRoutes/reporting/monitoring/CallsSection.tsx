import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import type { CallFigures } from '../../../../contract/callAttempts';
import type { TurnaroundMonth } from '../../../../contract/turnaround';
import { ChartFrame } from '../charts/ChartFrame';
import { useChartColors } from '../charts/chartStyle';
import { ReportTable } from '../table/ReportTable';
import type { ReportColumn } from '../table/reportColumns';

const orDash = (value: number | null) => (value === null ? '—' : String(value));

/** One row per client and month that had critical calls. */
type CallRow = Pick<TurnaroundMonth, 'clientId' | 'clientName' | 'month'> & CallFigures;

const callRows = (months: readonly TurnaroundMonth[]): CallRow[] =>
  months.flatMap(({ clientId, clientName, month, calls }) =>
    calls ? [{ clientId, clientName, month, ...calls }] : [],
  );

const COLUMNS: readonly ReportColumn<CallRow>[] = [
  { label: 'Client', text: (row) => row.clientName },
  { label: 'Month', text: (row) => row.month },
  { label: 'Calls', text: (row) => String(row.calls), numeric: true },
  { label: 'Closed on time', text: (row) => String(row.onTime), numeric: true },
  { label: 'Closed late', text: (row) => String(row.late), numeric: true },
  { label: 'Not closed', text: (row) => String(row.overdue), numeric: true },
  { label: 'On time (%)', text: (row) => orDash(row.onTimePercent), numeric: true },
  { label: 'Median to reach (min)', text: (row) => orDash(row.medianMinutesToReach), numeric: true },
  { label: 'Attempts per call', text: (row) => orDash(row.attemptsPerCall), numeric: true },
  { label: 'Escalations', text: (row) => String(row.escalations), numeric: true },
];

/**
 * Critical-result calls per client and month (DESIGN §4 "Orders and critical calls"), the `calls` of the
 * turnaround report's months: the share closed on time as a chart, and every figure in a table with its CSV
 * (shown once the report has come).
 */
export const CallsSection = ({
  months,
  loading,
  csvName,
}: {
  months: readonly TurnaroundMonth[] | undefined;
  loading: boolean;
  csvName: string;
}) => {
  const colors = useChartColors();
  const rows = callRows(months ?? []);
  const bars = rows.map((row) => ({ ...row, label: `${row.clientName} ${row.month}` }));
  return (
    <>
      <ChartFrame
        title="Critical calls closed on time"
        loading={loading}
        isEmpty={rows.every((row) => row.onTimePercent === null)}
        emptyText="No critical call was due in these months."
        height={Math.max(160, bars.length * 32 + 48)}
      >
        <BarChart data={bars} layout="vertical" margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
          <CartesianGrid stroke={colors.grid} strokeDasharray="3 3" horizontal={false} />
          <XAxis tick={{ fill: colors.axis }} type="number" domain={[0, 100]} unit="%" />
          <YAxis tick={{ fill: colors.axis }} type="category" dataKey="label" width={220} />
          <Tooltip />
          <Bar dataKey="onTimePercent" name="On time (%)" fill={colors.hours} />
        </BarChart>
      </ChartFrame>
      {months && (
        <ReportTable
          title="Critical calls per client"
          columns={COLUMNS}
          rows={rows}
          rowKey={(row) => `${row.clientId} ${row.month}`}
          csvName={csvName}
          emptyText="No event called for a critical call in these months."
          note="Closed: reached someone who read the result back. Escalations: attempts that moved to another contact."
        />
      )}
    </>
  );
};
