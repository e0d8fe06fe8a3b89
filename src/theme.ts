import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';
import { PRIMARY_COLOR, PRIMARY_ON_DARK } from './palette';

/** DESIGN §7: light by default, primary #104080, dark mode available. */
export { PRIMARY_COLOR };

export const lightTheme: RaThemeOptions = {
  ...defaultLightTheme,
  palette: { ...defaultLightTheme.palette, primary: { main: PRIMARY_COLOR } },
  components: { ...defaultLightTheme.components, RaAppBar: { defaultProps: { color: 'primary' } } },
};

export const darkTheme: RaThemeOptions = {
  ...defaultDarkTheme,
  palette: { ...defaultDarkTheme.palette, primary: { main: PRIMARY_ON_DARK } },
};
