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

export function requiredText(label: string, max: number) {
  return (
    z
      .string(missingOr(label, `${label} must be text`))
      .trim()
      // Aborting here keeps an empty value to one message instead of also failing the format checks.
      .min(1, { error: `${label} is required`, abort: true })
      .max(max, { error: `${label} must be at most ${max} characters`, abort: true })
  );
}

export function optionalText(label: string, max: number) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => value ?? '');
}

export function wholeNumber(label: string, min: number, max: number, unit = '') {
  const range = `${label} must be between ${min} and ${max}${unit}`;
  return z
    .number(missingOr(label, `${label} must be a number`))
    .int(`${label} must be a whole number`)
    .min(min, range)
    .max(max, range);
}

/** The largest value of a PostgreSQL `integer` column (ids, versions, revision numbers). */
export const MAX_DB_INT = 2_147_483_647;

/** A positive integer id in a path, e.g. `/clients/:id`. */
export function idParam(label: string) {
  return z.coerce
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .positive(`${label} must be 1 or more`)
    .max(MAX_DB_INT, `${label} is too large`);
}

export const phone = optionalText('Phone', 40).refine(
  (value) => /^[+\d\s().\-x]*$/.test(value),
  'Enter a valid phone number (digits, spaces, + ( ) - . and x for an extension)',
);

export const email = optionalText('Email', 254).refine(
  (value) => value === '' || z.email().safeParse(value).success,
  'Enter a valid email address',
);

export function httpUrl(label: string) {
  return requiredText(label, 2000).refine((value) => {
    if (!/^https?:\/\//i.test(value)) return false;
    return URL.canParse(value);
  }, `${label} must start with http:// or https://`);
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
  .refine((value) => knownTimeZones().has(value), 'Choose a valid IANA time zone, e.g. America/New_York');
