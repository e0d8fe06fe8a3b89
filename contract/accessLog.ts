import { z } from 'zod';
import { dayOrInstant } from './cases';
import { decimalParam, searchText } from './fields';
import { listQuerySchema } from './list';

/**
 * The access log (DESIGN §6): the audit log as admins read it. Every write, every read of patient data,
 * every refused call (401, 403) and every backup and restore, newest first; ids and the call only, never
 * patient data.
 */

const ACCESS_OUTCOMES = ['ok', 'denied'] as const;

export const accessLogEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  /**
   * The username; for a refused token, `unverified: ` and the name it claims (`details.unverifiedUser`: never
   * a user's name to filter on); else `anonymous`.
   */
  actor: z.string(),
  /** The call (`GET /continuous-monitoring/cases/details/:id`) or the write (`case.transition`). */
  action: z.string(),
  resource: z.string(),
  resourceId: z.string().nullable(),
  outcome: z.enum(ACCESS_OUTCOMES),
  details: z.record(z.string(), z.unknown()),
  /** The case the entry names, by its number (`MVH-2026-0006`); null when it names none. */
  caseNumber: z.string().nullable(),
  /** What was done, in words: `opened case MVH-2026-0006`, `listed cases in monitoring: …`. */
  summary: z.string(),
});
export type AccessLogEntry = z.infer<typeof accessLogEntrySchema>;

export const accessLogQuerySchema = listQuerySchema(['at'], 'at', 'DESC').extend({
  /** Exactly this username (or `anonymous`, or `unverified token`); never matches a name a refused token claims. */
  actor: searchText('User', 128),
  /** Entries about this case, and the list reads that showed it. */
  caseId: decimalParam('Case id').optional(),
  /** Entries about the case with this number (`MVH-2026-0006`, any letter case), and the lists that showed it. */
  caseNumber: searchText('Case number', 64),
  /**
   * Entries about the cases of the patients with this MRN or name: the server looks the cases up (itself an
   * audited read of patient data) and never stores the text.
   */
  patient: searchText('Patient', 128),
  outcome: z.enum(ACCESS_OUTCOMES, { error: 'Outcome must be ok or denied' }).optional(),
  /** On or after `from`, on or before `to` (a day counts whole, in UTC). */
  from: dayOrInstant('From'),
  to: dayOrInstant('To'),
});
export type AccessLogQuery = z.infer<typeof accessLogQuerySchema>;
