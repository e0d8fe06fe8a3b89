import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useCanAccess } from 'react-admin';
import type { CaseDetails } from '../../../../../contract/cases';
import { isOpenNotification, type Notification } from '../../../../../contract/notifications';
import { CallDialog } from './CallDialog';
import { CallNextLine } from './CallNextLine';

/**
 * Under an event's notification: how many attempts were made, whom to call next with the time left, and
 * "Log call" (for those who may call) while the call is open.
 */
export const CallAttemptsCell = ({
  details,
  itemId,
  notification,
}: {
  details: CaseDetails;
  itemId: number;
  notification: Notification;
}) => {
  const [open, setOpen] = useState(false);
  const { canAccess = false } = useCanAccess({ resource: 'cases.call-attempts', action: 'create' });
  const count = notification.attempts.length;
  const callable = isOpenNotification(notification.status) && details.stage !== 'closed';
  return (
    <>
      {count > 0 && (
        <Typography variant="body2" color="text.secondary">
          {count === 1 ? '1 attempt' : `${count} attempts`}
        </Typography>
      )}
      {callable && notification.nextContact && notification.escalateBy && (
        <CallNextLine next={{ ...notification.nextContact, escalateBy: notification.escalateBy }} />
      )}
      {callable && canAccess && (
        <Button size="small" variant="outlined" onClick={() => setOpen(true)}>
          Log call
        </Button>
      )}
      {open && (
        <CallDialog
          details={details}
          itemId={itemId}
          notification={notification}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
};
