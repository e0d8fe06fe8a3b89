import { __unsafe_useEmotionCache as useEmotionCache } from '@emotion/react';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';

type EmotionCache = NonNullable<ReturnType<typeof useEmotionCache>>;

/** The cache MUI's styles go to when no provider gives another: the one every test in a file shares. */
function sharedEmotionCache(): EmotionCache {
  let found: ReturnType<typeof useEmotionCache> = null;
  const Read = () => {
    found = useEmotionCache();
    return null;
  };
  renderToString(createElement(Read));
  if (!found) throw new Error('Emotion has no cache to empty');
  return found;
}

/**
 * What of the app's CSS a component test sees: only the rules that can hide an element or make it ignore the
 * pointer (`display`, `visibility`, `opacity`, `pointer-events`), unless the file asks for every rule.
 *
 * jsdom lays nothing out, so the rest of the CSS changes no answer Testing Library or user-event gives: they
 * read those four properties (Testing Library's and jest-dom's "hidden" and "visible", user-event's refusal to
 * click through `pointer-events: none`). But jsdom matches every rule of every style sheet against an element
 * each time its style is asked for (an accessible name, a pointer check, MUI's autosizing text areas), and
 * MUI's emotion adds about a thousand rules a page: that matching was half the CPU of the component tests.
 * Emotion writes each rule into its own `<style data-emotion>` as a text node (its development mode); a rule
 * that declares none of the four properties is written empty, so the element keeps its class names and the
 * cascade of the four properties is exactly the one the whole CSS gives.
 */
const DECIDES_VISIBILITY = /[{;]\s*(?:display|visibility|opacity|pointer-events)\s*:/;

let everyRule = false;

/** For a file whose tests check a colour or a font: call it at the top of the file, before anything renders. */
export function keepEveryStyleRule() {
  everyRule = true;
}

/** Whether emotion's rule reaches the document (exported for its test). */
export function reachesDocument(rule: string) {
  return everyRule || DECIDES_VISIBILITY.test(rule);
}

/**
 * The setup of each test file: from now on only the rules `reachesDocument` lets through are written (a file
 * that asked for every rule does not ask for the next one), and the function returned empties the rules the
 * tests so far wrote and makes emotion forget it wrote them, so the next test writes again the ones it uses.
 *
 * Emotion adds a rule to the document for each style a component uses and keeps it until the page goes away;
 * a file's tests share one document, so every test adds to the rules of the tests before it: a test late in a
 * file ran up to three times slower than alone. Emptied after each test, every test starts from the rules it
 * would have alone; a rule the filter wrote empty is written again, in full, for a file that keeps every rule.
 */
export function emotionStylesForTests() {
  everyRule = false;
  const append = Node.prototype.appendChild;
  Object.defineProperty(HTMLStyleElement.prototype, 'appendChild', {
    configurable: true,
    writable: true,
    value<T extends Node>(this: HTMLStyleElement, node: T): T {
      if (node instanceof Text && this.hasAttribute('data-emotion') && !reachesDocument(node.data))
        node.data = '';
      return append.call(this, node) as T;
    },
  });
  const cache = sharedEmotionCache();
  return () => {
    cache.sheet.flush();
    for (const name of Object.keys(cache.inserted)) delete cache.inserted[name];
  };
}
