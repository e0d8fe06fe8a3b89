import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';

/** DESIGN §7: light by default, primary #104080, dark mode available. */
export const PRIMARY_COLOR = '#104080';
const PRIMARY_ON_DARK = '#7fa6dc';

export const lightTheme: RaThemeOptions = {
  ...defaultLightTheme,
  palette: { ...defaultLightTheme.palette, primary: { main: PRIMARY_COLOR } },
  components: { ...defaultLightTheme.components, RaAppBar: { defaultProps: { color: 'primary' } } },
};

export const darkTheme: RaThemeOptions = {
  ...defaultDarkTheme,
  palette: { ...defaultDarkTheme.palette, primary: { main: PRIMARY_ON_DARK } },
};
