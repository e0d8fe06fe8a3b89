import EditIcon from '@mui/icons-material/Edit';
import Button from '@mui/material/Button';
import { Suspense, useState } from 'react';
import type { User } from '../../../contract/users';
import { lazyWithReload } from '../../lazyWithReload';

// The form loads only when it is opened.
const EditPersonDialog = lazyWithReload(() =>
  import('./EditPersonDialog').then((module) => ({ default: module.EditPersonDialog })),
);

/** "Edit name": opens the dialog that changes the user's name and credentials. */
export const EditPersonButton = ({ user }: { user: User }) => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="small"
        startIcon={<EditIcon />}
        aria-label={`Edit name and credentials of ${user.username}`}
        onClick={() => setOpen(true)}
      >
        Edit name
      </Button>
      {open && (
        <Suspense fallback={null}>
          <EditPersonDialog user={user} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
};
