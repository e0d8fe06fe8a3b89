import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CaseRow, Technologist } from '../../../../contract/cases';
import { MONITORING_LEVEL_LABELS, STAGE_LABELS } from '../caseLabels';
import { CaseNumberField } from '../fields/CaseNumberField';
import { ReassignMenu } from './ReassignMenu';

interface CaseCardProps {
  row: CaseRow;
  /** The column's technologist; none in "Unassigned". */
  technologist?: Technologist;
  technologists: readonly Technologist[];
  canReassign: boolean;
}

/** One active case on the board: number (a link to its page), patient, client, stage and level. */
export const CaseCard = ({ row, technologist, technologists, canReassign }: CaseCardProps) => {
  const others = technologists.filter(
    ({ username }) => username !== technologist?.username && row.technologists.includes(username),
  );
  return (
    <Card variant="outlined" component="article" aria-label={row.caseNumber} sx={{ p: 1.5 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <CaseNumberField row={row} />
        {canReassign && <ReassignMenu row={row} from={technologist} technologists={technologists} />}
      </Stack>
      <Typography variant="body2">{row.patientName ?? 'Patient not entered yet'}</Typography>
      <Typography variant="body2" color="text.secondary">
        {row.clientName}
      </Typography>
      <Stack direction="row" spacing={0.5} sx={{ mt: 1, flexWrap: 'wrap' }}>
        <Chip size="small" label={STAGE_LABELS[row.stage]} />
        <Chip size="small" variant="outlined" label={MONITORING_LEVEL_LABELS[row.monitoringLevel]} />
        {row.hasVideo && <Chip size="small" variant="outlined" label="Video" />}
      </Stack>
      {others.length > 0 && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
          Also: {others.map(({ name }) => name).join(', ')}
        </Typography>
      )}
    </Card>
  );
};
