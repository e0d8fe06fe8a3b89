import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import MuiLink from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Loading, ShowBase, Title, useShowContext } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { InterfaceMessage } from '../../../contract/interfaces';
import { RetryAlert } from '../../customRoutes/RetryAlert';
import { INTERFACE_MESSAGES_RESOURCE } from '../../dataProvider/resourcePaths';
import { formatDateTime, formatOptionalDateTime } from '../../dates';
import { Fact } from '../../layout/Fact';
import { ackOf, DIRECTION_LABELS, readableRaw, STATUS_LABELS } from './messageWords';
import { ResendButton } from './ResendButton';

const MessageFacts = ({ message }: { message: InterfaceMessage }) => (
  <Box
    component="dl"
    sx={{
      display: 'grid',
      gridTemplateColumns: { xs: 'max-content 1fr', md: 'repeat(3, max-content 1fr)' },
      columnGap: 2,
      rowGap: 1,
      m: 0,
    }}
  >
    <Fact term="Direction">{DIRECTION_LABELS[message.direction]}</Fact>
    <Fact term="Transport">{message.transport.toUpperCase()}</Fact>
    <Fact term="Control id">{message.controlId || '—'}</Fact>
    <Fact term="Acknowledgement">{ackOf(message) || '—'}</Fact>
    <Fact term="Attempts">{message.attempts}</Fact>
    <Fact term="Next attempt">{formatOptionalDateTime(message.nextAttemptAt)}</Fact>
    <Fact term="Received or queued">{formatDateTime(message.createdAt)}</Fact>
    <Fact term="Last change">{formatDateTime(message.updatedAt)}</Fact>
    <Fact term="Case">{message.caseId ?? '—'}</Fact>
  </Box>
);

const MessageView = () => {
  const { record: message, error, refetch } = useShowContext<InterfaceMessage>();
  if (error)
    return <RetryAlert onRetry={() => refetch()}>The message could not be read: {error.message}</RetryAlert>;
  if (!message) return <Loading />;
  const title = `${message.messageType} ${message.controlId}`;
  return (
    <Stack spacing={2} sx={{ mt: 2, mb: 2 }}>
      <Title title={title} />
      <MuiLink component={RouterLink} to={`/${INTERFACE_MESSAGES_RESOURCE}`}>
        Back to the hospital messages
      </MuiLink>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
        <Chip
          label={STATUS_LABELS[message.status]}
          color={message.status === 'failed' || message.status === 'refused' ? 'error' : 'default'}
          size="small"
        />
        <Box sx={{ flexGrow: 1 }} />
        <ResendButton message={message} />
      </Stack>
      <Card>
        <CardContent>
          <MessageFacts message={message} />
          {message.error && (
            <Typography color="error" sx={{ mt: 2 }}>
              Error: {message.error}
            </Typography>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            Raw text
          </Typography>
          {message.rawText === undefined ? (
            <CircularProgress size={24} aria-label="Loading the raw text" />
          ) : (
            <Box
              component="pre"
              aria-label="Raw text of the message"
              sx={{
                fontFamily: 'monospace',
                fontSize: '0.8125rem',
                whiteSpace: 'pre-wrap',
                overflowWrap: 'anywhere',
                m: 0,
                p: 1.5,
                bgcolor: 'action.hover',
                borderRadius: 1,
                maxHeight: '60vh',
                overflow: 'auto',
              }}
            >
              {readableRaw(message.rawText)}
            </Box>
          )}
        </CardContent>
      </Card>
    </Stack>
  );
};

/**
 * `/interfaces/messages/{id}/show` (admins): one message with its status, acknowledgement, error, tries and
 * times, and its raw text one segment a line (reading it is an audited read of patient data); a failed or
 * refused outbound message can be sent again.
 */
export const MessageShow = () => (
  // The list leaves each row in the cache without its raw text: the message is always read again.
  <ShowBase loading={<Loading />} queryOptions={{ staleTime: 0 }}>
    <MessageView />
  </ShowBase>
);
