import { describe, expect, it } from 'vitest';
import { isUnrated } from '../../contract/billingMonths';
import { needsRate } from '../../src/customRoutes/billing/billingFormat';

describe('a month without a rate (the reports’ count and the billing pages’ flag alike)', () => {
  it('is one with billable time, adjustments taking it below zero included, and no rate', () => {
    expect(isUnrated({ minutes: 90, rate: null })).toBe(true);
    expect(isUnrated({ minutes: -30, rate: null })).toBe(true);
    expect(isUnrated({ minutes: 0, rate: null })).toBe(false);
    expect(isUnrated({ minutes: 90, rate: '125.50' })).toBe(false);
  });

  it('needs a rate only while it is open', () => {
    expect(needsRate({ minutes: 90, rate: null, status: 'open' })).toBe(true);
    expect(needsRate({ minutes: 90, rate: null, status: 'closed' })).toBe(false);
    expect(needsRate({ minutes: 0, rate: null, status: 'open' })).toBe(false);
    expect(needsRate({ minutes: 90, rate: '125.50', status: 'open' })).toBe(false);
  });
});
