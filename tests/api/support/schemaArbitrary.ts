import fc from 'fast-check';

/** The part of JSON Schema (as the OpenAPI document renders our zod schemas) that values are built from. */
export type JsonSchema = {
  type?: string;
  enum?: unknown[];
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  nullable?: boolean;
  /** A valid value, for formats a random string would rarely meet (a time zone, a URL). */
  example?: unknown;
};

/** One character of the kinds that break naive text handling: every plane, controls, invisibles, lone surrogates. */
const hostileCharacter = fc.oneof(
  // NUL on its own: the one character PostgreSQL refuses outright (a 500 if it ever got that far).
  fc.constant('\u0000'),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
  fc.integer({ min: 0xd800, max: 0xdfff }).map((unit) => String.fromCharCode(unit)),
  fc
    .integer({ min: 0, max: 0x9f })
    .filter((code) => code < 0x20 || code >= 0x7f)
    .map((code) => String.fromCharCode(code)),
  fc.constantFrom(
    '\u200b',
    '\u2060',
    '\ufeff',
    '\u202e',
    '\u2066',
    '\u3164',
    'ß',
    'ﬀ',
    'İ',
    '😀',
    '%',
    '_',
    '\\',
    "'",
  ),
);

/** Arbitrary text: short mixes of hostile characters, and a few very long strings. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 8, arbitrary: fc.string({ unit: hostileCharacter, maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom('x'.repeat(70_000), '😀'.repeat(30_000), '\u0000'.repeat(5_000)) },
);

/** Any value of a wrong or extreme shape. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(null, true, false, [], {}, 0, -1, -0, 0.5, 2 ** 31, 2 ** 53, 1e308, 5e-324, '', '1e1'),
  fc.jsonValue({ maxDepth: 2 }),
);

/** A string the schema accepts as far as JSON Schema can tell: its example, a match of its pattern, plain text. */
function validText(schema: JsonSchema): fc.Arbitrary<string> {
  if (typeof schema.example === 'string') return fc.constant(schema.example);
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
  const minLength = Math.max(schema.minLength ?? 0, 1);
  return fc.string({ minLength, maxLength: Math.max(minLength, Math.min(schema.maxLength ?? 60, 60)) });
}

/** Text just wrong: hostile characters around a valid value, lengths at and over the limit. */
function hostileTextFor(schema: JsonSchema): fc.Arbitrary<string> {
  const maxLength = schema.maxLength ?? 300;
  return fc.oneof(
    fc
      .tuple(
        validText(schema),
        fc.string({ unit: hostileCharacter, minLength: 1, maxLength: 4 }),
        fc.boolean(),
      )
      .map(([valid, noise, before]) => (before ? `${noise}${valid}` : `${valid}${noise}`)),
    hostileText,
    fc.constantFrom('a'.repeat(maxLength), 'a'.repeat(maxLength + 1), '😀'.repeat(Math.ceil(maxLength / 2))),
  );
}

function numberFor(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? -(2 ** 31);
  const max = schema.maximum ?? 2 ** 31;
  return integer ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true });
}

function extremeNumberFor(schema: JsonSchema): fc.Arbitrary<number> {
  const min = schema.minimum ?? -(2 ** 31);
  const max = schema.maximum ?? 2 ** 31;
  return fc.constantFrom(min - 1, max + 1, 0, -1, 0.5, 2 ** 31, 1e308, 5e-324, -0);
}

/**
 * A value for the schema: usually one it accepts, sometimes a hostile one (wrong characters, lengths,
 * numbers or shapes). Each field of an object draws independently, so most requests are a valid request
 * with one or two fields off, which is what gets past validation to the database and finds 500s.
 */
export function valueFor(schema: JsonSchema): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 6, arbitrary: validFor(schema) }, { weight: 1, arbitrary: hostileFor(schema) });
}

function hostileFor(schema: JsonSchema): fc.Arbitrary<unknown> {
  switch (schema.type) {
    case 'string':
      return fc.oneof({ weight: 3, arbitrary: hostileTextFor(schema) }, hostileValue);
    case 'integer':
    case 'number':
      return fc.oneof({ weight: 3, arbitrary: extremeNumberFor(schema) }, hostileValue);
    default:
      return hostileValue;
  }
}

function validFor(schema: JsonSchema): fc.Arbitrary<unknown> {
  const variants = schema.oneOf ?? schema.anyOf;
  if (variants) return fc.oneof(...variants.map(valueFor));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const value = validByType(schema);
  return schema.nullable ? fc.oneof({ weight: 3, arbitrary: value }, fc.constant(null)) : value;
}

function validByType(schema: JsonSchema): fc.Arbitrary<unknown> {
  switch (schema.type) {
    case 'string':
      return validText(schema);
    case 'integer':
      return numberFor(schema, true);
    case 'number':
      return numberFor(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(valueFor(schema.items ?? {}), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 5, 5),
      });
    case 'object':
      return objectFor(schema);
    default:
      return hostileValue;
  }
}

function objectFor(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.entries(schema.properties ?? {});
  const record = (requiredKeys: string[]) =>
    fc.record(Object.fromEntries(properties.map(([name, property]) => [name, valueFor(property)])), {
      requiredKeys,
    });
  // Mostly the required keys present; sometimes keys missing, or unknown keys added.
  return fc.oneof(
    { weight: 6, arbitrary: record(schema.required ?? []) },
    fc
      .tuple(
        record(schema.required ?? []),
        fc.dictionary(fc.string({ maxLength: 12 }), hostileValue, { maxKeys: 3 }),
      )
      .map(([known, extra]) => ({ ...extra, ...known })),
    record([]),
  );
}
