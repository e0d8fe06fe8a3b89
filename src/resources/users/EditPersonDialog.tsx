import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import { type HttpError, SimpleForm, TextInput, useNotify } from 'react-admin';
import { type User, userEditSchema } from '../../../contract/users';
import { SaveCancelToolbar } from '../../forms/SaveCancelToolbar';
import { liveValidation } from '../../forms/validateWith';
import { CREDENTIALS_HELP } from './userFormat';
import { useUpdateUser } from './userQueries';

const validation = liveValidation(userEditSchema);

/**
 * Changes a user's name and credentials (e.g. "MD, FACNS"), as signers and readers are shown. Field errors
 * (400) go under their inputs; any other refusal is shown in the dialog, which stays open.
 */
export const EditPersonDialog = ({ user, onClose }: { user: User; onClose: () => void }) => {
  const titleId = useId();
  const notify = useNotify();
  const { mutateAsync } = useUpdateUser();
  const [refusal, setRefusal] = useState<string>();
  const [record] = useState(() => ({ name: user.name, credentials: user.credentials }));

  const save = async (values: Record<string, unknown>) => {
    setRefusal(undefined);
    try {
      const saved = await mutateAsync({ username: user.username, changes: userEditSchema.parse(values) });
      notify(`${saved.name} saved`, { type: 'success' });
      onClose();
    } catch (error) {
      const { body, message } = error as HttpError;
      if (body?.errors) return body.errors as Record<string, string>;
      setRefusal(message);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Name and credentials of {user.username}</DialogTitle>
      {refusal && (
        <Alert severity="error" sx={{ mx: 3 }}>
          {refusal}
        </Alert>
      )}
      <SimpleForm
        record={record}
        onSubmit={save}
        {...validation}
        toolbar={<SaveCancelToolbar saveLabel="Save" onCancel={onClose} />}
      >
        <TextInput source="name" label="Name" autoFocus />
        <TextInput source="credentials" label="Credentials" helperText={CREDENTIALS_HELP} />
      </SimpleForm>
    </Dialog>
  );
};
