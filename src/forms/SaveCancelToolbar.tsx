import Button from '@mui/material/Button';
import { SaveButton, Toolbar } from 'react-admin';

/** A form toolbar with Save and Cancel, for forms that are left without saving (dialogs, sub-pages). */
export const SaveCancelToolbar = ({ onCancel, saveLabel }: { onCancel: () => void; saveLabel?: string }) => (
  <Toolbar>
    <SaveButton label={saveLabel} />
    <Button onClick={onCancel} sx={{ ml: 1 }}>
      Cancel
    </Button>
  </Toolbar>
);
