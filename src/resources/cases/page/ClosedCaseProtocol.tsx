import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { type HttpError, useDataProvider } from 'react-admin';
import type { CaseDetails } from '../../../../contract/cases';
import type { AppDataProvider } from '../../../dataProvider';
import { formatInZone } from '../../../dates';
import { ProtocolSection } from './ProtocolSection';

/** A closed case shows the protocol it closed under, kept with it, whatever the client's protocol is now. */
export const ClosedCaseProtocol = ({ details }: { details: CaseDetails }) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data, error } = useQuery<Awaited<ReturnType<AppDataProvider['getClosedCaseProtocol']>>, HttpError>({
    queryKey: ['closedCaseProtocol', details.id, details.version],
    queryFn: () => dataProvider.getClosedCaseProtocol(details.id),
  });
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
