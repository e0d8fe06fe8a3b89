import { createTheme, defaultDarkModeOverride, type Theme } from '@aws-amplify/ui-react';
import { describe, expect, it } from 'vitest';
import { amplifyTheme } from '../../src/authProvider/amplifyTheme';
import { amplifyThemeCss } from '../../src/authProvider/amplifyThemeCss';

/** The custom properties set by the rules of `css` whose selector ends as `selectorEnd`, by name. */
function properties(css: string, selectorEnd: RegExp): Map<string, string> {
  const found = new Map<string, string>();
  for (const [, selector, body] of css.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    if (!selectorEnd.test(selector.trim())) continue;
    for (const [, name, value] of body.matchAll(/(--amplify-[\w-]+):\s*([^;]+);/g))
      found.set(name, value.replace(/\s+/g, ' ').trim());
  }
  return found;
}

const BASE = /^\[data-amplify-theme="[\w-]+"\](\[data-amplify-color-mode\])?$/;
const DARK = /\[data-amplify-color-mode="dark"\]$/;

/** What our CSS must set: what Amplify's ThemeProvider sets differently from Amplify's defaults. */
function expected(theme: Theme) {
  const ours = createTheme(theme).cssText;
  const defaults = properties(createTheme({ name: theme.name }).cssText, BASE);
  const base = new Map([...properties(ours, BASE)].filter(([name, value]) => defaults.get(name) !== value));
  return { base, dark: properties(ours, DARK) };
}

describe("the sign-in page's Amplify theme as CSS (issue 35, item 5)", () => {
  it('sets what Amplify’s ThemeProvider sets for the app’s theme, light and dark, and nothing else', () => {
    const css = amplifyThemeCss(amplifyTheme);
    const { base, dark } = expected(amplifyTheme);
    expect(base.size).toBeGreaterThan(0);
    expect(properties(css, BASE)).toEqual(base);
    expect(dark.get('--amplify-colors-primary-80')).toBe('#9dbde8');
    expect(dark.get('--amplify-colors-font-primary')).toBe('var(--amplify-colors-white)');
    expect(properties(css, DARK)).toEqual(dark);
  });

  it('holds for tokens given as `{ value }` and as references to other tokens', () => {
    const theme: Theme = {
      name: 'other',
      tokens: { colors: { font: { primary: { value: '{colors.neutral.90.value}' } } } },
      overrides: [defaultDarkModeOverride],
    };
    const css = amplifyThemeCss(theme);
    const { base, dark } = expected(theme);
    expect(base.get('--amplify-colors-font-primary')).toBe('var(--amplify-colors-neutral-90)');
    expect(properties(css, BASE)).toEqual(base);
    expect(properties(css, DARK)).toEqual(dark);
  });
});
