import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Title } from 'react-admin';

/** The shared look of the app's message pages (not found, unauthorized, error). */
export const PageMessage = ({ title, children }: { title: string; children: ReactNode }) => (
  <Card sx={{ mt: 2 }}>
    <Title title={title} />
    <CardContent>
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      {children}
    </CardContent>
  </Card>
);
