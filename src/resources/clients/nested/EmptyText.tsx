import Typography from '@mui/material/Typography';

/** What a tab's table shows when it has no rows. */
export const EmptyText = ({ children }: { children: string }) => (
  <Typography color="text.secondary" sx={{ py: 2 }}>
    {children}
  </Typography>
);
