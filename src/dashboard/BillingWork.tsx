import Box from '@mui/material/Box';
import MuiLink from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { addMonths } from '../../contract/billingMonths';
import type { MonthFigures } from '../../contract/hourReports';
import { PAGE_PATHS } from '../../contract/paths';
import { browserMonth, monthLabel, needsRate } from '../customRoutes/billing/billingFormat';
import { useChangedStatements, useHoursSummary } from '../customRoutes/billing/billingQueries';
import { ChangedStatements } from './ChangedStatements';
import { HomeTable } from './HomeTable';
import { HomeWidget } from './HomeWidget';

/** The months billing looks back over from its home. */
const LOOK_BACK = 12;

type ClientMonth = MonthFigures & { clientId: number; clientName: string };

interface MonthsWidgetProps {
  title: string;
  months?: ClientMonth[];
  error?: Error | null;
  none: string;
  /** Where a row leads: the client's cycles, or the month's statement. */
  linkTo: (row: ClientMonth) => string;
  /** The last column's header and cell. */
  figure: [header: string, cell: (row: ClientMonth) => string];
}

const MonthsWidget = ({ title, months, error, none, linkTo, figure: [header, cell] }: MonthsWidgetProps) => (
  <HomeWidget title={title} data={months} error={error}>
    {(rows) =>
      rows.length === 0 ? (
        <Typography color="text.secondary">{none}</Typography>
      ) : (
        <HomeTable label={title} headers={['Month', 'Client', 'Hours', header]}>
          {rows.map((row) => (
            <TableRow key={`${row.clientId} ${row.month}`}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <MuiLink component={Link} to={linkTo(row)}>
                  {monthLabel(row.month)}
                </MuiLink>
              </TableCell>
              <TableCell>{row.clientName}</TableCell>
              <TableCell align="right">{row.hours}</TableCell>
              <TableCell align="right">{cell(row)}</TableCell>
            </TableRow>
          ))}
        </HomeTable>
      )
    }
  </HomeWidget>
);

/**
 * Billing's own work on its home: over the last twelve finished months, the clients' months with hours but
 * no rate yet (they cannot be billed), and the months that have a rate but are still open (to close), from
 * the hours summary the billing pages read, newest month first; and, from a call of its own, the closed
 * months whose hours changed since they closed.
 */
export const BillingWork = () => {
  // Read once: the home keeps its months if it stays open past midnight at a month's end.
  const [thisMonth] = useState(browserMonth);
  const range = { from: addMonths(thisMonth, -LOOK_BACK), to: addMonths(thisMonth, -1) };
  const { data, error } = useHoursSummary(range);
  const changed = useChangedStatements();
  const months = data?.clients
    .flatMap(({ clientId, clientName, months }) =>
      months.map((month) => ({ ...month, clientId, clientName })),
    )
    .sort((a, b) => b.month.localeCompare(a.month) || a.clientName.localeCompare(b.clientName));
  const needingRate = months?.filter(needsRate);
  const toClose = months?.filter(
    (month) => month.status === 'open' && month.minutes > 0 && month.rate !== null,
  );
  return (
    <>
      <Typography variant="h6" component="h2">
        Billing work
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
        <MonthsWidget
          title="Months needing a rate"
          months={needingRate}
          error={error}
          none="Every month with hours has a rate."
          linkTo={(row) => PAGE_PATHS.billingClient(row.clientId)}
          figure={['Cases', (row) => String(row.cases)]}
        />
        <MonthsWidget
          title="Months to close"
          months={toClose}
          error={error}
          none="No finished month is waiting to be closed."
          linkTo={(row) => PAGE_PATHS.statement(row.clientId, row.month)}
          figure={['Amount', (row) => row.amount ?? '']}
        />
        <ChangedStatements data={changed.data} error={changed.error} />
      </Box>
    </>
  );
};
