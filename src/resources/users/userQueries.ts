import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { type HttpError, useDataProvider, useNotify } from 'react-admin';
import type { Role } from '../../../contract/roles';
import type { User, UserEdit } from '../../../contract/users';
import type { AppDataProvider } from '../../dataProvider';
import { USERS_RESOURCE } from '../../dataProvider/resourcePaths';

/** Reads the users again (the list and any user's page: react-admin keys them by resource first). */
export const refreshUsers = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: [USERS_RESOURCE] });

/** Enables or disables a user as wanted, says which, and reads the users again either way. */
export function useSetUserEnabled() {
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation<User, HttpError, Pick<User, 'username' | 'isEnabled'>>({
    mutationFn: ({ username, isEnabled }) => dataProvider.setUserEnabled(username, isEnabled),
    onSuccess: (user) =>
      notify(`${user.name} is ${user.isEnabled ? 'enabled' : 'disabled'}`, { type: 'success' }),
    onError: (error) => notify(error.message, { type: 'error' }),
    onSettled: () => refreshUsers(queryClient),
  });
}

/** Replaces a user's access groups; the dialog shows a refusal itself. */
export function useSetUserGroups() {
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  return useMutation<User, HttpError, { username: string; groups: Role[] }>({
    mutationFn: ({ username, groups }) => dataProvider.setUserGroups(username, groups),
    onSuccess: () => refreshUsers(queryClient),
  });
}

/** Changes a user's name and credentials; the dialog shows a refusal itself. */
export function useUpdateUser() {
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  return useMutation<User, HttpError, { username: string; changes: UserEdit }>({
    mutationFn: ({ username, changes }) => dataProvider.updateUser(username, changes),
    onSuccess: () => refreshUsers(queryClient),
  });
}
