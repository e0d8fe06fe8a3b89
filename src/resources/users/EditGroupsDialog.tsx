import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import { type HttpError, SimpleForm, useNotify } from 'react-admin';
import { isRole } from '../../../contract/roles';
import { accessGroupsInputSchema, type User } from '../../../contract/users';
import { SaveCancelToolbar } from '../../forms/SaveCancelToolbar';
import { liveValidation } from '../../forms/validateWith';
import { GroupsInput } from './GroupsInput';
import { useSetUserGroups } from './userQueries';

const validation = liveValidation(accessGroupsInputSchema);

/**
 * Sets a user's whole set of access groups. A refusal (409: an admin removing their own admin group) is
 * shown in the dialog in the server's words, and the dialog stays open to choose again.
 */
export const EditGroupsDialog = ({ user, onClose }: { user: User; onClose: () => void }) => {
  const titleId = useId();
  const notify = useNotify();
  const { mutateAsync } = useSetUserGroups();
  const [refusal, setRefusal] = useState<string>();
  const [record] = useState(() => ({ groups: user.groups.filter(isRole) }));

  const save = async (values: Record<string, unknown>) => {
    setRefusal(undefined);
    try {
      const { groups } = accessGroupsInputSchema.parse(values);
      const saved = await mutateAsync({ username: user.username, groups });
      notify(`Groups of ${saved.name} saved`, { type: 'success' });
      onClose();
    } catch (error) {
      const { body, message } = error as HttpError;
      if (body?.errors) return body.errors as Record<string, string>;
      setRefusal(message);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Groups of {user.name}</DialogTitle>
      {refusal && (
        <Alert severity="error" sx={{ mx: 3 }}>
          {refusal}
        </Alert>
      )}
      <SimpleForm
        record={record}
        onSubmit={save}
        {...validation}
        toolbar={<SaveCancelToolbar saveLabel="Save groups" onCancel={onClose} />}
      >
        <GroupsInput />
      </SimpleForm>
    </Dialog>
  );
};
