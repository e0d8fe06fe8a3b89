import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** Charts side by side on a wide screen, one under the other on a narrow one. */
export const ChartsRow = ({ children }: { children: ReactNode }) => (
  <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'repeat(2, minmax(0, 1fr))' } }}>
    {children}
  </Box>
);
