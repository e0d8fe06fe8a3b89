import type { Theme } from '@aws-amplify/ui-react';

type Tokens = { readonly [key: string]: unknown };

/** A token's value as CSS: a reference to another token (`{colors.neutral.10}`) reads that token's property. */
const cssValue = (value: string) =>
  value.replace(
    /\{([\w.-]+?)(?:\.value)?\}/g,
    (_, path: string) => `var(--amplify-${path.replaceAll('.', '-')})`,
  );

/** `--amplify-colors-primary-80: #104080;` for each token under `tokens`, a leaf being a string or `{ value }`. */
function* declarations(tokens: Tokens, path: readonly string[] = []): Generator<string> {
  for (const [key, token] of Object.entries(tokens)) {
    const name = [...path, key];
    if (typeof token === 'string' || typeof token === 'number')
      yield `--amplify-${name.join('-')}: ${cssValue(String(token))};`;
    else if (token && typeof token === 'object' && 'value' in token) {
      const { value } = token as { value: unknown };
      if (typeof value === 'string' || typeof value === 'number')
        yield `--amplify-${name.join('-')}: ${cssValue(String(value))};`;
    } else if (token && typeof token === 'object') yield* declarations(token as Tokens, name);
  }
}

/**
 * The CSS of an Amplify UI theme's own tokens and its dark-mode overrides, for a page whose root is marked
 * `data-amplify-theme={theme.name}` with `data-amplify-color-mode` "light" or "dark". What Amplify's
 * ThemeProvider does, without its `createTheme`: that builds every one of Amplify's tokens in the main thread
 * (about 50 ms, four times that on a slow phone) and writes them all out again (130 kB of CSS), when its
 * stylesheet already holds the defaults and only these differ (issue 35, item 5).
 */
export function amplifyThemeCss(theme: Theme): string {
  const root = `[data-amplify-theme="${theme.name}"]`;
  const block = (selector: string, tokens: Tokens | undefined) =>
    `${selector} { ${[...declarations(tokens ?? {})].join(' ')} }`;
  return [
    // Two attributes, so that it wins over the stylesheet's defaults (`[data-amplify-theme]`) wherever it is.
    block(`${root}[data-amplify-color-mode]`, theme.tokens as Tokens | undefined),
    ...(theme.overrides ?? [])
      .filter((override) => 'colorMode' in override && override.colorMode === 'dark')
      .map((override) => block(`${root}[data-amplify-color-mode="dark"]`, override.tokens as Tokens)),
  ].join('\n');
}
