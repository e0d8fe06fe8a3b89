import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ClockCase } from '../../contract/turnaround';
import { CLOCK_LABELS, ClockStatus, PRIORITY_LABELS } from '../resources/cases/clocks/ClockStatus';
import { CaseLink } from './CaseLink';
import { HomeTable } from './HomeTable';
import { HomeWidget, type WidgetData } from './HomeWidget';
import { useMinuteTicks } from './useMinuteTicks';

const HEADERS = ['Case', 'Stage', 'Client', 'Patient', 'Priority', 'Clock', 'Status'];

/**
 * The active cases with a running turnaround clock (DESIGN §4 turn 4), the one nearest to breach first: the
 * clock's kind and how it stands, counted live; a breached clock in red with its minutes.
 */
export const TurnaroundBoard = ({ data, error }: WidgetData<ClockCase[]>) => {
  const now = useMinuteTicks();
  return (
    <HomeWidget title="Turnaround clocks" skeletonLines={3} data={data} error={error}>
      {(cases) =>
        cases.length === 0 ? (
          <Typography color="text.secondary">No turnaround clock is running.</Typography>
        ) : (
          <HomeTable label="Turnaround clocks" headers={HEADERS}>
            {cases.map((row) => (
              <TableRow key={row.id} data-testid={`clock-row-${row.caseNumber}`}>
                <TableCell>
                  <CaseLink caseNumber={row.caseNumber} stage={row.stage} id={row.id} />
                </TableCell>
                <TableCell>{row.stage}</TableCell>
                <TableCell>{row.clientName}</TableCell>
                <TableCell>{row.patientName || '—'}</TableCell>
                <TableCell>{row.priority ? PRIORITY_LABELS[row.priority] : 'No order'}</TableCell>
                <TableCell>{CLOCK_LABELS[row.nearest.kind]}</TableCell>
                <TableCell>
                  <ClockStatus clock={row.nearest} timeZone={row.clientTimeZone} now={now} />
                </TableCell>
              </TableRow>
            ))}
          </HomeTable>
        )
      }
    </HomeWidget>
  );
};
