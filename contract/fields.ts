import { z } from 'zod';

/**
 * Field builders with human messages ("Name is required"), shared by the server's validation and the
 * front end's forms. Optional text accepts null or a missing value (react-admin sends null for a
 * cleared input) and stores ''.
 */
function missingOr(label: string, wrongType: string) {
  return {
    error: (issue: { input: unknown }) =>
      issue.input === undefined || issue.input === null ? `${label} is required` : wrongType,
  };
}

/**
 * What text may hold (decided once, here, for every field of the API): no control characters in names,
 * codes and other one-line text; tab and line breaks, but no other control character, in long text
 * (notes, addresses, protocol bodies). PostgreSQL refuses NUL outright, and the rest has no business in a
 * clinical record. Broken UTF-16 (a lone surrogate) cannot be stored faithfully, so it is refused too.
 */
const CONTROL_CHARACTER = /\p{Cc}/u;
const CONTROL_EXCEPT_LINE_BREAKS = /[^\P{Cc}\t\n\r]/u;
const LONE_SURROGATE = /\p{Cs}/u;

/** Whitespace and format characters (zero-width space, word joiner, BOM, bidi controls) at either end. */
const INVISIBLE_EDGES = /^[\s\p{Cf}]+|[\s\p{Cf}]+$/gu;
/** Text made only of these shows nothing (Unicode's default-ignorable characters), so it counts as empty. */
const ONLY_INVISIBLE = /^[\s\p{Default_Ignorable_Code_Point}]*$/u;

/** Trims whitespace and invisible characters; text that shows nothing becomes ''. */
function trimInvisible(value: string): string {
  return ONLY_INVISIBLE.test(value) ? '' : value.replace(INVISIBLE_EDGES, '');
}

type TextOptions = {
  /** Long text: tab and line breaks allowed. */
  multiline?: boolean;
};

/** A string with the shared character rules, trimmed, at most `max` characters once trimmed. */
function checkedText(label: string, max: number, { multiline = false }: TextOptions, required: boolean) {
  return (
    z
      .string(missingOr(label, `${label} must be text`))
      .refine((value) => !LONE_SURROGATE.test(value), {
        error: `${label} contains a broken character (an unpaired UTF-16 surrogate)`,
        abort: true,
      })
      .refine((value) => !(multiline ? CONTROL_EXCEPT_LINE_BREAKS : CONTROL_CHARACTER).test(value), {
        error: multiline
          ? `${label} may not contain control characters (tab and line breaks are fine)`
          : `${label} may not contain control characters such as tabs or line breaks`,
        abort: true,
      })
      .overwrite(trimInvisible)
      // Aborting here keeps an empty value to one message instead of also failing the format checks.
      .min(required ? 1 : 0, { error: `${label} is required`, abort: true })
      .max(max, { error: `${label} must be at most ${max} characters`, abort: true })
  );
}

export function requiredText(label: string, max: number, options: TextOptions = {}) {
  return checkedText(label, max, options, true);
}

/** Optional text accepts null or a missing value (react-admin sends null for a cleared input), stored ''. */
function orEmpty<T extends z.ZodType<string>>(schema: T) {
  return schema.nullish().transform((value) => value ?? '');
}

export function optionalText(label: string, max: number, options: TextOptions = {}) {
  return orEmpty(checkedText(label, max, options, false));
}

/** Upper-cases a–z only: a code is ASCII, and 'ß'.toUpperCase() would turn one letter into 'SS'. */
export function upperCaseAscii(value: string): string {
  return value.replace(/[a-z]+/g, (letters) => letters.toUpperCase());
}

/** A short code (e.g. a client's, shown on case numbers): ASCII letters, digits and dashes, stored uppercase. */
export function codeText(label: string, max: number) {
  return (
    z
      .string(missingOr(label, `${label} must be text`))
      .overwrite(trimInvisible)
      .min(1, { error: `${label} is required`, abort: true })
      // Checked before upper-casing: 'ß' would become 'SS' and count twice.
      .regex(/^[A-Za-z0-9][A-Za-z0-9-]*$/, {
        error: `${label} may contain only letters, digits and dashes (A–Z, 0–9, -)`,
        abort: true,
      })
      .max(max, { error: `${label} must be at most ${max} characters`, abort: true })
      .overwrite(upperCaseAscii)
  );
}

/** A search box's text (`q`): one line, trimmed, at most `max` characters; empty means no search. */
export function searchText(label: string, max: number) {
  return checkedText(label, max, {}, false).optional();
}

export function wholeNumber(label: string, min: number, max: number, unit = '') {
  const range = `${label} must be between ${min} and ${max}${unit}`;
  return z
    .number(missingOr(label, `${label} must be a number`))
    .int(`${label} must be a whole number`)
    .min(min, range)
    .max(max, range);
}

