import CssBaseline from '@mui/material/CssBaseline';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import type { Decorator, Preview } from '@storybook/react-vite';
import { StoryThemeContext, type ThemeMode } from '@test-support/storyTheme';
import { useMemo } from 'react';
import { configure, waitFor } from 'storybook/test';
import { type Density, themesFor } from './themes';

/**
 * Every story in the app's theme, light or dark, comfortable or compact (the toolbar's two switches).
 * Stories of the whole app get the same choice through `<Admin>`, whose own theme covers this one.
 */
const ThemeDecorator: Decorator = (Story, { globals }) => {
  const mode: ThemeMode = globals.theme === 'dark' ? 'dark' : 'light';
  const density: Density = globals.density === 'compact' ? 'compact' : 'comfortable';
  const themes = themesFor(density);
  const theme = useMemo(() => createTheme(themes[mode]), [themes, mode]);
  const chosen = useMemo(() => ({ mode, ...themes }), [mode, themes]);
  return (
    <StoryThemeContext.Provider value={chosen}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <Story />
      </ThemeProvider>
    </StoryThemeContext.Provider>
  );
};

/**
 * A page still loading: a spinner or react-admin's loading bar in the app bar (a progress bar with no value:
 * a share bar has one), a skeleton, or a part marked busy.
 */
const STILL_LOADING = '[role="progressbar"]:not([aria-valuenow]), [aria-busy="true"], .MuiSkeleton-root';

/**
 * Whether the story has drawn what it shows: a page of the app has its level-one heading and its title in
 * the app bar, and nothing is loading any more. A story of a loading state (`parameters.stillLoading`)
 * shows that it loads instead: a page reading its record has no heading or title yet.
 */
function drawn(
  canvasElement: HTMLElement,
  { layout, stillLoading }: { layout?: string; stillLoading?: boolean },
) {
  // Dialogs and menus are drawn outside the story's element, at the end of the page.
  const loading = canvasElement.ownerDocument.querySelector(STILL_LOADING) !== null;
  if (stillLoading) return loading ? undefined : 'no progress indicator';
  // Storybook's own error and empty pages have level-one headings outside the story: looked for within it.
  if (layout === 'fullscreen' && !canvasElement.querySelector('h1')) return 'no level-one heading yet';
  const title = canvasElement.querySelector('#react-admin-title');
  if (title && !title.textContent) return 'no title in the app bar yet';
  if (loading) return 'still loading';
  return undefined;
}

const preview: Preview = {
  tags: ['autodocs'],
  globalTypes: {
    theme: {
      description: 'Light or dark theme',
      toolbar: {
        title: 'Theme',
        icon: 'mirror',
        items: [
          { value: 'light', title: 'Light', icon: 'sun' },
          { value: 'dark', title: 'Dark', icon: 'moon' },
        ],
        dynamicTitle: true,
      },
    },
    density: {
      description: 'Comfortable or compact spacing',
      toolbar: {
        title: 'Density',
        icon: 'component',
        items: [
          { value: 'comfortable', title: 'Comfortable' },
          { value: 'compact', title: 'Compact' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'light', density: 'comfortable' },
  parameters: {
    // A story with any accessibility violation fails its test (and shows red in the panel).
    a11y: { test: 'error' },
  },
  decorators: [ThemeDecorator],
  // In Storybook and its tests (not in the component tests that render these stories): a play function's
  // `findBy…` waits as long as the settling check below, as whole-app stories load their page first.
  beforeAll: () => {
    configure({ asyncUtilTimeout: 30_000 });
  },
  /**
   * Runs before the accessibility check (Storybook runs these hooks last-declared first): the page has
   * settled, so axe sees the story's state rather than its first spinner.
   */
  afterEach: async ({ canvasElement, parameters }) => {
    // Whole-app stories load their page's code and data first; a busy machine takes seconds.
    await waitFor(
      () => {
        const waiting = drawn(canvasElement, parameters);
        if (waiting) throw new Error(`The story is not drawn: ${waiting}`);
      },
      { timeout: 30_000 },
    );
  },
};

export default preview;
