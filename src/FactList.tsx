import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface Fact {
  label: string;
  value: ReactNode;
}

/** Labelled values in a responsive grid, as a definition list. */
export const FactList = ({ facts, label }: { facts: readonly Fact[]; label: string }) => (
  <Box
    component="dl"
    aria-label={label}
    sx={{
      display: 'grid',
      gridTemplateColumns: 'repeat(auto-fill, minmax(190px, 1fr))',
      columnGap: 3,
      rowGap: 1.5,
      m: 0,
    }}
  >
    {facts.map(({ label: term, value }) => (
      <div key={term}>
        <Typography component="dt" variant="caption" color="text.secondary">
          {term}
        </Typography>
        <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
          {value}
        </Typography>
      </div>
    ))}
  </Box>
);
