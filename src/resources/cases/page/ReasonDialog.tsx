import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { type FormEvent, type KeyboardEvent, useState } from 'react';

const REASON_REQUIRED = 'A reason is required';

interface ReasonDialogProps {
  /** The move, e.g. "Cancel case"; also the confirm button's label. */
  title: string;
  caseNumber: string;
  pending: boolean;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}

/**
 * Asks why before a move that must give a reason (cancel, reopen). The reason is multiline: Enter starts a
 * new line, Ctrl+Enter (⌘+Enter) confirms, Escape cancels.
 */
export const ReasonDialog = ({ title, caseNumber, pending, onConfirm, onCancel }: ReasonDialogProps) => {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setError(REASON_REQUIRED);
    onConfirm(reason.trim());
  };
  const confirmOnCtrlEnter = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey))
      event.currentTarget.closest('form')?.requestSubmit();
  };
  return (
    <Dialog open onClose={onCancel} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle>{`${title}: ${caseNumber}`}</DialogTitle>
        <DialogContent>
          <DialogContentText gutterBottom>
            The reason is kept with the stage change in the case's activity.
          </DialogContentText>
          <TextField
            label="Reason"
            required
            multiline
            minRows={3}
            fullWidth
            autoFocus
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              setError(undefined);
            }}
            onKeyDown={confirmOnCtrlEnter}
            error={Boolean(error)}
            helperText={error ?? 'Ctrl+Enter confirms'}
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel}>Back</Button>
          <Button type="submit" variant="contained" loading={pending}>
            {title}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
