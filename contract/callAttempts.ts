import { z } from 'zod';
import { idValue, instant, optionalText, phone } from './fields';
import { onTimeTallySchema } from './onTime';

/**
 * Critical-result calls (DESIGN §4 "Orders and critical calls"): a notification holds its call attempts,
 * appended one by one. The rules on them (a new attempt's errors, what closes a call, whom to call next) are
 * in callOrder.ts.
 */

export const CALL_OUTCOMES = ['reached', 'no-answer', 'voicemail', 'busy', 'wrong-number'] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

export const CALL_OUTCOME_LABELS: Record<CallOutcome, string> = {
  reached: 'Reached',
  'no-answer': 'No answer',
  voicemail: 'Voicemail',
  busy: 'Busy',
  'wrong-number': 'Wrong number',
};

/** One attempt as the writer sends it (`POST R/events/{itemId}/call-attempts`). */
export const callAttemptInputSchema = z.object({
  at: instant('Called at'),
  contactId: idValue('Contact'),
  /** The number dialled; the contact's phone when left out. */
  number: phone.optional(),
  outcome: z.enum(CALL_OUTCOMES, { error: `Choose an outcome: ${CALL_OUTCOMES.join(', ')}` }),
  readBack: z.boolean({ error: 'Read back must be true or false' }).default(false),
  /** Someone other than the contact answered (a resident, a charge nurse): their name is then required. */
  reachedOther: z.boolean({ error: 'Reached someone else must be true or false' }).default(false),
  reachedName: optionalText('Name of the person reached', 200).optional(),
  note: optionalText('Note', 2000, { multiline: true }).optional(),
});
export type CallAttemptInput = z.input<typeof callAttemptInputSchema>;
/** An attempt as the server reads it (defaults applied). */
export type CallAttemptWrite = z.output<typeof callAttemptInputSchema>;

export const callAttemptSchema = z.object({
  id: z.number().int(),
  at: z.iso.datetime(),
  contactId: z.number().int(),
  number: z.string(),
  outcome: z.enum(CALL_OUTCOMES),
  /** Null: unknown (the single call recorded before attempts existed). */
  readBack: z.boolean().nullable(),
  reachedName: z.string().nullable(),
  note: z.string().nullable(),
  by: z.string(),
});
export type CallAttempt = z.infer<typeof callAttemptSchema>;

/**
 * Critical calls of one client in one month (the client's month of the event; DESIGN §4 "Reports"), the
 * `calls` of the turnaround report's month: the calls (events a rule covers), how they closed against the
 * rule's minutes (due = on time + late + overdue; pending ones are not judged yet), the median minutes from
 * the event to the first person reached, the attempts per call and the escalations (attempts that moved to
 * another contact).
 */
export const callFiguresSchema = onTimeTallySchema.extend({
  calls: z.number().int(),
  medianMinutesToReach: z.number().nullable(),
  attempts: z.number().int(),
  /** `attempts / calls`, two decimals; null without calls. */
  attemptsPerCall: z.number().nullable(),
  escalations: z.number().int(),
});
export type CallFigures = z.infer<typeof callFiguresSchema>;

/** The contact to call next after an unanswered call and by when (the board and the case header). */
export const callNextSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  role: z.string(),
  phone: z.string(),
  escalateBy: z.iso.datetime(),
});
export type CallNext = z.infer<typeof callNextSchema>;
