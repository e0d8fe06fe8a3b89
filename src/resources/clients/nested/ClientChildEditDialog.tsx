import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import type { ReactNode } from 'react';
import { EditBase, type Identifier, SimpleForm, useNotify } from 'react-admin';
import type { z } from 'zod';
import { liveValidation } from '../../../forms/liveValidation';
import { SaveCancelToolbar } from '../../../forms/SaveCancelToolbar';

export interface ClientChildFormProps {
  title: string;
  schema: z.ZodType;
  /** The inputs, shared with the create page. */
  inputs: ReactNode;
}

interface ClientChildEditDialogProps extends ClientChildFormProps {
  resource: string;
  id: Identifier;
  onClose: () => void;
}

/** Edits a contact or link in a dialog; a 409 or a field error keeps the dialog open with the input. */
export const ClientChildEditDialog = ({
  resource,
  id,
  title,
  schema,
  inputs,
  onClose,
}: ClientChildEditDialogProps) => {
  const notify = useNotify();
  const onSuccess = () => {
    notify(`${title}: saved`, { type: 'success' });
    onClose();
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-label={title}>
      <DialogTitle>{title}</DialogTitle>
      <EditBase
        resource={resource}
        id={id}
        mutationMode="pessimistic"
        redirect={false}
        mutationOptions={{ onSuccess }}
      >
        <SimpleForm {...liveValidation(schema)} toolbar={<SaveCancelToolbar onCancel={onClose} />}>
          {inputs}
        </SimpleForm>
      </EditBase>
    </Dialog>
  );
};
