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

/** Called by the setup of each test file: a file that asked for every rule does not ask for the next one. */
export function keepOnlyVisibilityStyles() {
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
}
