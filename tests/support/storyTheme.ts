import { createContext, useContext, useMemo } from 'react';
import { memoryStore, type RaThemeOptions } from 'react-admin';
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

/** A fresh memory store opening in the chosen mode, and the app's themes (compact ones under that toolbar). */
export function useHarnessTheme() {
  const { mode, light, dark } = useContext(StoryThemeContext);
  const store = useMemo(() => memoryStore({ theme: mode }), [mode]);
  const themes = useMemo(() => ({ light, dark }), [light, dark]);
  return { store, themes };
}
