import MuiLink from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { HoursSummary, MonthFigures } from '../../../../contract/hourReports';
import { PAGE_PATHS } from '../../../../contract/paths';
import { ReportLink } from '../ReportLink';
import { csvFileName, monthLabel } from '../reportFormat';
import { beforeFirstActivity, newestMonthsSince } from '../reportMonths';
import { ReportTable } from '../table/ReportTable';
import type { ReportColumn } from '../table/reportColumns';
import { NO_RATE, unratedNote } from './figureColumns';

export type SummaryFigure = 'hours' | 'amount';
type ClientSummary = HoursSummary['clients'][number];

/** A month without a rate, marked in words so that it does not rely on colour. */
const NoRate = () => (
  <Typography
    component="span"
    variant="caption"
    color="text.secondary"
    sx={{ display: 'block', fontStyle: 'italic' }}
  >
    {NO_RATE.toLowerCase()}
  </Typography>
);

/** The cell of one client's month: its hours (marked when hours wait for a rate), or its amount. */
function monthColumn(
  month: string,
  summary: HoursSummary,
  figure: SummaryFigure,
): ReportColumn<ClientSummary> {
  // The server answers every month of the range for each client; should one be missing, it shows a dash.
  // A month before the client's first hours or cases is left blank: the client had nothing to bill yet.
  const figuresOf = (client: ClientSummary): MonthFigures | undefined =>
    beforeFirstActivity(client.months, month)
      ? undefined
      : client.months.find((found) => found.month === month);
  const monthTotal = summary.monthTotals.find((found) => found.month === month);
  return {
    label: monthLabel(month),
    numeric: true,
    text: (client) => {
      const figures = figuresOf(client);
      if (!figures) return '';
      return figure === 'hours' ? figures.hours : (figures.amount ?? NO_RATE);
    },
    render: (client) => {
      const figures = figuresOf(client);
      if (!figures) return '';
      if (figure === 'amount') return figures.amount ?? <NoRate />;
      return (
        <>
          {figures.hours}
          {figures.amount === null && figures.minutes !== 0 && <NoRate />}
        </>
      );
    },
    total: monthTotal?.[figure] ?? '',
  };
}

interface SummaryTableProps {
  summary: HoursSummary;
  figure: SummaryFigure;
}

/**
 * Clients × months of hours or amounts: the client and its total first, then the months newest first from
 * the first month with hours (the months' totals below), so what matters is in view without scrolling.
 */
export const SummaryTable = ({ summary, figure }: SummaryTableProps) => {
  const active = (month: string) =>
    summary.monthTotals.some((total) => total.month === month && (total.minutes !== 0 || total.cases !== 0));
  const months = newestMonthsSince(summary.months, active);
  return (
    <ReportTable<ClientSummary>
      title={figure === 'hours' ? 'Billable hours by client and month' : 'Amounts by client and month'}
      columns={[
        {
          label: 'Client',
          text: (client) => client.clientName,
          render: (client) => (
            <MuiLink component={ReportLink} to={PAGE_PATHS.clientBillableHours(client.clientId)}>
              {client.clientName}
            </MuiLink>
          ),
          total: 'Total',
        },
        {
          label: 'Total',
          text: (client) => client.totals[figure],
          numeric: true,
          total: summary.totals[figure],
        },
        ...months.map((month) => monthColumn(month, summary, figure)),
      ]}
      rows={summary.clients}
      rowKey={(client) => client.clientId}
      csvName={csvFileName(
        `billable-${figure === 'hours' ? 'hours' : 'amounts'}-summary`,
        summary.from,
        summary.to,
      )}
      emptyText="No client has billable hours in these months."
      note={unratedNote(summary.totals.unratedMonths)}
    />
  );
};
