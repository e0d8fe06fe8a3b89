import { z } from 'zod';
import type { FieldError } from './envelope';
import { idValue, instant, optionalText, phone } from './fields';
import { onTimeTallySchema } from './onTime';

/**
 * Critical-result calls (DESIGN §4 "Orders and critical calls"): a notification holds its call attempts,
 * appended one by one. Pure rules shared by the server (validation, answers, reports) and the browser
 * (the call dialog, "call next" and its countdown).
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

/** How far ahead of the server's clock an attempt may be (a browser's clock differs), as for records. */
const SKEW_MINUTES = 5;

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

type Attempted = Pick<CallAttempt, 'at' | 'contactId' | 'outcome' | 'readBack'>;

/**
 * The cross-field rules of a new attempt (400 with each failing field): not before the event, not in the
 * future, a contact of the case's client, someone else's name when someone else answered, read-back and a
 * name only from someone reached.
 */
export function callAttemptErrors(
  input: {
    at: string;
    contactId: number;
    outcome: CallOutcome;
    readBack: boolean;
    reachedOther: boolean;
    reachedName?: string;
  },
  event: { occurredAt: string },
  clientContactIds: ReadonlySet<number>,
  now: Date,
): FieldError[] {
  const errors: FieldError[] = [];
  const at = Date.parse(input.at);
  if (at < Date.parse(event.occurredAt))
    errors.push({ field: 'at', message: 'A call cannot be before the event occurred' });
  else if (at > now.getTime() + SKEW_MINUTES * 60_000)
    errors.push({
      field: 'at',
      message: `Called at cannot be in the future (more than ${SKEW_MINUTES} minutes from now)`,
    });
  if (!clientContactIds.has(input.contactId))
    errors.push({
      field: 'contactId',
      message: `Contact ${input.contactId} is not a contact of this case's client`,
    });
  const reached = input.outcome === 'reached';
  if (reached && input.reachedOther && !input.reachedName)
    errors.push({ field: 'reachedName', message: 'Name the person who answered instead of the contact' });
  if (!reached && (input.reachedOther || input.reachedName))
    errors.push({ field: 'reachedName', message: 'Only a call that reached someone names who answered' });
  if (!reached && input.readBack)
    errors.push({ field: 'readBack', message: 'Only a call that reached someone has a read-back' });
  return errors;
}

/** Attempts in the order they were made (ties in the order they were written). */
const inCallOrder = <A extends Attempted & { id?: number }>(attempts: readonly A[]) =>
  attempts.toSorted((a, b) => Date.parse(a.at) - Date.parse(b.at) || (a.id ?? 0) - (b.id ?? 0));

/**
 * Whether the attempt closes the call: someone reached who read the result back, at or after the event. A
 * read-back `null` (unknown: the single call of turn 3, migrated) closes it as it did then; `false` never.
 */
export const closesCall = (attempt: Attempted, occurredAt: string) =>
  attempt.outcome === 'reached' &&
  attempt.readBack !== false &&
  Date.parse(attempt.at) >= Date.parse(occurredAt);

/** The attempt that closed the call: the first that reached someone with read-back. */
export function closingAttempt<A extends Attempted & { id?: number }>(
  attempts: readonly A[],
  occurredAt: string,
): A | undefined {
  return inCallOrder(attempts).find((attempt) => closesCall(attempt, occurredAt));
}

/** The first attempt that reached anyone (read-back or not), at or after the event. */
export function firstReached<A extends Attempted & { id?: number }>(
  attempts: readonly A[],
  occurredAt: string,
) {
  return inCallOrder(attempts).find(
    (attempt) => attempt.outcome === 'reached' && Date.parse(attempt.at) >= Date.parse(occurredAt),
  );
}

/** How often the call moved to another contact: attempts whose contact differs from the one before. */
export function escalationCount(attempts: readonly (Attempted & { id?: number })[]): number {
  const ordered = inCallOrder(attempts);
  return ordered.filter((attempt, i) => i > 0 && attempt.contactId !== ordered[i - 1].contactId).length;
}

/**
 * Whom to call now and by when (DESIGN §4): none once closed; before any attempt, the first contact (the
 * rule's `dueBy` applies); after an attempt that did not close it, the contact after that attempt's in
 * escalation order (wrapping to the first; the first when it called someone outside the rule), due at that
 * attempt + `escalationMinutes`.
 */
export function nextCall<C extends { id: number }>(
  attempts: readonly (Attempted & { id?: number })[],
  contacts: readonly C[],
  occurredAt: string,
  escalationMinutes: number,
): { nextContact: C | null; escalateBy: string | null } {
  if (closingAttempt(attempts, occurredAt) || contacts.length === 0)
    return { nextContact: null, escalateBy: null };
  const last = inCallOrder(attempts).at(-1);
  if (!last) return { nextContact: contacts[0], escalateBy: null };
  const index = contacts.findIndex((contact) => contact.id === last.contactId);
  return {
    nextContact: contacts[(index + 1) % contacts.length],
    escalateBy: new Date(Date.parse(last.at) + escalationMinutes * 60_000).toISOString(),
  };
}

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
