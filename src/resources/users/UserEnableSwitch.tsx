import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { Confirm, useGetIdentity } from 'react-admin';
import type { User } from '../../../contract/users';
import { useSetUserEnabled } from './userQueries';

const NOT_YOURSELF = 'You cannot disable yourself: another administrator must do it';

/** What the confirmation says before the switch is flipped. */
function question({ name, username, isEnabled }: User) {
  return isEnabled
    ? {
        title: `Disable ${name}?`,
        content: `${username} will be refused from their next call, even while signed in, and cannot sign in until an administrator enables them again.`,
        confirm: 'Disable',
      }
    : {
        title: `Enable ${name}?`,
        content: `${username} will be able to sign in again, with the groups they have.`,
        confirm: 'Enable',
      };
}

/**
 * Enables or disables a user (PUT toggle with the wanted state) after a confirmation. Nobody disables themselves: on the
 * signed-in user's own row the switch is off limits, and says why.
 */
export const UserEnableSwitch = ({ user }: { user: User }) => {
  const { identity } = useGetIdentity();
  const [asking, setAsking] = useState(false);
  const setEnabled = useSetUserEnabled();
  const isSelf = identity !== undefined && String(identity.id) === user.username;
  const control = (
    <Switch
      checked={user.isEnabled}
      disabled={!identity || isSelf || setEnabled.isPending}
      onChange={() => setAsking(true)}
      slotProps={{ input: { 'aria-label': `${user.username} enabled` } }}
    />
  );
  return (
    <>
      {isSelf ? (
        <Tooltip title={NOT_YOURSELF}>
          {/* A disabled control gets no pointer events: the tooltip listens on its wrapper. */}
          <span>{control}</span>
        </Tooltip>
      ) : (
        control
      )}
      {asking && (
        <Confirm
          isOpen
          {...question(user)}
          loading={setEnabled.isPending}
          onConfirm={() =>
            // The wanted state, not a flip: a repeated confirmation or another admin's change is not undone.
            setEnabled.mutate(
              { username: user.username, isEnabled: !user.isEnabled },
              { onSettled: () => setAsking(false) },
            )
          }
          onClose={() => setAsking(false)}
        />
      )}
    </>
  );
};
