import '@testing-library/jest-dom/vitest';
import { format } from 'node:util';
import { cleanup } from '@testing-library/react';
import { afterEach, expect, inject } from 'vitest';
import { fakeAnswerCheck } from '../support/fakeAnswerCheck';
import { checkFakeAnswersWith } from '../support/fakeApiRules';

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

// jsdom does not scroll; react-admin scrolls to the top of each page it opens.
if (typeof window !== 'undefined') window.scrollTo = () => undefined;

afterEach(() => {
  cleanup();
  const warnings = domPropWarnings;
  domPropWarnings = [];
  const drifted = [...new Set(driftedAnswers)];
  driftedAnswers = [];
  expect(warnings, 'React warned that a prop reached a DOM element').toEqual([]);
  expect(drifted, "The fake API answered what the API's contract refuses").toEqual([]);
});
