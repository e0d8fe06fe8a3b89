import BugReportIcon from '@mui/icons-material/BugReport';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { Suspense, useState } from 'react';
import { lazyWithReload } from '../../lazyWithReload';

// The button is on every page (in the app bar); the form behind it loads only when it is opened.
const ReportBugDialog = lazyWithReload(() =>
  import('./ReportBugDialog').then((module) => ({ default: module.ReportBugDialog })),
);

const LABEL = 'Report a bug';

/** "Report a bug": an icon in the app bar, a button on the bugs page; opens the report form. */
export const ReportBugButton = ({ variant = 'icon' }: { variant?: 'icon' | 'button' }) => {
  const [open, setOpen] = useState(false);
  return (
    <>
      {variant === 'icon' ? (
        <Tooltip title={LABEL}>
          <IconButton color="inherit" aria-label={LABEL} onClick={() => setOpen(true)}>
            <BugReportIcon />
          </IconButton>
        </Tooltip>
      ) : (
        <Button variant="contained" startIcon={<BugReportIcon />} onClick={() => setOpen(true)}>
          {LABEL}
        </Button>
      )}
      {open && (
        <Suspense fallback={null}>
          <ReportBugDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
};
