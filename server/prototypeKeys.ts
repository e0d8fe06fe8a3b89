/** Why a body may not name `__proto__` (or `constructor.prototype`): code merging it would reach object prototypes. */
export const PROTOTYPE_KEY_MESSAGE =
  'This name is not allowed: __proto__ and constructor.prototype would change how every object behaves';

/** The path (`a.0.__proto__`) of the first prototype key in a parsed JSON value, or undefined. */
export function prototypeKeyIn(value: unknown, path: string[] = []): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, child] of Object.entries(value)) {
    const here = [...path, key];
    if (key === '__proto__') return here.join('.');
    if (
      key === 'constructor' &&
      typeof child === 'object' &&
      child !== null &&
      Object.hasOwn(child, 'prototype')
    )
      return [...here, 'prototype'].join('.');
    const found = prototypeKeyIn(child, here);
    if (found !== undefined) return found;
  }
  return undefined;
}
