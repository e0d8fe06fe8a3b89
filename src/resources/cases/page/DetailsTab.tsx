import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCanAccess } from 'react-admin';
import { ACTIVE_CASE_STAGES, type CaseDetails } from '../../../../contract/cases';
import { formatInZone } from '../../../dates';
import { FactList } from '../../../FactList';
import { OrderAndClocks } from '../clocks/OrderAndClocks';
import { CaseHeaderForm } from './CaseHeaderForm';
import { TechnologistsPanel } from './TechnologistsPanel';

const revisionText = (revision: number | null) => (revision ? `Revision ${revision}` : 'None then');

const intakeFacts = (details: CaseDetails) => [
  {
    label: 'Opened',
    value: `${formatInZone(details.createdAt, details.client.timeZone)} by ${details.createdBy}`,
  },
  { label: 'Protocol at intake', value: revisionText(details.protocolRevision) },
  { label: 'Transfer protocol at intake', value: revisionText(details.transferRevision) },
  { label: 'Last changed', value: formatInZone(details.updatedAt, details.client.timeZone) },
];

/**
 * The details tab: the header fields, editable by those who may edit cases while the case is open;
 * the technologists (assigned while the case is active); when and how the case was opened, and the
 * hospital's order it came from.
 */
export const DetailsTab = ({ details }: { details: CaseDetails }) => {
  const { canAccess: canEdit, isPending } = useCanAccess({ resource: 'cases', action: 'edit' });
  if (isPending) return <LinearProgress />;
  const closed = details.stage === 'closed';
  const editable = Boolean(canEdit) && !closed;
  const active = (ACTIVE_CASE_STAGES as readonly string[]).includes(details.stage);
  return (
    <Stack spacing={3}>
      {closed && (
        <Alert severity="info">
          Case {details.caseNumber} is closed: its details and records stay as they are unless an
          administrator reopens it.
        </Alert>
      )}
      {editable && <CaseHeaderForm details={details} />}
      <OrderAndClocks details={details} />
      <TechnologistsPanel details={details} editable={editable && active} />
      {editable && !active && (
        <Typography variant="body2" color="text.secondary">
          Technologists are assigned while a case is in intake or monitoring.
        </Typography>
      )}
      <FactList label="Intake" facts={intakeFacts(details)} />
    </Stack>
  );
};
