import { useTheme } from '@mui/material/styles';

/** What the report charts share: colours from the theme (light or dark), and how figures are plotted. */

/** Hours in the app's primary colour, money in another on its own axis, axes and grid readable in both modes. */
export function useChartColors() {
  const { palette } = useTheme();
  return {
    hours: palette.primary.main,
    amount: palette.warning.main,
    axis: palette.text.secondary,
    grid: palette.divider,
  };
}

/** Distinct colours for the parts of a stacked bar (Tableau 10 and two more, so that a year's months differ). */
const SERIES_COLORS = [
  '#4e79a7',
  '#f28e2b',
  '#e15759',
  '#76b7b2',
  '#59a14f',
  '#edc948',
  '#b07aa1',
  '#ff9da7',
  '#9c755f',
  '#bab0ac',
  '#499894',
  '#d37295',
];
export const seriesColor = (index: number) => SERIES_COLORS[index % SERIES_COLORS.length];

/**
 * A server figure ("12.50") as a bar's height or a line's point. Plotting only: labels, tooltips and
 * tables show the server's strings, and nothing is added up from these numbers.
 */
export const plotted = (figure: string | null | undefined) =>
  figure === null || figure === undefined ? undefined : Number(figure);

/** Whether any figure would draw something: otherwise the chart says there is nothing to show. */
export const anythingToPlot = (figures: readonly (string | null | undefined)[]) =>
  figures.some((figure) => (plotted(figure) ?? 0) !== 0);
