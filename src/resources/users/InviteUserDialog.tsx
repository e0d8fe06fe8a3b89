import Dialog from '@mui/material/Dialog';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import { type HttpError, type RaRecord, SimpleForm, TextInput, useCreate } from 'react-admin';
import { type InviteUser, inviteUserSchema, type User } from '../../../contract/users';
import { USERS_RESOURCE } from '../../dataProvider/resourcePaths';
import { liveValidation } from '../../forms/liveValidation';
import { SaveCancelToolbar } from '../../forms/SaveCancelToolbar';
import { SNACKBAR_NEVER, useAppNotify } from '../../layout/useAppNotify';
import { GroupsInput } from './GroupsInput';
import { CREDENTIALS_HELP } from './userFormat';

const validation = liveValidation(inviteUserSchema);

/** Where the temporary password went, in the success message, kept until the admin dismisses it. */
export const invitedMessage = ({ username, email }: Pick<User, 'username' | 'email'>) =>
  `${username} is invited: the identity e-mails a temporary password to ${email} (when Vigil runs locally, it is printed in the server's terminal instead). They choose their own password at first sign-in.`;

/**
 * Invites a user: the identity creates them (status "must set a password") and e-mails a temporary
 * password. The contract's rules are checked as the admin types; the server's field errors (400) and a
 * taken username (409) are shown on the inputs.
 */
export const InviteUserDialog = ({ onClose }: { onClose: () => void }) => {
  const titleId = useId();
  const notify = useAppNotify();
  // POST /users; react-admin then reads the users list again.
  const [create] = useCreate<InviteUser, HttpError, User & RaRecord>();
  const [record] = useState(() => ({ username: '', name: '', credentials: '', email: '', groups: [] }));

  const save = async (values: Record<string, unknown>) => {
    try {
      const invited = await create(
        USERS_RESOURCE,
        { data: inviteUserSchema.parse(values) },
        { returnPromise: true },
      );
      // With `returnPromise` the call answers the user (react-admin's type also allows `void`, for calls without it).
      notify(invitedMessage(invited as User), {
        type: 'success',
        autoHideDuration: SNACKBAR_NEVER,
        multiLine: true,
      });
      onClose();
    } catch (error) {
      const { body, message, status } = error as HttpError;
      if (body?.errors) return body.errors as Record<string, string>;
      if (status === 409) return { username: message };
      notify(`The user could not be invited: ${message}`, { type: 'error' });
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Invite a user</DialogTitle>
      <DialogContentText sx={{ px: 3 }}>
        They receive a temporary password by e-mail and choose their own at first sign-in.
      </DialogContentText>
      <SimpleForm
        record={record}
        onSubmit={save}
        {...validation}
        toolbar={<SaveCancelToolbar saveLabel="Invite" saveUntouched onCancel={onClose} />}
      >
        <TextInput
          source="username"
          label="Username"
          autoComplete="off"
          helperText="Starts with a letter or digit; letters, digits and . _ @ - only"
        />
        <TextInput source="name" label="Name" />
        <TextInput source="credentials" label="Credentials" helperText={CREDENTIALS_HELP} />
        <TextInput source="email" label="Email" type="email" />
        <GroupsInput />
      </SimpleForm>
    </Dialog>
  );
};
