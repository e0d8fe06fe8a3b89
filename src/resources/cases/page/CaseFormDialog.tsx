import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import type { ReactNode } from 'react';
import { type HttpError, SimpleForm, useNotify } from 'react-admin';
import type { liveValidation } from '../../../forms/liveValidation';
import { SaveCancelToolbar } from '../../../forms/SaveCancelToolbar';

interface CaseFormDialogProps {
  title: string;
  record: Record<string, unknown>;
  validation: ReturnType<typeof liveValidation>;
  saveLabel: string;
  /** Whether the form may be sent as it opened (its defaults are a whole answer). */
  saveUntouched?: boolean;
  /** Writes the values; the dialog closes once it resolves. */
  submit(values: Record<string, unknown>): Promise<void>;
  onClose(): void;
  children: ReactNode;
}

/**
 * A small write on the case in a dialog (an action, a handover): the server's field errors (400) go under
 * their fields, any other refusal is notified in the server's words and the dialog stays open.
 */
export const CaseFormDialog = (props: CaseFormDialogProps) => {
  const { title, record, validation, saveLabel, saveUntouched, submit, onClose, children } = props;
  const notify = useNotify();
  const save = async (values: Record<string, unknown>) => {
    try {
      await submit(values);
      onClose();
    } catch (error) {
      const { body, message } = error as HttpError;
      if (body?.errors) return body.errors as Record<string, string>;
      notify(message, { type: 'error' });
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-label={title}>
      <DialogTitle>{title}</DialogTitle>
      <SimpleForm
        record={record}
        onSubmit={save}
        {...validation}
        toolbar={<SaveCancelToolbar saveLabel={saveLabel} saveUntouched={saveUntouched} onCancel={onClose} />}
      >
        {children}
      </SimpleForm>
    </Dialog>
  );
};
