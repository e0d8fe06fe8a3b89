import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';

/** What a widget is given by its container: nothing yet while loading, its data, or why it failed. */
export interface WidgetData<T> {
  data?: T;
  error?: Error | null;
}

interface HomeWidgetProps<T> extends WidgetData<T> {
  title: string;
  /** Lines of the loading skeleton, about the height the widget usually has. */
  skeletonLines?: number;
  children: (data: T) => ReactNode;
}

/**
 * The frame of each home widget: a region named by its heading, showing a skeleton while loading, the
 * error's message when it failed, else its content.
 */
export function HomeWidget<T>({ title, data, error, skeletonLines = 3, children }: HomeWidgetProps<T>) {
  const headingId = useId();
  const loading = !error && data === undefined;
  return (
    <Card component="section" aria-labelledby={headingId} aria-busy={loading} sx={{ height: '100%' }}>
      <CardContent>
        <Typography id={headingId} variant="h6" component="h3" gutterBottom>
          {title}
        </Typography>
        {error ? (
          <Alert severity="error">{`${title} could not be loaded: ${error.message}`}</Alert>
        ) : data === undefined ? (
          <Stack spacing={1}>
            {Array.from({ length: skeletonLines }, (_, line) => line).map((line) => (
              <Skeleton key={line} variant="rounded" height={28} />
            ))}
          </Stack>
        ) : (
          children(data)
        )}
      </CardContent>
    </Card>
  );
}
