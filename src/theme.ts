import type { Theme } from '@mui/material/styles';
import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';
import { PRIMARY_COLOR, PRIMARY_ON_DARK } from './palette';

/** DESIGN §7: light by default, primary #104080, dark mode available. */

/**
 * Status colours that keep 4.5:1 (WCAG AA) as text on the page and on tinted rows, and under a chip's
 * label: MUI's defaults (#d32f2f, #ed6c02, #0288d1 in light, the first 3.8:1 on a form's grey toolbar; #f44336 under white in dark) fall short.
 */
const LIGHT_STATUS = {
  error: { main: '#b71c1c' },
  warning: { main: '#9a4a00' },
  info: { main: '#0277bd' },
};
const DARK_STATUS = {
  error: { main: '#ef9a9a' },
  warning: { main: '#ffcc80' },
};

/** Every spinner is named for assistive technology; a page may give a more precise name. */
const NAMED_SPINNERS = {
  MuiCircularProgress: { defaultProps: { 'aria-label': 'Loading' } },
  MuiLinearProgress: { defaultProps: { 'aria-label': 'Loading' } },
};

/**
 * A keyboard focus ring on everything MUI makes clickable (buttons, icon buttons, menu items, tabs, chips,
 * sort labels, switches, card areas): MUI marks keyboard focus only with a faint ripple. Drawn inside the
 * element in its own text colour, so it shows on a contained button, in the app bar and on a light page.
 */
const RING = { outline: '2px solid currentColor', outlineOffset: -2 };
const FOCUS_RING = {
  MuiButtonBase: {
    // The browser's own `:focus-visible` too: MUI's class comes a render later, or not at all for an
    // element focused before its handlers were attached.
    styleOverrides: { root: { '&.Mui-focusVisible, &:focus-visible': RING } },
  },
  // react-admin's "Skip to content" is white on the page's background: shown as a primary button instead.
  RaSkipNavigationButton: {
    styleOverrides: {
      root: ({ theme }: { theme: Theme }) => ({
        backgroundColor: theme.palette.primary.main,
        color: theme.palette.primary.contrastText,
        '&:hover': { backgroundColor: theme.palette.primary.dark, opacity: 1 },
      }),
    },
  },
};

/**
 * A long page title ends in "…" on a phone instead of being cut mid-letter under the app-bar buttons: the
 * title's inner box is an inline block, which the title's own ellipsis does not reach.
 */
const TITLE_ELLIPSIS = {
  '& .RaAppBar-title > *': {
    maxWidth: '100%',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    verticalAlign: 'bottom',
  },
};

/**
 * A list fits the window: its table scrolls sideways within its card (on a phone), never the page. Without
 * `minWidth: 0` the list's flex box is as wide as its widest row.
 */
const LIST_FITS = {
  RaList: {
    styleOverrides: {
      root: { '& .RaList-main': { minWidth: 0 }, '& .RaList-content': { overflowX: 'auto' } },
    },
  },
};

/**
 * The page react-admin shows while the app's code loads ("Loading", "Please wait") is in the secondary
 * text colour: its default, the disabled grey, is 2.7:1 on the page.
 */
const READABLE_LOADING = {
  RaLoading: {
    styleOverrides: {
      root: ({ theme }: { theme: Theme }) => ({
        '& .RaLoading-message': { color: theme.palette.text.secondary },
      }),
    },
  },
};

export const lightTheme: RaThemeOptions = {
  ...defaultLightTheme,
  palette: { ...defaultLightTheme.palette, primary: { main: PRIMARY_COLOR }, ...LIGHT_STATUS },
  components: {
    ...defaultLightTheme.components,
    ...NAMED_SPINNERS,
    ...FOCUS_RING,
    ...LIST_FITS,
    ...READABLE_LOADING,
    RaAppBar: { defaultProps: { color: 'primary' }, styleOverrides: { root: TITLE_ELLIPSIS } },
  },
};

export const darkTheme: RaThemeOptions = {
  ...defaultDarkTheme,
  palette: { ...defaultDarkTheme.palette, primary: { main: PRIMARY_ON_DARK }, ...DARK_STATUS },
  components: {
    ...defaultDarkTheme.components,
    ...NAMED_SPINNERS,
    ...FOCUS_RING,
    ...LIST_FITS,
    ...READABLE_LOADING,
    RaAppBar: { styleOverrides: { root: TITLE_ELLIPSIS } },
  },
};
