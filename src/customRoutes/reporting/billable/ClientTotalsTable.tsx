import MuiLink from '@mui/material/Link';
import type { HoursSummary } from '../../../../contract/hourReports';
import { PAGE_PATHS } from '../../../../contract/paths';
import { ReportLink } from '../ReportLink';
import { csvFileName } from '../reportFormat';
import { ReportTable } from '../table/ReportTable';
import { amountColumn, casesColumn, hoursColumn } from './figureColumns';

type ClientSummary = HoursSummary['clients'][number];
type ClientTotals = ClientSummary['totals'] & Pick<ClientSummary, 'clientId' | 'clientName' | 'clientCode'>;

/** Each client's totals over the months, leading to the client's own report. */
export const ClientTotalsTable = ({ summary }: { summary: HoursSummary }) => (
  <ReportTable<ClientTotals>
    title="Billable hours per client"
    columns={[
      {
        label: 'Client',
        text: (row) => row.clientName,
        render: (row) => (
          <MuiLink component={ReportLink} to={PAGE_PATHS.clientBillableHours(row.clientId)}>
            {row.clientName}
          </MuiLink>
        ),
        total: 'Total',
      },
      { label: 'Code', text: (row) => row.clientCode },
      hoursColumn(summary.totals.hours),
      amountColumn(summary.totals.amount),
      {
        label: 'Months without rate',
        text: (row) => String(row.unratedMonths),
        numeric: true,
        total: String(summary.totals.unratedMonths),
      },
      casesColumn(summary.totals.cases),
    ]}
    rows={summary.clients.map(({ totals, clientId, clientName, clientCode }) => ({
      ...totals,
      clientId,
      clientName,
      clientCode,
    }))}
    rowKey={(row) => row.clientId}
    csvName={csvFileName('billable-hours-per-client', summary.from, summary.to)}
    emptyText="No client has billable hours in these months."
  />
);
