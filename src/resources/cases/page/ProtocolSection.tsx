import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { Revision } from '../../../../contract/clients';
import { RevisionView } from '../../clients/protocol/RevisionView';

interface ProtocolSectionProps {
  title: string;
  revision: Revision | null;
  /** Said when there is no revision. */
  missing: string;
  children?: ReactNode;
}

/** A protocol or transfer-protocol revision under its title, or why there is none. */
export const ProtocolSection = ({ title, revision, missing, children }: ProtocolSectionProps) => (
  <Stack component="section" aria-label={title} spacing={1}>
    <Typography variant="h6" component="h2">
      {revision ? `${title}, revision ${revision.revision}` : title}
    </Typography>
    {children}
    {revision ? (
      <RevisionView revision={revision} />
    ) : (
      <Typography color="text.secondary">{missing}</Typography>
    )}
  </Stack>
);
