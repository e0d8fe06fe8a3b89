import Alert from '@mui/material/Alert';
import type { HoursSummary } from '../../../contract/hourReports';
import { clientCount, monthLabel, needsRate } from './billingFormat';

interface RateNeededSummaryProps {
  clients: HoursSummary['clients'];
  /** The month to bill: last month. */
  month: string;
}

/** The one line billing staff read first: how many clients' month cannot be closed yet for want of a rate. */
export const RateNeededSummary = ({ clients, month }: RateNeededSummaryProps) => {
  const waiting = clients.filter(({ months }) =>
    months.some((figures) => figures.month === month && needsRate(figures)),
  ).length;
  const label = monthLabel(month);
  return waiting === 0 ? (
    <Alert severity="success">Every client with hours in {label} has a rate.</Alert>
  ) : (
    <Alert severity="warning">
      {clientCount(waiting)} still {waiting === 1 ? 'needs' : 'need'} a rate for {label}
    </Alert>
  );
};
