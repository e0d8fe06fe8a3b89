import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { Link } from 'react-admin';
import type { CaseDetails } from '../../../../contract/cases';
import { formatInZone } from '../../../dates';
import { clientPath } from '../../clients/clientPaths';
import { ProtocolSection } from './ProtocolSection';
import { useClosedCaseProtocol } from './useClosedCaseProtocol';

/** A closed case shows the protocol it closed under, kept with it, whatever the client's protocol is now. */
export const ClosedCaseProtocol = ({ details }: { details: CaseDetails }) => {
  const { data, error } = useClosedCaseProtocol(details);
  if (error?.status === 404)
    return (
      <Alert severity="info">
        No protocol snapshot was kept for case {details.caseNumber}: it closed before snapshots were taken.{' '}
        <Link to={clientPath(details.client.id, 'protocol')}>{details.client.name}'s current protocol</Link>{' '}
        may differ from the one it ran under.
      </Alert>
    );
  if (error) return <Alert severity="error">{error.message}</Alert>;
  if (!data) return <LinearProgress />;
  const missing = 'None: the client had none when the case was taken in.';
  return (
    <Stack spacing={4}>
      <Alert severity="info">
        The protocol case {details.caseNumber} closed under, kept on{' '}
        {formatInZone(data.takenAt, details.client.timeZone)} by {data.takenBy}. Later changes to{' '}
        {details.client.name}'s protocol do not change it.
      </Alert>
      <ProtocolSection title="Protocol the case closed under" revision={data.protocol} missing={missing} />
      <ProtocolSection
        title="Transfer protocol the case closed under"
        revision={data.transfer}
        missing={missing}
      />
    </Stack>
  );
};
