import { z } from 'zod';

/**
 * Where a client's billing periods start (DESIGN §4 "Reading, reporting and billing"): `recording-start`
 * (24-hour periods from the recording's start) or a local time `HH:MM` (a billing day from one local `HH:MM`
 * to the next, 23 or 25 hours across a DST change).
 */
export const RECORDING_START = 'recording-start';
export const DEFAULT_BILLING_PERIOD_START = '00:00';
const BILLING_PERIOD_START_PATTERN = /^(recording-start|([01]\d|2[0-3]):[0-5]\d)$/;
export const billingPeriodStartSchema = z
  .string()
  .regex(BILLING_PERIOD_START_PATTERN, {
    error: 'Billing periods start at "recording-start" or at a local time HH:MM, 00:00 to 23:59',
  })
  .meta({ examples: ['00:00', '07:00', 'recording-start'] });
export type BillingPeriodStart = z.infer<typeof billingPeriodStartSchema>;
