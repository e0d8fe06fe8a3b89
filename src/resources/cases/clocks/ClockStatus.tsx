import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { formatDuration, spanMinutes } from '../../../../contract/hours';
import type { Clock, ClockKind, OrderPriority } from '../../../../contract/turnaround';
import { formatInZone } from '../../../dates';

export const CLOCK_LABELS: Record<ClockKind, string> = {
  hookup: 'Hookup',
  'first-review': 'First review',
  preliminary: 'Preliminary report',
};

export const PRIORITY_LABELS: Record<OrderPriority, string> = {
  stat: 'STAT',
  urgent: 'Urgent',
  routine: 'Routine',
};

/**
 * How a running clock is breached at `now` (whole minutes on billing's grid), or null while within target:
 * the server's figure moves on with the browser's clock between refreshes.
 */
function breachedAt(clock: Clock, now: number): number | null {
  if (clock.metAt !== null) return clock.breachedByMinutes;
  const late = spanMinutes(Date.parse(clock.dueBy), now);
  return Date.parse(clock.dueBy) < now && late > 0 ? late : null;
}

/** A clock as plain words (the print): due by, met at (and how late), or breached by how much so far. */
export function clockText(clock: Clock, timeZone: string, now: number): string {
  const breached = breachedAt(clock, now);
  const due = `due by ${formatInZone(clock.dueBy, timeZone)}`;
  if (clock.metAt !== null)
    return `Met ${formatInZone(clock.metAt, timeZone)}${breached === null ? '' : `, ${formatDuration(breached)} late`} (${due})`;
  return breached === null ? `Running, ${due}` : `Breached by ${formatDuration(breached)} (${due})`;
}

/** A clock as words: "Met Nov 23, 04:05 MST", "Breached by 37 min" (red), "Due in 45 min". */
export const ClockStatus = ({ clock, timeZone, now }: { clock: Clock; timeZone: string; now: number }) => {
  const dueBy = `Due by ${formatInZone(clock.dueBy, timeZone)}`;
  const breached = breachedAt(clock, now);
  if (clock.metAt !== null)
    return (
      <Tooltip title={dueBy}>
        <span>
          {`Met ${formatInZone(clock.metAt, timeZone)}`}
          {breached === null ? '' : `, ${formatDuration(breached)} late`}
        </span>
      </Tooltip>
    );
  if (breached !== null)
    return (
      <Tooltip title={dueBy}>
        <Chip size="small" color="error" label={`Breached by ${formatDuration(breached)}`} />
      </Tooltip>
    );
  const left = spanMinutes(now, Date.parse(clock.dueBy));
  return (
    <Tooltip title={dueBy}>
      <span>{left === 0 ? 'Due now' : `Due in ${formatDuration(left)}`}</span>
    </Tooltip>
  );
};
