import { defaultDarkModeOverride, type Theme } from '@aws-amplify/ui-react';
import { PRIMARY_COLOR, PRIMARY_ON_DARK } from '../palette';

/**
 * In the dark, Amplify's own scales run light-to-dark reversed; the app's primary scale is reversed the same
 * way, so the button and links are the app's light blue on the dark page (9:1) and not navy on navy.
 */
const darkPrimary = {
  colorMode: 'dark' as const,
  tokens: {
    colors: {
      primary: {
        10: '#08234a',
        20: '#0c3266',
        40: '#2d5a9a',
        60: '#6f8fc0',
        80: PRIMARY_ON_DARK,
        90: '#c5d4ea',
        100: '#e8eef7',
      },
    },
  },
};

/** Amplify UI's tokens set to the app's primary colour so the sign-in gate matches the app. */
export const amplifyTheme: Theme = {
  name: 'vigil',
  overrides: [defaultDarkModeOverride, darkPrimary],
  tokens: {
    colors: {
      primary: {
        10: '#e8eef7',
        20: '#c5d4ea',
        40: '#6f8fc0',
        60: '#2d5a9a',
        80: PRIMARY_COLOR,
        90: '#0c3266',
        100: '#08234a',
      },
    },
    fonts: {
      default: {
        variable: { value: 'Roboto, Helvetica, Arial, sans-serif' },
        static: { value: 'Roboto, Helvetica, Arial, sans-serif' },
      },
    },
  },
};
