import { createContext } from 'react';
import type { RaThemeOptions } from 'react-admin';
import { darkTheme, lightTheme } from '../../src/theme';

export type ThemeMode = 'light' | 'dark';

/** The themes and mode Storybook's toolbars chose; the whole-app harnesses hand them to `<Admin>`. */
export interface StoryTheme {
  mode: ThemeMode;
  light: RaThemeOptions;
  dark: RaThemeOptions;
}

export const StoryThemeContext = createContext<StoryTheme>({
  mode: 'light',
  light: lightTheme,
  dark: darkTheme,
});
