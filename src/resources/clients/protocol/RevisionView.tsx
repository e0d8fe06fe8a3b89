import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Suspense } from 'react';
import type { Revision } from '../../../../contract/clients';
import { formatDateTime } from '../../../dates';
import { lazyWithReload } from '../../../lazyWithReload';
import { ProtocolSettings } from './ProtocolSettings';

/** The markdown renderer is a chunk of its own, read the first time a protocol is shown. */
const ProtocolMarkdown = lazyWithReload(() => import('./ProtocolMarkdown'));

/** The text as written, while the formatter loads. */
const PlainText = ({ text }: { text: string }) => (
  <Typography component="div" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
    {text}
  </Typography>
);

/** A revision, read-only: who saved it and when, the text as written, and a protocol's settings. */
export const RevisionView = ({ revision }: { revision: Revision }) => (
  <Stack spacing={2}>
    <Typography variant="body2" color="text.secondary">
      Revision {revision.revision}, saved by {revision.author} on {formatDateTime(revision.createdAt)}
    </Typography>
    <Suspense fallback={<PlainText text={revision.body} />}>
      <ProtocolMarkdown text={revision.body} />
    </Suspense>
    {revision.kind === 'protocol' && <ProtocolSettings revision={revision} />}
  </Stack>
);
