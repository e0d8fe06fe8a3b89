import CloseIcon from '@mui/icons-material/Close';
import IconButton from '@mui/material/IconButton';
import { useCallback } from 'react';
import { type NotificationOptions, useCloseNotification, useNotify } from 'react-admin';

/** Spec §9: a snackbar timeout of −1 means never: the message stays until it is dismissed. */
export const SNACKBAR_NEVER = -1;

const DismissNotification = () => {
  const close = useCloseNotification();
  return (
    <IconButton size="small" color="inherit" aria-label="Dismiss" onClick={close}>
      <CloseIcon fontSize="small" />
    </IconButton>
  );
};

/** What a message that never hides is shown with: a Dismiss button, and a click elsewhere does not close it. */
const UNTIL_DISMISSED: NotificationOptions = {
  autoHideDuration: null,
  action: <DismissNotification />,
  ClickAwayListenerProps: {
    onClickAway: (event: { defaultMuiPrevented?: boolean }) => {
      event.defaultMuiPrevented = true;
    },
  },
};

/** react-admin's `notify`, where `autoHideDuration: SNACKBAR_NEVER` (−1) keeps the message until dismissed. */
export function useAppNotify() {
  const notify = useNotify();
  return useCallback(
    (message: string, options: NotificationOptions = {}) =>
      notify(
        message,
        options.autoHideDuration === SNACKBAR_NEVER ? { ...options, ...UNTIL_DISMISSED } : options,
      ),
    [notify],
  );
}
