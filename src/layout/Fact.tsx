import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** One fact in a definition list (`<dl>` with a grid of terms and values): its term and its value. */
export const Fact = ({ term, children }: { term: string; children: ReactNode }) => (
  <>
    <Typography component="dt" variant="body2" color="text.secondary">
      {term}
    </Typography>
    <Typography component="dd" variant="body2" sx={{ m: 0 }}>
      {children}
    </Typography>
  </>
);
