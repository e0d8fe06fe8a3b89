/**
 * Hours and money as the API writes them (DESIGN §4): minutes and cents are integers, and every division
 * rounds half-up (away from zero) once, in integer arithmetic, never through a binary float.
 */

const RATE_FORMAT = /^(\d+)(?:\.(\d{1,2}))?$/;

function assertWhole(value: number, what: string): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} must be a whole number, got ${value}`);
}

/** `numerator / denominator` rounded half away from zero, exactly, for safe integers. */
function divideHalfUp(numerator: number, denominator: number): number {
  // A product past 2^53 would already have lost its last digits.
  assertWhole(numerator, 'The amount before rounding');
  const magnitude = Math.abs(numerator);
  const remainder = magnitude % denominator;
  // (magnitude - remainder) is a multiple of denominator, so this division is exact.
  const quotient = (magnitude - remainder) / denominator + (remainder * 2 >= denominator ? 1 : 0);
  return numerator < 0 && quotient > 0 ? -quotient : quotient;
}

/** Hundredths written with 2 places and a sign only when not zero: -5 → "-0.05". */
function twoPlaces(hundredths: number): string {
  const magnitude = Math.abs(hundredths);
  const fraction = magnitude % 100;
  const sign = hundredths < 0 ? '-' : '';
  return `${sign}${(magnitude - fraction) / 100}.${String(fraction).padStart(2, '0')}`;
}

/** Minutes as hours with 2 places: 90 → "1.50", 1 → "0.02". */
export function hoursOf(minutes: number): string {
  assertWhole(minutes, 'Minutes');
  return twoPlaces(divideHalfUp(minutes * 100, 60));
}

/** A rate the contract validated ("125.5") in cents (12550). */
export function rateCents(rate: string): number {
  const match = RATE_FORMAT.exec(rate);
  if (!match) throw new RangeError(`"${rate}" is not a rate with at most 2 decimal places`);
  const [, whole, fraction = ''] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Cents written with 2 places: 156975 → "1569.75". */
export function moneyOf(cents: number): string {
  assertWhole(cents, 'Cents');
  return twoPlaces(cents);
}

/** minutes × rate per hour / 60, in cents, rounded once. */
export function amountCents(minutes: number, rateCents: number): number {
  assertWhole(minutes, 'Minutes');
  assertWhole(rateCents, 'The rate in cents');
  return divideHalfUp(minutes * rateCents, 60);
}
