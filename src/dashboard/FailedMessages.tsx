import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useGetList } from 'react-admin';
import { Link } from 'react-router-dom';
import type { InterfaceMessage } from '../../contract/interfaces';
import { INTERFACE_MESSAGES_RESOURCE } from '../dataProvider/resourcePaths';
import { FAILED_MESSAGES } from './homeWidgets';

/** The message log filtered to the reports that did not reach their hospital. */
const failedMessagesPath = `/${INTERFACE_MESSAGES_RESOURCE}?filter=${encodeURIComponent(JSON.stringify(FAILED_MESSAGES.filter))}`;

/**
 * On an admin's home: how many signed reports could not be delivered to their hospital after every retry,
 * leading to those messages (where each can be sent again). Nothing when none failed.
 */
export const FailedMessages = () => {
  const { total } = useGetList<InterfaceMessage>(INTERFACE_MESSAGES_RESOURCE, FAILED_MESSAGES);
  if (!total) return null;
  return (
    <Alert
      severity="error"
      action={
        <Button component={Link} to={failedMessagesPath} color="inherit" size="small">
          Open the failed messages
        </Button>
      }
    >
      {total === 1
        ? '1 report could not be sent to its hospital.'
        : `${total} reports could not be sent to their hospitals.`}
    </Alert>
  );
};
