import LockResetIcon from '@mui/icons-material/LockReset';
import LogoutIcon from '@mui/icons-material/Logout';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, type HttpError, useDataProvider, useNotify } from 'react-admin';
import { personLabel } from '../../../contract/people';
import type { User } from '../../../contract/users';
import type { AppDataProvider } from '../../dataProvider';
import { refreshUsers } from './userQueries';

type Action = 'sign-out' | 'reset';

const WORDS: Record<
  Action,
  { button: string; title: string; confirm: string; done: string; explain: string }
> = {
  'sign-out': {
    button: 'Sign out everywhere',
    title: 'Sign out everywhere',
    confirm: 'Sign out',
    done: 'is signed out everywhere',
    explain:
      'Every session of this user ends now, on every device: their next action asks them to sign in again. Use it for a lost device or a shared computer left signed in.',
  },
  reset: {
    button: 'Reset password',
    title: 'Reset password',
    confirm: 'Reset password',
    done: 'must set a new password',
    explain:
      'The password stops working and every session ends now. At the next sign-in the user is asked for a code sent to their email, then sets a new password.',
  },
};

/** An administrator ends a user's sessions, or resets their password (which ends them too), after confirming. */
export const SessionActions = ({ user }: { user: User }) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [asked, setAsked] = useState<Action>();
  const mutation = useMutation<User, HttpError, Action>({
    mutationFn: (action) =>
      action === 'reset'
        ? dataProvider.resetUserPassword(user.username)
        : dataProvider.signOutUser(user.username),
    onSuccess: (_user, action) => notify(`${personLabel(user)} ${WORDS[action].done}`, { type: 'success' }),
    onError: (error) => notify(error.message, { type: 'error' }),
    onSettled: () => {
      setAsked(undefined);
      return refreshUsers(queryClient);
    },
  });
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
      <Button size="small" startIcon={<LogoutIcon />} onClick={() => setAsked('sign-out')}>
        {WORDS['sign-out'].button}
      </Button>
      <Button size="small" startIcon={<LockResetIcon />} onClick={() => setAsked('reset')}>
        {WORDS.reset.button}
      </Button>
      <Confirm
        isOpen={asked !== undefined}
        loading={mutation.isPending}
        title={asked ? `${WORDS[asked].title}: ${personLabel(user)}?` : ''}
        content={asked ? WORDS[asked].explain : ''}
        confirm={asked ? WORDS[asked].confirm : ''}
        onConfirm={() => asked && mutation.mutate(asked)}
        onClose={() => setAsked(undefined)}
      />
    </Stack>
  );
};
