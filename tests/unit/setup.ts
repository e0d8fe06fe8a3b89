import '@testing-library/jest-dom/vitest';
import { format } from 'node:util';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, expect, inject } from 'vitest';
import { fakeAnswerCheck } from '../support/fakeAnswerCheck';
import { checkFakeAnswersWith } from '../support/fakeApiRules';
import { emotionStylesForTests } from './support/emotionStyles';
import { rememberLabelControls } from './support/labelControls';

/**
 * React's warnings that a component handed a prop on to a DOM element instead of using it, or handed a DOM element
 * an attribute value it cannot take. Any of them fails the test: they mean a prop (and what it carries, e.g. a ref)
 * got lost on the way.
 */
const DOM_PROP_WARNING =
  /React does not recognize the|Unknown (event handler )?prop|Invalid DOM property|for a non-boolean attribute/;

let domPropWarnings: string[] = [];
const consoleError = console.error;
console.error = (...args: unknown[]) => {
  if (!DOM_PROP_WARNING.test(String(args[0]))) return consoleError(...args);
  domPropWarnings.push(format(...args));
};

/** The fake API's answers the API's contract refuses: any of them fails the test (the fakes drifted). */
let driftedAnswers: string[] = [];
checkFakeAnswersWith(
  fakeAnswerCheck(inject('apiDocument'), (problem) => {
    driftedAnswers.push(problem);
  }),
);

/**
 * How long `findBy…` and `waitFor` wait for what the test expects. Stories of the whole app load lazy chunks and
 * run react-admin's access checks: quiet, that takes well under a second, but on a machine whose cores are busy
 * many times over it takes tens of seconds. The wait ends as soon as the page shows what is expected, so a long
 * limit costs nothing when the test passes; it only keeps a slow machine from failing a test that is right.
 */
configure({ asyncUtilTimeout: 90_000 });

// Naming a field by its label costs a walk of the whole document per label in jsdom; the answer is kept until the
// document changes (support/labelControls.ts).
rememberLabelControls();

// Only the CSS rules that can hide an element or its pointer events reach jsdom, and each test starts with only the
// rules it writes itself, not every earlier test's (support/emotionStyles.ts).
const emptyEmotionStyles = emotionStylesForTests();

// jsdom does not scroll; react-admin scrolls to the top of each page it opens.
if (typeof window !== 'undefined') window.scrollTo = () => undefined;

afterEach(() => {
  cleanup();
  emptyEmotionStyles();
  const warnings = domPropWarnings;
  domPropWarnings = [];
  const drifted = [...new Set(driftedAnswers)];
  driftedAnswers = [];
  expect(warnings, 'React warned that a prop reached a DOM element').toEqual([]);
  expect(drifted, "The fake API answered what the API's contract refuses").toEqual([]);
});
