import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import type { StatementChange } from '../../../contract/billing';
import { hoursOf } from '../../../contract/hours';
import type { TimeFormat } from '../../print/reportFormat';

const KIND_LABELS: Record<StatementChange['revisions'][number]['kind'], string> = {
  'time-logs': 'Time log',
  'billing-notes': 'Billing note',
};

function figures(change: StatementChange) {
  const parts = [`billable ${hoursOf(change.frozenMinutes)} → ${hoursOf(change.currentMinutes)} h`];
  if (change.frozenAdjustMinutes !== change.currentAdjustMinutes)
    parts.push(
      `adjustments ${hoursOf(change.frozenAdjustMinutes)} → ${hoursOf(change.currentAdjustMinutes)} h`,
    );
  return parts.join('; ');
}

/**
 * Cases whose time logs or billing notes changed after the month closed: the statement keeps the frozen
 * figures, so billing staff see here what the current ones are and who changed what, when.
 */
export const StatementChanges = ({
  changes,
  time,
}: {
  changes: readonly StatementChange[];
  time: TimeFormat;
}) =>
  changes.length === 0 ? null : (
    // A region of its own (an Alert's role would hide its name): readers can jump to it.
    <Box component="section" aria-label="Changed since closing" sx={{ mt: 3 }}>
      <Alert severity="warning">
        <AlertTitle>Changed since closing</AlertTitle>
        The lines below are the ones frozen at closing. Reopen the month to bill the current figures.
        <ul>
          {changes.map((change) => (
            <li key={change.caseId}>
              <strong>{change.caseNumber}</strong>: {figures(change)}
              <ul>
                {change.revisions.map((revision) => (
                  <li key={`${revision.kind}-${revision.itemId}-${revision.revision}`}>
                    {KIND_LABELS[revision.kind]} {revision.itemId}, revision {revision.revision}, by{' '}
                    {revision.author} on {time(revision.createdAt)}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </Alert>
    </Box>
  );
