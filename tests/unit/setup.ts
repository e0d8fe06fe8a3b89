import '@testing-library/jest-dom/vitest';
import { format } from 'node:util';
import { cleanup } from '@testing-library/react';
import { afterEach, expect } from 'vitest';

/** React's warnings that a component handed a prop on to a DOM element instead of using it. */
const DOM_PROP_WARNING = /React does not recognize the|Unknown (event handler )?prop|Invalid DOM property/;

/**
 * react-admin 5.15.4 (the latest) still passes props that MUI 9 removed, beside the `slotProps` MUI 9 reads:
 * TextField's `InputProps` and `inputProps`, FormControlLabel's `inputRef`; MUI hands them on to its root
 * element. They are let through until react-admin drops them: MUI 9's types refuse them in our own code.
 */
const REACT_ADMIN_MUI5_PROPS = new Set(['InputProps', 'inputProps', 'inputRef']);

let domPropWarnings: string[] = [];
const consoleError = console.error;
console.error = (...args: unknown[]) => {
  if (!DOM_PROP_WARNING.test(String(args[0]))) return consoleError(...args);
  if (!REACT_ADMIN_MUI5_PROPS.has(String(args[1]))) domPropWarnings.push(format(...args));
};

// jsdom does not scroll; react-admin scrolls to the top of each page it opens.
if (typeof window !== 'undefined') window.scrollTo = () => undefined;

afterEach(() => {
  cleanup();
  const warnings = domPropWarnings;
  domPropWarnings = [];
  expect(warnings, 'React warned that a prop reached a DOM element').toEqual([]);
});
