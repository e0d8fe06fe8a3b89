import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Button from '@mui/material/Button';
import { Suspense, useState } from 'react';
import { lazyWithReload } from '../../lazyWithReload';

// The form loads only when it is opened.
const InviteUserDialog = lazyWithReload(() =>
  import('./InviteUserDialog').then((module) => ({ default: module.InviteUserDialog })),
);

/** "Invite user": opens the invitation form. */
export const InviteUserButton = () => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" startIcon={<PersonAddIcon />} onClick={() => setOpen(true)}>
        Invite user
      </Button>
      {open && (
        <Suspense fallback={null}>
          <InviteUserDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
};
