import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { type HttpError, SimpleForm, useNotify } from 'react-admin';
import type { z } from 'zod';
import { liveValidation } from '../../forms/liveValidation';
import { SaveCancelToolbar } from '../../forms/SaveCancelToolbar';

/**
 * The frame of a dialog that changes one user: a form checked live against `schema`; on save, `save` gets
 * the parsed values and answers the notice to show. Field errors (400) go under their inputs; any other
 * refusal (e.g. 409) is shown in the dialog in the server's words, and the dialog stays open.
 */
export function UserEditDialog<Schema extends z.ZodType>({
  title,
  schema,
  record,
  saveLabel,
  save,
  onClose,
  children,
}: {
  title: ReactNode;
  schema: Schema;
  record: Record<string, unknown>;
  saveLabel: string;
  save: (values: z.output<Schema>) => Promise<string>;
  onClose: () => void;
  children: ReactNode;
}) {
  const titleId = useId();
  const notify = useNotify();
  const validation = useMemo(() => liveValidation(schema), [schema]);
  const [refusal, setRefusal] = useState<string>();
  const [initial] = useState(record);

  const submit = async (values: Record<string, unknown>) => {
    setRefusal(undefined);
    try {
      notify(await save(schema.parse(values)), { type: 'success' });
      onClose();
    } catch (error) {
      const { body, message } = error as HttpError;
      if (body?.errors) return body.errors as Record<string, string>;
      setRefusal(message);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {refusal && (
        <Alert severity="error" sx={{ mx: 3 }}>
          {refusal}
        </Alert>
      )}
      <SimpleForm
        record={initial}
        onSubmit={submit}
        {...validation}
        toolbar={<SaveCancelToolbar saveLabel={saveLabel} onCancel={onClose} />}
      >
        {children}
      </SimpleForm>
    </Dialog>
  );
}
