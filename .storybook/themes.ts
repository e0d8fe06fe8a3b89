import type { RaThemeOptions } from 'react-admin';
import { darkTheme, lightTheme } from '../src/theme';

export type Density = 'comfortable' | 'compact';

/**
 * The app's theme made compact: small inputs, buttons and table rows, dense lists and toolbars, a 6 px
 * spacing unit. For designers to weigh a denser screen; the app itself is comfortable.
 */
function compact(theme: RaThemeOptions): RaThemeOptions {
  const small = { defaultProps: { size: 'small' as const } };
  const dense = { defaultProps: { dense: true } };
  return {
    ...theme,
    spacing: 6,
    components: {
      ...theme.components,
      MuiButton: small,
      MuiIconButton: small,
      MuiTextField: small,
      MuiFormControl: { defaultProps: { size: 'small', margin: 'dense' } },
      MuiTable: small,
      MuiChip: small,
      MuiList: dense,
      MuiMenuItem: dense,
      MuiToolbar: { defaultProps: { variant: 'dense' } },
    },
  };
}

const THEMES: Record<Density, { light: RaThemeOptions; dark: RaThemeOptions }> = {
  comfortable: { light: lightTheme, dark: darkTheme },
  compact: { light: compact(lightTheme), dark: compact(darkTheme) },
};

/** The app's light and dark themes at the chosen density. */
export const themesFor = (density: Density) => THEMES[density];
