import { CALL_OUTCOME_LABELS, type CallAttempt } from '../../../../../contract/callAttempts';

const readBackText = (readBack: boolean | null) =>
  readBack === null ? 'read-back unknown' : readBack ? 'read back' : 'no read-back';

/**
 * One call attempt in words, on screen and on paper: "Mar 3, 02:16 EST: Dr. Maya Chen (+1 617 555 0111),
 * reached, read back, answered by Resident Lee — note · priya".
 */
export function attemptText(
  attempt: CallAttempt,
  time: (iso: string) => string,
  contactName: (id: number) => string | undefined,
): string {
  const parts = [
    `${time(attempt.at)}: ${contactName(attempt.contactId) ?? `Contact ${attempt.contactId}`} (${attempt.number})`,
    CALL_OUTCOME_LABELS[attempt.outcome].toLowerCase(),
    ...(attempt.outcome === 'reached' ? [readBackText(attempt.readBack)] : []),
    ...(attempt.reachedName ? [`answered by ${attempt.reachedName}`] : []),
  ];
  return `${parts.join(', ')}${attempt.note ? ` — ${attempt.note}` : ''} · ${attempt.by}`;
}
