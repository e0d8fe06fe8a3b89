import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Revision } from '../../../../contract/clients';
import { formatDateTime } from '../../../dates';
import { ProtocolSettings } from './ProtocolSettings';

/** A revision, read-only: who saved it and when, the text as written, and a protocol's settings. */
export const RevisionView = ({ revision }: { revision: Revision }) => (
  <Stack spacing={2}>
    <Typography variant="body2" color="text.secondary">
      Revision {revision.revision}, saved by {revision.author} on {formatDateTime(revision.createdAt)}
    </Typography>
    {/* Markdown is shown as written: line breaks and lists read well without rendering. */}
    <Typography component="div" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {revision.body}
    </Typography>
    {revision.kind === 'protocol' && <ProtocolSettings revision={revision} />}
  </Stack>
);
