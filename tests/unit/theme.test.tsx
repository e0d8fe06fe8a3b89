import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import { createTheme, getContrastRatio, ThemeProvider } from '@mui/material/styles';
import { composeStories } from '@storybook/react-vite';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import preview from '../../.storybook/preview';
import * as messageStories from '../../src/customRoutes/Messages.stories';
import { darkTheme, lightTheme } from '../../src/theme';
import { keepEveryStyleRule } from './support/emotionStyles';

// These tests check colours: every CSS rule reaches jsdom (support/emotionStyles.ts).
keepEveryStyleRule();

const themes = { light: createTheme(lightTheme), dark: createTheme(darkTheme) };

describe('the themes', () => {
  it.each(Object.entries(themes))('name every spinner (%s)', (_mode, theme) => {
    render(
      <ThemeProvider theme={theme}>
        <CircularProgress />
        <LinearProgress />
        <LinearProgress aria-label="Backup in progress" />
      </ThemeProvider>,
    );
    expect(screen.getAllByRole('progressbar', { name: 'Loading' })).toHaveLength(2);
    expect(screen.getByRole('progressbar', { name: 'Backup in progress' })).toBeInTheDocument();
  });

  it.each(Object.entries(themes))(
    'keep status colours at 4.5:1 as text on the page and under a chip label (%s)',
    (_mode, theme) => {
      const { palette } = theme;
      for (const status of ['error', 'warning', 'info', 'success', 'primary'] as const) {
        const { main, contrastText } = palette[status];
        expect(
          getContrastRatio(main, palette.background.default),
          `${status} on the page`,
        ).toBeGreaterThanOrEqual(4.5);
        expect(
          getContrastRatio(main, palette.background.paper),
          `${status} on a card`,
        ).toBeGreaterThanOrEqual(4.5);
        expect(getContrastRatio(contrastText, main), `${status} chip label`).toBeGreaterThanOrEqual(4.5);
      }
    },
  );
});

describe("react-admin's loading page", () => {
  it.each(Object.entries(themes))('reads at 4.5:1 on the page (%s)', (_mode, theme) => {
    const override = theme.components?.RaLoading?.styleOverrides?.root as (props: {
      theme: typeof theme;
    }) => Record<string, { color: string }>;
    const { color } = override({ theme })['& .RaLoading-message'];
    expect(getContrastRatio(color, theme.palette.background.default)).toBeGreaterThanOrEqual(4.5);
  });
});

describe("Storybook's theme and density toolbar", () => {
  it.each([
    ['light', 'comfortable', 'rgb(250, 250, 251)', 'MuiButton-sizeMedium'],
    ['dark', 'compact', 'rgb(49, 49, 49)', 'MuiButton-sizeSmall'],
  ])('draws a story in the app theme, %s and %s', (theme, density, background, buttonSize) => {
    const { InternalServerError } = composeStories(messageStories, {
      ...preview,
      initialGlobals: { theme, density },
    });
    render(<InternalServerError />);
    expect(getComputedStyle(document.body).backgroundColor).toBe(background);
    expect(screen.getByRole('button', { name: 'Try again' })).toHaveClass(buttonSize);
  });
});