/** A moment with its offset (`2026-03-14T08:30:00-05:00`), kept as the same moment in UTC. */
export function instant(label: string) {
  return z.iso
    .datetime({ offset: true, error: `${label} must be a date and time, e.g. 2026-03-14T08:30:00Z` })
    .transform((value) => new Date(value).toISOString());
}

/** The largest value of a PostgreSQL `integer` column (ids, versions, revision numbers). */
export const MAX_DB_INT = 2_147_483_647;

/** The version the editor loaded; a stale one is refused with 409 (optimistic locking). */
export const version = z
  .number({ error: 'Version is required: send the version you loaded' })
  .int('Version must be a whole number')
  .positive('Version must be 1 or more')
  .max(MAX_DB_INT, 'Version is too large');

/** A record's id in a body (`clientId`, `caseIds`): a positive whole number that fits the database. */
export function idValue(label: string) {
  return z
    .number(missingOr(label, `${label} must be a number`))
    .int(`${label} must be a whole number`)
    .positive(`${label} must be 1 or more`)
    .max(MAX_DB_INT, `${label} is too large`);
}

const DIGITS_ONLY = /^[0-9]+$/;

/**
 * A positive whole number written in a path or query (`/clients/7`, `?version=3`, `?page=2`): decimal
 * digits only, no sign, exponent, hex, spaces or leading zeros, so each number has one spelling and
 * `/clients/1e1` is never client 10.
 */
export function decimalParam(
  label: string,
  { min = 1, max = MAX_DB_INT, missing = `${label} is required` } = {},
) {
  const range = max === MAX_DB_INT ? `${label} is too large` : `${label} must be between ${min} and ${max}`;
  return z
    .string({ error: (issue) => (issue.input === undefined ? missing : `${label} must be a whole number`) })
    .regex(DIGITS_ONLY, { error: `${label} must be a whole number written with the digits 0–9`, abort: true })
    .refine((value) => value === '0' || !value.startsWith('0'), {
      error: `${label} must be written without leading zeros`,
      abort: true,
    })
    .refine((value) => Number(value) >= min, {
      error: `${label} must be ${min} or more`,
      abort: true,
    })
    .refine((value) => value.length <= 10 && Number(value) <= max, { error: range, abort: true })
    .meta({ examples: [String(min)] })
    .transform(Number);
}

/** `?version=` of a delete: the version the user loaded. */
export const versionQuerySchema = z.object({
  version: decimalParam('Version', {
    missing: 'Version is required: send ?version= with the version you loaded',
  }),
});

/** A record's id in a path, e.g. `/clients/:id`. */
export function idParam(label: string) {
  return decimalParam(label);
}

export const phone = orEmpty(
  checkedText('Phone', 40, {}, false)
    .regex(
      /^[+\d\s().\-x]*$/,
      'Enter a valid phone number (digits, spaces, + ( ) - . and x for an extension)',
    )
    .meta({ examples: ['+1 (217) 555-0100 x12'] }),
);

export const email = orEmpty(
  checkedText('Email', 254, {}, false)
    .refine((value) => value === '' || z.email().safeParse(value).success, 'Enter a valid email address')
    .meta({ examples: ['charge.nurse@example.org'] }),
);

export function httpUrl(label: string) {
  return requiredText(label, 2000)
    .refine((value) => {
      if (!/^https?:\/\//i.test(value)) return false;
      return URL.canParse(value);
    }, `${label} must start with http:// or https://`)
    .meta({ examples: ['https://eeg.example.org/viewer'] });
}

let timeZones: ReadonlySet<string> | undefined;
/** IANA zones the runtime knows (plus UTC, which `supportedValuesOf` leaves out); built on first use. */
export function knownTimeZones(): ReadonlySet<string> {
  timeZones ??= new Set(['UTC', ...Intl.supportedValuesOf('timeZone')]);
  return timeZones;
}

export const timeZone = z
  .string(missingOr('Time zone', 'Time zone must be text'))
  .trim()
  .min(1, { error: 'Time zone is required', abort: true })
  .refine((value) => knownTimeZones().has(value), 'Choose a valid IANA time zone, e.g. America/New_York')
  .meta({ examples: ['America/New_York'] });

/** An ISO 4217 currency code the platform knows, e.g. USD, CAD, EUR; stored uppercase. */
export const currencyCode = z
  .string({ error: 'Currency must be an ISO 4217 code, e.g. USD' })
  .trim()
  .toUpperCase()
  .refine((code) => /^[A-Z]{3}$/.test(code) && Intl.supportedValuesOf('currency').includes(code), {
    error: 'Currency must be an ISO 4217 code, e.g. USD, CAD or EUR',
  });
