import { type Fields, isEmptyValue, isMap, sameValue } from './recordDiff';

/** The fields of `edited` that differ from `base`, by name: a revision sends only these. */
export function changedFields(
  base: Fields,
  edited: Fields,
  names: readonly string[],
): Record<string, unknown> {
  return Object.fromEntries(
    names.filter((name) => !sameValue(base[name], edited[name])).map((name) => [name, edited[name] ?? null]),
  );
}

const entryOf = (value: unknown, key: string) => (isMap(value) ? value[key] : undefined);

/** A field after a conflict: the user's value where they changed it, else the newer revision's. */
function keptValue(opened: unknown, newer: unknown, typed: unknown): unknown {
  if (!isMap(newer) && !isMap(typed)) return sameValue(opened, typed) ? newer : typed;
  const keys = new Set([opened, newer, typed].flatMap((value) => (isMap(value) ? Object.keys(value) : [])));
  const entries = [...keys].map((key) => [
    key,
    keptValue(entryOf(opened, key), entryOf(newer, key), entryOf(typed, key)),
  ]);
  return Object.fromEntries(entries.filter(([, value]) => !isEmptyValue(value)));
}

/**
 * The form's values on top of a revision someone else saved meanwhile: what the user changed from the
 * revision they opened stays as they typed it, every other field takes the newer revision's value (a map,
 * such as kΩ per electrode, entry by entry).
 */
export function keepEditsOnNewer(
  opened: Fields,
  newer: Fields,
  typed: Fields,
  names: readonly string[],
): Record<string, unknown> {
  return Object.fromEntries(names.map((name) => [name, keptValue(opened[name], newer[name], typed[name])]));
}
