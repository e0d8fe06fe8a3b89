import MuiLink from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router-dom';
import type { ChangedStatement } from '../../contract/billingChanges';
import { PAGE_PATHS } from '../../contract/paths';
import { monthLabel } from '../customRoutes/billing/billingFormat';
import { HomeTable } from './HomeTable';
import { HomeWidget, type WidgetData } from './HomeWidget';

const TITLE = 'Statements changed since close';

/**
 * Billing's closed or invoiced months whose hours moved after they closed (a time log or billing note
 * revised since): each leads to its statement, which shows case by case what changed.
 */
export const ChangedStatements = ({ data, error }: WidgetData<ChangedStatement[]>) => (
  <HomeWidget title={TITLE} data={data} error={error}>
    {(rows) =>
      rows.length === 0 ? (
        <Typography color="text.secondary">Every closed month still matches its statement.</Typography>
      ) : (
        <HomeTable
          label={TITLE}
          headers={['Month', 'Client', 'Status', 'Hours at close', 'Hours now', 'Cases']}
        >
          {rows.map((row) => (
            <TableRow key={`${row.clientId} ${row.month}`}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <MuiLink component={Link} to={PAGE_PATHS.statement(row.clientId, row.month)}>
                  {monthLabel(row.month)}
                </MuiLink>
              </TableCell>
              <TableCell>{row.clientName}</TableCell>
              <TableCell>{row.status === 'invoiced' ? 'Invoiced' : 'Closed'}</TableCell>
              <TableCell align="right">{row.frozenHours}</TableCell>
              <TableCell align="right">{row.currentHours}</TableCell>
              <TableCell align="right">{row.cases}</TableCell>
            </TableRow>
          ))}
        </HomeTable>
      )
    }
  </HomeWidget>
);
