import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import { type ComponentType, type ReactNode, useState } from 'react';
import { type HttpError, SimpleForm } from 'react-admin';
import type { liveValidation } from '../../../forms/liveValidation';
import { SaveCancelToolbar } from '../../../forms/SaveCancelToolbar';

/** A refusal shown in the dialog; `dismiss` takes it away once the user acts on it. */
export interface RefusalProps {
  error: HttpError;
  dismiss(): void;
}

/** The server's words, at the top of the form. */
export const RefusalMessage = ({ error }: RefusalProps) => (
  <Alert severity="error" sx={{ width: '100%', boxSizing: 'border-box', mb: 1 }}>
    {error.message}
  </Alert>
);

interface CaseFormDialogProps {
  title: string;
  record: Record<string, unknown>;
  /** A new key starts the form afresh from `record` (the case read again after a conflict); a refusal stays. */
  formKey?: string | number;
  validation: ReturnType<typeof liveValidation>;
  saveLabel: string;
  /** Whether the form may be sent as it opened (its defaults are a whole answer). */
  saveUntouched?: boolean;
  /** Writes the values; the dialog closes once it resolves. */
  submit(values: Record<string, unknown>): Promise<void>;
  onClose(): void;
  /** How a refusal reads in the form (it may act on the form's values); the server's message by default. */
  Refusal?: ComponentType<RefusalProps>;
  children: ReactNode;
}

/**
 * A small write on the case in a dialog (an action, a handover): the server's field errors (400) go under
 * their fields, any other refusal shows in the dialog itself, above the fields, and the dialog stays open.
 */
export const CaseFormDialog = (props: CaseFormDialogProps) => {
  const { title, record, formKey, validation, saveLabel, saveUntouched, submit, onClose, children } = props;
  const { Refusal = RefusalMessage } = props;
  const [refused, setRefused] = useState<HttpError>();
  const save = async (values: Record<string, unknown>) => {
    setRefused(undefined);
    try {
      await submit(values);
      onClose();
    } catch (error) {
      const refusal = error as HttpError;
      if (refusal.body?.errors) return refusal.body.errors as Record<string, string>;
      setRefused(refusal);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-label={title}>
      <DialogTitle>{title}</DialogTitle>
      <SimpleForm
        key={formKey}
        record={record}
        onSubmit={save}
        {...validation}
        toolbar={<SaveCancelToolbar saveLabel={saveLabel} saveUntouched={saveUntouched} onCancel={onClose} />}
      >
        {refused && <Refusal error={refused} dismiss={() => setRefused(undefined)} />}
        {children}
      </SimpleForm>
    </Dialog>
  );
};
