import { z } from 'zod';

/**
 * Billing's "statements changed since close" (DESIGN §8 "Billing and reports"): the closed or invoiced
 * months of every client whose hours now differ, case by case, from the lines frozen when they closed.
 */

const hours = z.string().meta({ description: 'hours, 2 decimal places', examples: ['12.50'] });

export const changedStatementSchema = z.object({
  clientId: z.number().int(),
  clientName: z.string(),
  month: z.string(),
  status: z.enum(['closed', 'invoiced']),
  closedAt: z.string(),
  /** Billable and adjustment minutes together, as frozen and as they are now. */
  frozenMinutes: z.number().int(),
  frozenHours: hours,
  currentMinutes: z.number().int(),
  currentHours: hours,
  /** How many of the month's cases differ from their frozen line. */
  cases: z.number().int(),
});
export type ChangedStatement = z.infer<typeof changedStatementSchema>;
