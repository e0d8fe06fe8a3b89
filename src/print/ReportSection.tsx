import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { type Fact, FactList } from '../FactList';

/** One part of the report under its heading, a region named after it. */
export const ReportSection = ({ title, children }: { title: string; children: ReactNode }) => (
  <Stack component="section" aria-label={title} spacing={1} sx={{ mt: 3 }}>
    <Typography
      variant="h6"
      component="h2"
      sx={{ borderBottom: 1, borderColor: 'divider', pb: 0.5, breakAfter: 'avoid' }}
    >
      {title}
    </Typography>
    {children}
  </Stack>
);

/** A remark in small print, e.g. what the report leaves out. */
export const SmallPrint = ({ children }: { children: ReactNode }) => (
  <Typography variant="caption" color="text.secondary" component="p">
    {children}
  </Typography>
);

/** A report section of labelled facts. */
export const FactSection = ({ title, facts }: { title: string; facts: readonly Fact[] }) => (
  <ReportSection title={title}>
    <FactList label={title} facts={facts} />
  </ReportSection>
);
