import DevicesIcon from '@mui/icons-material/Devices';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import {
  Logout,
  UserMenu,
  useDataProvider,
  useGetIdentity,
  useLogout,
  useNotify,
  useUserMenu,
} from 'react-admin';
import type { AppDataProvider } from '../dataProvider';

/** Ends the caller's sessions on every device (a phone left signed in, a shared workstation), then this one. */
const SignOutEverywhere = () => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const logout = useLogout();
  const notify = useNotify();
  const menu = useUserMenu();
  const signOut = async () => {
    menu?.onClose();
    try {
      await dataProvider.signOutEverywhere();
      await logout();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  return (
    <MenuItem onClick={signOut}>
      <ListItemIcon>
        <DevicesIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>Sign out everywhere</ListItemText>
    </MenuItem>
  );
};

/**
 * react-admin's user menu with "Sign out everywhere" above its Logout. The button shows the user's name,
 * so it is named by it too (its default name, "Profile", would not match what a speech user reads).
 */
export const AppUserMenu = () => {
  const { identity } = useGetIdentity();
  return (
    <UserMenu label={identity?.fullName || 'Profile'}>
      <SignOutEverywhere />
      <Logout />
    </UserMenu>
  );
};
