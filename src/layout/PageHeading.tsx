import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** MUI's `visuallyHidden` (from @mui/utils, which the app does not depend on directly). */
const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

/** Text for screen readers only. */
export const VisuallyHidden = ({ children }: { children: ReactNode }) => (
  <Box component="span" sx={visuallyHidden}>
    {children}
  </Box>
);

/**
 * The level-one heading of a page whose visible title is react-admin's app-bar title (lists, create
 * forms, boards): read by screen readers and heading navigation, not drawn a second time.
 */
export const PageHeading = ({ children }: { children: string }) => (
  <Typography component="h1" sx={visuallyHidden}>
    {children}
  </Typography>
);
