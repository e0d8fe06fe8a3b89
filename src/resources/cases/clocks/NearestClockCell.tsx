import Typography from '@mui/material/Typography';
import type { CaseRow } from '../../../../contract/cases';
import { nearestClock } from '../../../../contract/turnaroundRules';
import { useMinuteTicks } from '../../../dashboard/useMinuteTicks';
import { CLOCK_LABELS, ClockStatus, PRIORITY_LABELS } from './ClockStatus';

/** A list row's clock nearest to breach with its priority; "No order" or a dash when none runs. */
export const NearestClockCell = ({ row }: { row: CaseRow }) => {
  const now = useMinuteTicks();
  const clock = nearestClock(row.clocks);
  const priority = row.order?.priority ? PRIORITY_LABELS[row.order.priority] : row.order ? '' : 'No order';
  return (
    <>
      {clock ? <ClockStatus clock={clock} timeZone={row.clientTimeZone} now={now} /> : '—'}
      <Typography variant="body2" color="text.secondary">
        {[priority, clock ? CLOCK_LABELS[clock.kind] : ''].filter(Boolean).join(' · ')}
      </Typography>
    </>
  );
};
