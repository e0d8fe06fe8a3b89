import { isRole } from '../../../contract/roles';
import { accessGroupsInputSchema, type User } from '../../../contract/users';
import { GroupsInput } from './GroupsInput';
import { UserEditDialog } from './UserEditDialog';
import { useSetUserGroups } from './userQueries';

/**
 * Sets a user's whole set of access groups. A refusal (409: an admin removing their own admin group) is
 * shown in the dialog in the server's words, and the dialog stays open to choose again.
 */
export const EditGroupsDialog = ({ user, onClose }: { user: User; onClose: () => void }) => {
  const { mutateAsync } = useSetUserGroups();
  return (
    <UserEditDialog
      title={`Groups of ${user.name}`}
      schema={accessGroupsInputSchema}
      record={{ groups: user.groups.filter(isRole) }}
      saveLabel="Save groups"
      save={async ({ groups }) =>
        `Groups of ${(await mutateAsync({ username: user.username, groups })).name} saved`
      }
      onClose={onClose}
    >
      <GroupsInput />
    </UserEditDialog>
  );
};
