import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { CaseDetails } from '../../../../../contract/cases';
import type { TimeLog } from '../../../../../contract/timeLogs';
import { formatInZone } from '../../../../dates';
import { useCaseNotesByIds } from '../recordQueries';

/** The case notes a time log links, read as notes (GET …/case-notes with its `filterIds`), not as a count. */
export const LinkedNotes = ({ log, details }: { log: TimeLog; details: CaseDetails }) => {
  const { data, error } = useCaseNotesByIds(details.id, log.caseNoteIds);
  if (log.caseNoteIds.length === 0) return '—';
  if (error) return `${log.caseNoteIds.length} linked (not readable now: ${error.message})`;
  if (!data) return 'Reading the notes…';
  return (
    <Box component="ul" aria-label="Linked notes" sx={{ m: 0, pl: 2, minWidth: '16em' }}>
      {data.map((note) => (
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
