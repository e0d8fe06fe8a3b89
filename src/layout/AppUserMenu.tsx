import DevicesIcon from '@mui/icons-material/Devices';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import { Logout, UserMenu, useDataProvider, useLogout, useNotify, useUserMenu } from 'react-admin';
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

/** react-admin's user menu with "Sign out everywhere" above its Logout. */
export const AppUserMenu = () => (
  <UserMenu>
    <SignOutEverywhere />
    <Logout />
  </UserMenu>
);
