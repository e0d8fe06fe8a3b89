import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import type { HttpError } from 'react-admin';
import type { RecordItem } from '../../../../contract/caseRecords';
import { ConflictAlert } from './ConflictAlert';
import type { RecordDialogProps } from './RecordDialogs';
import { submitOnCtrlEnter } from './submitOnCtrlEnter';
import type { ConfirmedRevision } from './types';

interface ConfirmRevisionDialogProps extends RecordDialogProps {
  item: RecordItem;
  revision: ConfirmedRevision;
}

/**
 * Asks before a revision that means something on its own (a void, with its reason; a signature). When
 * someone else revised the item meanwhile (409) it says what they changed, keeps the reason typed, and
 * confirming again applies to their revision. Enter confirms (Ctrl+Enter in the reason), Escape goes back.
 */
export const ConfirmRevisionDialog = ({
  details,
  item,
  revision,
  fields,
  writes,
  onClose,
}: ConfirmRevisionDialogProps) => {
  const [base, setBase] = useState(item);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();
  const [pending, setPending] = useState(false);
  const refused = revision.refusal?.(base);
  const { Summary } = revision;

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (refused) return;
    if (revision.askReason && !reason.trim())
      return setReasonError('Say why, for whoever reads the record later');
    setPending(true);
    try {
      const voidReason = revision.askReason ? { voidReason: reason.trim() } : {};
      await writes.revise(base, { ...revision.changes, ...voidReason }, revision.done);
      onClose();
    } catch (error) {
      const newer = await writes.newerRevision(error, base);
      if (newer) setBase(newer);
      else if ((error as HttpError).body?.errors?.voidReason)
        setReasonError((error as HttpError).body.errors.voidReason);
      else writes.refused(error);
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" onKeyDown={submitOnCtrlEnter}>
      <form onSubmit={confirm} noValidate>
        <DialogTitle>{revision.title}</DialogTitle>
        <DialogContent>
          {base !== item && <ConflictAlert details={details} opened={item} newer={base} fields={fields} />}
          {Summary && <Summary item={base} details={details} />}
          <DialogContentText>{revision.message}</DialogContentText>
          {refused && (
            <Alert id="confirm-refusal" severity="error" sx={{ mt: 2 }}>
              {refused}
            </Alert>
          )}
          {revision.askReason && (
            <TextField
              label="Reason"
              required
              multiline
              minRows={2}
              fullWidth
              autoFocus
              value={reason}
              onChange={(event) => {
                setReason(event.target.value);
                setReasonError(undefined);
              }}
              error={Boolean(reasonError)}
              helperText={
                reasonError ?? 'Kept with the record, shown where it is listed. Ctrl+Enter confirms.'
              }
              sx={{ mt: 2 }}
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Back</Button>
          <Button
            type="submit"
            variant="contained"
            loading={pending}
            autoFocus={!revision.askReason && !refused}
            disabled={Boolean(refused)}
            aria-describedby={refused ? 'confirm-refusal' : undefined}
          >
            {revision.confirmLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
