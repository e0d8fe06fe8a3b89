/**
 * Hours and money as the API writes them (DESIGN §4): minutes and cents are integers, and every division
 * rounds half-up (away from zero) once, in integer arithmetic, never through a binary float.
 */

import { assertWhole, divideHalfUp, twoPlaces } from '../../../contract/hours';

/** Minutes as hours: one rule for server and browser, in `contract/`. */
export { hoursOf } from '../../../contract/hours';

const RATE_FORMAT = /^(\d+)(?:\.(\d{1,2}))?$/;

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
