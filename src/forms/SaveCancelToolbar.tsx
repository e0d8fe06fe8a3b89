import Button from '@mui/material/Button';
import { SaveButton, Toolbar } from 'react-admin';

/**
 * A form toolbar with Save and Cancel, for forms that are left without saving (dialogs, sub-pages). It
 * stays at the bottom of what scrolls, so Save is in view on a short screen while the fields scroll by.
 */
export const SaveCancelToolbar = ({
  onCancel,
  saveLabel,
  saveUntouched = false,
}: {
  onCancel: () => void;
  saveLabel?: string;
  /** A new record prefilled with what it should hold can be saved as it is (react-admin waits for an edit). */
  saveUntouched?: boolean;
}) => (
  <Toolbar sx={{ position: 'sticky', bottom: 0, zIndex: 1 }}>
    <SaveButton label={saveLabel} alwaysEnable={saveUntouched} />
    <Button onClick={onCancel} sx={{ ml: 1 }}>
      Cancel
    </Button>
  </Toolbar>
);
