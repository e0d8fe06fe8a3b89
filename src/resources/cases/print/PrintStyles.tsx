import GlobalStyles from '@mui/material/GlobalStyles';

/** A class for what only works on screen (buttons, links back): left out of the printed page. */
export const SCREEN_ONLY = 'screen-only';

/**
 * The printed page: margins that suit A4 and Letter alike, black on white whatever the theme, no shadows,
 * no table row or record split across two pages, no heading left alone at the bottom of a page.
 */
const styles = {
  '@page': { margin: '15mm 12mm' },
  '@media print': {
    'html, body, main, main *': {
      color: '#000 !important',
      backgroundColor: '#fff !important',
      boxShadow: 'none !important',
    },
    main: { padding: '0 !important', minHeight: 'auto !important' },
    'tr, [data-keep-together]': { breakInside: 'avoid' },
    'h1, h2, h3': { breakAfter: 'avoid' },
    [`.${SCREEN_ONLY}`]: { display: 'none !important' },
  },
} as const;

export const PrintStyles = () => <GlobalStyles styles={styles} />;
