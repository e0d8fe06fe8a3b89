import Box from '@mui/material/Box';
import type { Statement } from '../../../contract/billing';
import type { Fact } from '../../FactList';
import { FactSection } from '../../print/ReportSection';
import type { TimeFormat } from '../../print/reportFormat';
import { CycleStatusChip } from './BillingChips';
import { periodLabel } from './billingFormat';

interface StatementFactsProps {
  statement: Statement;
  time: TimeFormat;
}

/** Who is billed, and for which local month: the period is the client's calendar month, in its zone. */
export const ClientFacts = ({ statement: { client } }: { statement: Statement }) => (
  <FactSection
    title="Client"
    facts={[
      { label: 'Name', value: client.name },
      { label: 'Code', value: client.code },
      {
        label: 'Address',
        value: (
          <Box component="span" sx={{ whiteSpace: 'pre-line' }}>
            {client.address || '—'}
          </Box>
        ),
      },
      { label: 'Time zone', value: client.timeZone },
    ]}
  />
);

/** The month's status; once closed, who closed it and that the lines below are the ones frozen then. */
export const PeriodFacts = ({ statement, time }: StatementFactsProps) => {
  const { cycle, client } = statement;
  const facts: Fact[] = [
    { label: 'Period', value: periodLabel(statement.periodStart, statement.periodEnd, client.timeZone) },
    { label: 'Status', value: <CycleStatusChip status={cycle.status} /> },
  ];
  if (statement.frozen && cycle.closedAt)
    facts.push({
      label: 'Closed',
      value: `Closed on ${time(cycle.closedAt)} by ${cycle.closedBy}; lines frozen`,
    });
  if (cycle.invoicedAt)
    facts.push({ label: 'Invoiced', value: `Invoiced on ${time(cycle.invoicedAt)} by ${cycle.invoicedBy}` });
  return <FactSection title="Period and status" facts={facts} />;
};

/**
 * What the month comes to, so that it can be checked on paper: the amount is the server's, reckoned once from
 * the month's minutes (minutes × rate / 60, rounded once), in the client's currency.
 */
export const AmountFacts = ({ statement: { cycle, totals, client } }: { statement: Statement }) => (
  <FactSection
    title="Amount"
    facts={[
      { label: 'Total', value: `${totals.totalMinutes} min (${totals.totalHours} h)` },
      { label: 'Rate', value: cycle.rate ? `${client.currency} ${cycle.rate} per hour` : 'No rate set' },
      { label: 'Amount', value: totals.amount ? `${client.currency} ${totals.amount}` : 'No rate set' },
      ...(cycle.rate && totals.amount
        ? [
            {
              label: 'Reckoned as',
              value: `${totals.totalMinutes} min × ${cycle.rate} / h = ${totals.amount} ${client.currency}`,
            },
          ]
        : []),
    ]}
  />
);
