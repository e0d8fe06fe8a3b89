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
 * Returns a function that removes the style rules the tests so far wrote into the document, and makes emotion
 * forget it wrote them, so the next test writes again the ones it uses.
 *
 * Emotion adds a rule to the document for each style a component uses and keeps it until the page goes away;
 * a file's tests share one document, so every test adds to the rules of the tests before it. jsdom computes an
 * element's style by matching it against every rule in the document, and Testing Library and MUI ask for it
 * all the time (is this visible, how tall is this text area): a test late in a file ran up to three times slower
 * than alone. Emptied after each test, every test starts from the rules it would have alone.
 */
export function emptyEmotionStylesWith() {
  const cache = sharedEmotionCache();
  return () => {
    cache.sheet.flush();
    for (const name of Object.keys(cache.inserted)) delete cache.inserted[name];
  };
}
