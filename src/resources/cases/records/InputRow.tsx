import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';

/** Inputs side by side on a wide screen (a start and its end), stacked on a narrow one. */
export const InputRow = ({ children }: { children: ReactNode }) => (
  <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ width: '100%' }}>
    {children}
  </Stack>
);
