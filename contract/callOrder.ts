import type { CallAttempt, CallOutcome } from './callAttempts';
import type { FieldError } from './envelope';

/**
 * The rules of critical-result calls (DESIGN §4 "Orders and critical calls"), shared by the server
 * (validation, answers, reports) and the browser (the call dialog, "call next" and its countdown): a new
 * attempt's errors, the order attempts were made in, what closes a call, and whom to call next by when.
 */

/** How far ahead of the server's clock an attempt may be (a browser's clock differs), as for records. */
const SKEW_MINUTES = 5;

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
const closesCall = (attempt: Attempted, occurredAt: string) =>
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
