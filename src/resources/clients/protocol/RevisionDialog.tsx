import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import type { Identifier } from 'react-admin';
import type { RevisionKind } from '../../../../contract/clients';
import { RevisionView } from './RevisionView';
import { KIND_LABELS, useRevision } from './useRevisions';

interface RevisionDialogProps {
  clientId: Identifier;
  kind: RevisionKind;
  revision: number;
  onClose: () => void;
}

/** A revision from the history, opened read-only. */
export const RevisionDialog = ({ clientId, kind, revision, onClose }: RevisionDialogProps) => {
  const { data, error } = useRevision(clientId, kind, revision);
  const title = `${KIND_LABELS[kind]}, revision ${revision} (read-only)`;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-label={title}>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        {error ? (
          <Alert severity="error">{error.message}</Alert>
        ) : data ? (
          <RevisionView revision={data} />
        ) : (
          <LinearProgress />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
};
