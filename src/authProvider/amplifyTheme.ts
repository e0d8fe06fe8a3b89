import { defaultDarkModeOverride, type Theme } from '@aws-amplify/ui-react';
import { PRIMARY_COLOR } from '../palette';

/** Amplify UI's tokens set to the app's primary colour so the sign-in gate matches the app. */
export const amplifyTheme: Theme = {
  name: 'vigil',
  overrides: [defaultDarkModeOverride],
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
