import { Link } from 'react-admin';
import type { HoursSummary, MonthFigures } from '../../../contract/hourReports';
import { PAGE_PATHS } from '../../../contract/paths';
import { type ReportRow, ReportTable } from '../../print/ReportTable';
import { CycleStatusChip, NeedsRateChip } from './BillingChips';
import { monthLabel, needsRate } from './billingFormat';
import { skeletonRows } from './skeletonRows';

type SummaryClient = HoursSummary['clients'][number];

interface BillingClientsTableProps {
  thisMonth: string;
  lastMonth: string;
  /** Undefined while loading: skeleton rows stand in. */
  clients?: readonly SummaryClient[];
}

const figuresOf = (client: SummaryClient, month: string): MonthFigures | undefined =>
  client.months.find((figures) => figures.month === month);

function rateCell(figures: MonthFigures | undefined) {
  if (figures?.rate) return figures.rate;
  return figures && needsRate(figures) ? <NeedsRateChip /> : '—';
}

const clientRow = (client: SummaryClient, thisMonth: string, lastMonth: string): ReportRow => {
  const now = figuresOf(client, thisMonth);
  const last = figuresOf(client, lastMonth);
  return {
    key: client.clientId,
    cells: [
      <Link key="client" to={PAGE_PATHS.billingClient(client.clientId)}>
        {client.clientName}
      </Link>,
      now?.hours ?? '—',
      last?.hours ?? '—',
      rateCell(last),
      last ? <CycleStatusChip key="status" status={last.status} /> : '—',
      last?.amount ?? '—',
    ],
  };
};

/**
 * One row per client: this month's hours so far, and last month, the one to bill: its hours, rate,
 * status and amount, as the server summed them.
 */
export const BillingClientsTable = ({ thisMonth, lastMonth, clients }: BillingClientsTableProps) => {
  const last = monthLabel(lastMonth);
  return (
    <ReportTable
      label={clients ? 'Clients to bill' : 'Clients to bill, loading'}
      head={[
        'Client',
        `${monthLabel(thisMonth)} hours`,
        `${last} hours`,
        `${last} rate`,
        `${last} status`,
        `${last} amount`,
      ]}
      rows={clients ? clients.map((client) => clientRow(client, thisMonth, lastMonth)) : skeletonRows(6)}
    />
  );
};
