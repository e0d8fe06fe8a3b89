import GroupsIcon from '@mui/icons-material/Groups';
import Button from '@mui/material/Button';
import { Suspense, useState } from 'react';
import type { User } from '../../../contract/users';
import { lazyWithReload } from '../../lazyWithReload';

// The form loads only when it is opened.
const EditGroupsDialog = lazyWithReload(() =>
  import('./EditGroupsDialog').then((module) => ({ default: module.EditGroupsDialog })),
);

/** "Edit groups": opens the dialog that sets the user's access groups. */
export const EditGroupsButton = ({ user }: { user: User }) => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="small"
        startIcon={<GroupsIcon />}
        aria-label={`Edit groups of ${user.username}`}
        onClick={() => setOpen(true)}
      >
        Edit groups
      </Button>
      {open && (
        <Suspense fallback={null}>
          <EditGroupsDialog user={user} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
};
