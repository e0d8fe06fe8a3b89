import GlobalStyles from '@mui/material/GlobalStyles';

/** A class for what only works on screen (buttons, links back): left out of the printed page. */
export const SCREEN_ONLY = 'screen-only';
/** A class for what stands in on paper for a control, e.g. the value of an input. */
export const PRINT_ONLY = 'print-only';

/**
 * The printed page: margins that suit A4 and Letter alike, black on white whatever the theme, no shadows,
 * no table row or record split across two pages, no heading left alone at the bottom of a page, no control.
 */
const styles = {
  '@page': { margin: '15mm 12mm' },
  [`.${PRINT_ONLY}`]: { display: 'none' },
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
    // No control prints (DESIGN §4 "Print"): buttons, links drawn as buttons, form fields.
    'button, input, select, textarea, .MuiButton-root, .MuiIconButton-root, .MuiFormControl-root': {
      display: 'none !important',
    },
    [`.${PRINT_ONLY}`]: { display: 'inline !important' },
  },
} as const;

export const PrintStyles = () => <GlobalStyles styles={styles} />;
