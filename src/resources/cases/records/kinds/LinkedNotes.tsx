import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useCanAccess } from 'react-admin';
import type { CaseDetails } from '../../../../../contract/cases';
import type { TimeLog } from '../../../../../contract/timeLogs';
import { formatInZone } from '../../../../dates';
import { useCaseNotesByIds, useTimeLogs } from '../recordQueries';

/**
 * Every note the case's time logs link, in ascending order: one `filterIds` read shared by every row of
 * the tab (the same ids, the same query), instead of one per log. Read from the tab's cached logs only.
 */
function useLinkedNoteIds(log: TimeLog, details: CaseDetails): number[] {
  const { data: logs } = useTimeLogs(details.id, false);
  return useMemo(
    () => [...new Set((logs ?? [log]).flatMap((each) => each.caseNoteIds))].sort((a, b) => a - b),
    [logs, log],
  );
}

/**
 * The case notes a time log links, read as notes (GET …/case-notes with the tab's `filterIds`), not as a
 * count; a role that may not read case notes (billing) sees the count and asks for nothing it would be refused.
 */
export const LinkedNotes = ({ log, details }: { log: TimeLog; details: CaseDetails }) => {
  const { canAccess: canRead = false } = useCanAccess({ resource: 'cases.case-notes', action: 'list' });
  const ids = useLinkedNoteIds(log, details);
  const linked = log.caseNoteIds.length;
  const { data, error } = useCaseNotesByIds(details.id, ids, canRead && linked > 0);
  if (linked === 0) return '—';
  if (!canRead) return `${linked} linked`;
  if (error) return `${linked} linked (not readable now: ${error.message})`;
  if (!data) return 'Reading the notes…';
  return (
    <Box component="ul" aria-label="Linked notes" sx={{ m: 0, pl: 2, minWidth: '16em' }}>
      {data
        .filter((note) => log.caseNoteIds.includes(note._id))
        .map((note) => (
          <li key={note._id}>
            <Typography variant="body2" component="span" color="text.secondary">
              {formatInZone(String(note.notedAt), details.client.timeZone)}
            </Typography>{' '}
            <Typography
              variant="body2"
              component="span"
              sx={note.voided ? { textDecoration: 'line-through' } : undefined}
            >
              {String(note.text)}
            </Typography>
            {note.voided && ' (voided)'}
          </li>
        ))}
    </Box>
  );
};
