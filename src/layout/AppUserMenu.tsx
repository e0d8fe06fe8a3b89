import DevicesIcon from '@mui/icons-material/Devices';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import {
  Confirm,
  Logout,
  UserMenu,
  useDataProvider,
  useGetIdentity,
  useLogout,
  useNotify,
  useUserMenu,
} from 'react-admin';
import type { AppDataProvider } from '../dataProvider';

/**
 * Ends the caller's sessions on every device (a phone left signed in, a shared workstation), then this one,
 * once they confirm: a slip of the hand would sign them out of every screen they work at.
 */
const SignOutEverywhere = () => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const logout = useLogout();
  const notify = useNotify();
  const menu = useUserMenu();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  // The menu stays open while the question is asked: closing it would unmount the question with it.
  const close = () => {
    setAsking(false);
    menu?.onClose();
  };
  const signOut = async () => {
    setBusy(true);
    try {
      await dataProvider.signOutEverywhere();
      close();
      await logout();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
      close();
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <MenuItem onClick={() => setAsking(true)}>
        <ListItemIcon>
          <DevicesIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>Sign out everywhere</ListItemText>
      </MenuItem>
      <Confirm
        isOpen={asking}
        loading={busy}
        title="Sign out everywhere?"
        content="Every session of yours ends now, on every device, this one included."
        confirm="Sign out everywhere"
        cancel="Cancel"
        onConfirm={signOut}
        onClose={close}
      />
    </>
  );
};

/**
 * react-admin's user menu: Logout first, then "Sign out everywhere", which asks before it acts. The button
 * shows the user's name, so it is named by it too (its default name, "Profile", would not match what a
 * speech user reads).
 */
export const AppUserMenu = () => {
  const { identity } = useGetIdentity();
  return (
    <UserMenu label={identity?.fullName || 'Profile'}>
      <Logout />
      <SignOutEverywhere />
    </UserMenu>
  );
};
