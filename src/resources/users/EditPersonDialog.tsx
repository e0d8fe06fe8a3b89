import { TextInput } from 'react-admin';
import { type User, userEditSchema } from '../../../contract/users';
import { UserEditDialog } from './UserEditDialog';
import { CREDENTIALS_HELP } from './userFormat';
import { useUpdateUser } from './userQueries';

/** Changes a user's name and credentials (e.g. "MD, FACNS"), as signers and readers are shown. */
export const EditPersonDialog = ({ user, onClose }: { user: User; onClose: () => void }) => {
  const { mutateAsync } = useUpdateUser();
  return (
    <UserEditDialog
      title={`Name and credentials of ${user.username}`}
      schema={userEditSchema}
      record={{ name: user.name, credentials: user.credentials }}
      saveLabel="Save"
      save={async (changes) => `${(await mutateAsync({ username: user.username, changes })).name} saved`}
      onClose={onClose}
    >
      <TextInput source="name" label="Name" autoFocus />
      <TextInput source="credentials" label="Credentials" helperText={CREDENTIALS_HELP} />
    </UserEditDialog>
  );
};
