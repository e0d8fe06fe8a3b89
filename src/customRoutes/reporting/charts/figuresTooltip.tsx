import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { TooltipContentProps } from 'recharts';

/** One line of a tooltip: a name and the server's figure, e.g. `['Amount', '1569.75']`. */
export type TooltipLine = readonly [name: string, figure: string];

/**
 * A tooltip's content for the point under the pointer (or chosen with the arrow keys): the server's
 * figures for that row, never the numbers the chart plotted.
 */
export function figuresTooltip<Row>(
  titleOf: (row: Row) => string,
  linesOf: (row: Row) => readonly TooltipLine[],
) {
  return ({ active, payload }: TooltipContentProps) => {
    const row = payload?.[0]?.payload as Row | undefined;
    if (!active || !row) return null;
    return (
      <Paper elevation={3} sx={{ px: 1.5, py: 1 }}>
        <Typography variant="subtitle2" component="p">
          {titleOf(row)}
        </Typography>
        {linesOf(row).map(([name, figure]) => (
          <Typography key={name} variant="body2">
            {name}: {figure}
          </Typography>
        ))}
      </Paper>
    );
  };
}
