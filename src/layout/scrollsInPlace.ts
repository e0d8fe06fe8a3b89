/**
 * A box wider content scrolls sideways in, on a narrow screen, instead of the page: it takes the keyboard
 * focus (the arrow keys then scroll it) and shows it. Printed, nothing scrolls.
 */
export const scrollsInPlace = {
  tabIndex: 0,
  sx: {
    overflowX: 'auto',
    '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
    '@media print': { overflowX: 'visible' },
  },
} as const;
