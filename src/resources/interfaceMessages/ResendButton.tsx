import SendIcon from '@mui/icons-material/Send';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { Confirm, type HttpError, useDataProvider, useNotify, useRefresh } from 'react-admin';
import type { InterfaceMessage } from '../../../contract/interfaces';
import type { AppDataProvider } from '../../dataProvider';
import { canResend } from './messageWords';

/** Queues a failed or refused outbound message again, after the admin confirms; nothing for the others. */
export const ResendButton = ({ message }: { message: InterfaceMessage }) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [sending, setSending] = useState(false);
  if (!canResend(message)) return null;
  const resend = async () => {
    setSending(true);
    try {
      await dataProvider.resendMessage(message.id);
      notify(`Message ${message.controlId} is queued to be sent again`, { type: 'success' });
      refresh();
    } catch (error) {
      notify((error as HttpError).message, { type: 'error' });
    } finally {
      setSending(false);
      setOpen(false);
    }
  };
  return (
    <>
      <Button variant="contained" startIcon={<SendIcon />} onClick={() => setOpen(true)}>
        Resend
      </Button>
      <Confirm
        isOpen={open}
        loading={sending}
        title={`Send ${message.messageType} ${message.controlId} again?`}
        content="The message goes back in the queue and is sent to the hospital as it was written, with new tries."
        confirm="Resend"
        onConfirm={resend}
        onClose={() => setOpen(false)}
      />
    </>
  );
};
