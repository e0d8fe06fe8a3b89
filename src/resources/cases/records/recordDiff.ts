/** A record's fields by name, as the API answers them or as a form holds them. */
export type Fields = Readonly<Record<string, unknown>>;

/** How a field reads in a difference. */
export interface FieldSpec {
  field: string;
  label: string;
  /** How a value that is set reads (a time, a label, a unit); by default as written. */
  format?: (value: unknown) => string;
  /**
   * The field is a map compared entry by entry (kΩ per electrode), each entry labelled by its key; the
   * keys listed come first, in this order.
   */
  keys?: readonly string[];
}

/** One field that differs between two revisions: how it read before (unless it is new) and after. */
export interface FieldChange {
  field: string;
  label: string;
  before?: string;
  after: string;
}

const EMPTY_VALUE = '—';

/** Unset, null, empty text and an empty list all mean "nothing written" (the API stores an empty optional text as ''). */
export const isEmptyValue = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

export const isMap = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The entries of a map that hold something. */
const filledEntries = (value: unknown) =>
  isMap(value) ? Object.entries(value).filter(([, entry]) => !isEmptyValue(entry)) : [];

/** Two values say the same: both empty, equal, lists of the same values, or maps with the same filled entries. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (isEmptyValue(a) || isEmptyValue(b)) return isEmptyValue(a) && isEmptyValue(b);
  if (Array.isArray(a) || Array.isArray(b))
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((item, at) => sameValue(item, b[at]))
    );
  if (isMap(a) || isMap(b)) {
    const left = filledEntries(a);
    const right = new Map(filledEntries(b));
    return left.length === right.size && left.every(([key, entry]) => sameValue(entry, right.get(key)));
  }
  return a === b;
}

const defaultFormat = (value: unknown) =>
  typeof value === 'boolean' ? (value ? 'Yes' : 'No') : String(value);

/** A value as a difference shows it: '—' when nothing is written. */
const readValue = (value: unknown, format: (value: unknown) => string = defaultFormat) =>
  isEmptyValue(value) ? EMPTY_VALUE : format(value);

/** The keys of two maps, those the spec lists first in its order, then the others alphabetically. */
function keysOf(spec: FieldSpec, before: unknown, after: unknown) {
  const present = new Set([...filledEntries(before), ...filledEntries(after)].map(([key]) => key));
  const listed = (spec.keys ?? []).filter((key) => present.has(key));
  const others = [...present].filter((key) => !listed.includes(key)).sort();
  return [...listed, ...others];
}

function changeOf(spec: FieldSpec, label: string, before: unknown, after: unknown): FieldChange[] {
  if (sameValue(before, after)) return [];
  return [
    {
      field: spec.field,
      label,
      before: readValue(before, spec.format),
      after: readValue(after, spec.format),
    },
  ];
}

/**
 * What changed from one revision to the next, field by field in the order of `specs` (a map entry by
 * entry), each as it reads on screen. Fields the specs do not name are not compared.
 */
export function recordDiff(before: Fields, after: Fields, specs: readonly FieldSpec[]): FieldChange[] {
  return specs.flatMap((spec) => {
    const [was, is] = [before[spec.field], after[spec.field]];
    if (!spec.keys) return changeOf(spec, spec.label, was, is);
    const entry = (value: unknown, key: string) => (isMap(value) ? value[key] : undefined);
    return keysOf(spec, was, is).flatMap((key) => changeOf(spec, key, entry(was, key), entry(is, key)));
  });
}

/** What a first revision wrote: each field that holds something, with nothing before it. */
export const writtenFields = (fields: Fields, specs: readonly FieldSpec[]): FieldChange[] =>
  recordDiff({}, fields, specs).map(({ field, label, after }) => ({ field, label, after }));
