import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { CaseRow, Technologist } from '../../../../contract/cases';
import { CaseCard } from './CaseCard';
import { LoadSummary } from './LoadSummary';

interface BoardColumnProps {
  /** Whose cases; none for "Unassigned". */
  technologist?: Technologist;
  cases: readonly CaseRow[];
  technologists: readonly Technologist[];
  canReassign: boolean;
}

/** A column of the board: a technologist's load and active cases, or the cases nobody holds yet. */
export const BoardColumn = ({ technologist, cases, technologists, canReassign }: BoardColumnProps) => {
  const headingId = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      variant="outlined"
      sx={{ width: 280, flexShrink: 0, p: 1.5, bgcolor: 'background.default' }}
    >
      <Typography id={headingId} variant="subtitle1" component="h2" sx={{ fontWeight: 'bold' }}>
        {technologist?.name ?? 'Unassigned'}
      </Typography>
      {technologist ? (
        <LoadSummary load={technologist.active} />
      ) : (
        <Typography variant="body2" color="text.secondary">
          Active cases without a technologist
        </Typography>
      )}
      <Stack spacing={1} sx={{ mt: 1.5 }}>
        {cases.map((row) => (
          <CaseCard
            key={row.id}
            row={row}
            technologist={technologist}
            technologists={technologists}
            canReassign={canReassign}
          />
        ))}
        {cases.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            No active case
          </Typography>
        )}
      </Stack>
    </Paper>
  );
};
