import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { Authenticated } from 'react-admin';

/**
 * The base layout (spec §2): no menu, app bar or breadcrumbs, for printable and full-width pages. Use it
 * inside `<CustomRoutes noLayout>`, which react-admin does not guard, hence `<Authenticated>`.
 */
export const BaseLayout = ({ children }: { children: ReactNode }) => (
  <Authenticated>
    <Box component="main" sx={{ p: 2, minHeight: '100vh', bgcolor: 'background.default' }}>
      {children}
    </Box>
  </Authenticated>
);
