import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CaseDetails } from '../../../../contract/cases';
import { useCurrentRevision } from '../../clients/protocol/useRevisions';
import { ProtocolSection } from './ProtocolSection';

/** Says when the client's protocol changed after the case was taken in under an earlier revision. */
const IntakeRevisionNote = ({ atIntake, current }: { atIntake: number | null; current?: number }) =>
  atIntake && current && atIntake !== current ? (
    <Typography variant="body2" color="text.secondary">
      This case was taken in under revision {atIntake}.
    </Typography>
  ) : null;

/** An open case runs under its client's current protocol and transfer protocol. */
export const CurrentProtocol = ({ details }: { details: CaseDetails }) => {
  const protocol = useCurrentRevision(details.client.id, 'protocol');
  const transfer = useCurrentRevision(details.client.id, 'transfer');
  const error = protocol.error ?? transfer.error;
  if (error) return <Alert severity="error">{error.message}</Alert>;
  if (protocol.isPending || transfer.isPending) return <LinearProgress />;
  const missing = `${details.client.name} has none yet.`;
  return (
    <Stack spacing={4}>
      <ProtocolSection
        title={`${details.client.name}'s protocol`}
        revision={protocol.data ?? null}
        missing={missing}
      >
        <IntakeRevisionNote atIntake={details.protocolRevision} current={protocol.data?.revision} />
      </ProtocolSection>
      <ProtocolSection title="Transfer protocol" revision={transfer.data ?? null} missing={missing}>
        <IntakeRevisionNote atIntake={details.transferRevision} current={transfer.data?.revision} />
      </ProtocolSection>
    </Stack>
  );
};
