import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import type { ReactNode } from 'react';

interface HistoryDialogProps<S> {
  title: string;
  /** Names the list, e.g. "Revisions, newest first". */
  listLabel: string;
  /** The states, newest first; undefined while they load. */
  states?: readonly S[];
  error?: Error | null;
  /** One state, given the one before it (none for the first). */
  renderState(state: S, previous: S | undefined): ReactNode;
  onClose(): void;
}

/** A history of states, newest first (a record's revisions, the patient's versions), in a closable dialog. */
export function HistoryDialog<S>({
  title,
  listLabel,
  states,
  error,
  renderState,
  onClose,
}: HistoryDialogProps<S>) {
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" scroll="paper">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent dividers>
        {error ? (
          <Alert severity="error">{error.message}</Alert>
        ) : !states ? (
          <LinearProgress />
        ) : (
          <List aria-label={listLabel} disablePadding>
            {states.map((state, index) => renderState(state, states[index + 1]))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
