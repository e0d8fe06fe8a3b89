import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CreateButton, useListContext } from 'react-admin';
import type { CaseStage } from '../../../../contract/cases';
import { STAGE_LABELS } from '../caseLabels';

const NOTHING_IN: Record<CaseStage, string> = {
  intake: 'No case is waiting for intake',
  monitoring: 'No case is being monitored',
  preview: 'No recording is waiting for a reader',
  reviewed: 'No reviewed case is waiting to be closed',
  closed: 'No case has been closed yet',
};

/** A stage without cases; intake offers "New case" to those who may create (the button checks). */
export const CaseEmpty = ({ stage }: { stage: CaseStage }) => {
  const { filterValues, setFilters } = useListContext();
  const filtered = Object.keys(filterValues).length > 0;
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', py: 6 }}>
      <Typography variant="h6" component="p">
        {filtered ? `No ${STAGE_LABELS[stage].toLowerCase()} case matches these filters` : NOTHING_IN[stage]}
      </Typography>
      {filtered && <Button onClick={() => setFilters({}, [])}>Clear filters</Button>}
      {!filtered && stage === 'intake' && <CreateButton variant="contained" label="New case" />}
    </Stack>
  );
};
