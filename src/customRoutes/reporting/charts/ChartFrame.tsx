import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactElement, useId } from 'react';
import { ResponsiveContainer } from 'recharts';

/** Charts are drawn this wide until their container is measured (jsdom never measures: it stays). */
const INITIAL_WIDTH = 640;

interface ChartFrameProps {
  /** The caption, also the figure's accessible name. */
  title: string;
  /** A remark under the caption, e.g. that only the top 10 are drawn. */
  note?: string;
  loading: boolean;
  /** Nothing to draw: `emptyText` shows instead. */
  isEmpty: boolean;
  emptyText: string;
  height: number;
  /** The recharts chart; the frame gives it its size. */
  children: ReactElement;
}

/** A chart as a captioned figure: a placeholder while its data loads, a sentence when there is nothing to draw. */
export const ChartFrame = ({
  title,
  note,
  loading,
  isEmpty,
  emptyText,
  height,
  children,
}: ChartFrameProps) => {
  const captionId = useId();
  return (
    <Card component="figure" aria-labelledby={captionId} aria-busy={loading} sx={{ m: 0 }}>
      <CardContent>
        <Typography id={captionId} component="figcaption" variant="h6">
          {title}
        </Typography>
        {note && (
          <Typography variant="body2" color="text.secondary">
            {note}
          </Typography>
        )}
        {loading ? (
          <Skeleton
            variant="rounded"
            height={height}
            role="progressbar"
            aria-label={`Loading ${title}`}
            sx={{ mt: 1 }}
          />
        ) : isEmpty ? (
          <Stack sx={{ height, alignItems: 'center', justifyContent: 'center' }}>
            <Typography color="text.secondary">{emptyText}</Typography>
          </Stack>
        ) : (
          <ResponsiveContainer
            width="100%"
            height={height}
            initialDimension={{ width: INITIAL_WIDTH, height }}
          >
            {children}
          </ResponsiveContainer>
        )}
      </CardContent>
    </Card>
  );
};
