import type { CallNext } from '../../contract/callAttempts';
import { notificationInForce } from '../../contract/notifications';
import { attemptsOfCase, casesWithAttempts } from './callAttempts';
import { listLatestRevisions } from './caseRecords';
import { getCase } from './cases';
import { contactsOfClient } from './clientContacts';
import { ruleRevisions } from './protocolRevisions';
import { type DbOrTx, readAll } from './transaction';

/** A call still open after an unanswered attempt: its event, whom to call next and by when. */
export type OpenCallNext = CallNext & { eventId: number };

/**
 * Each case's calls still open after an unanswered attempt (DESIGN §4 "Orders and critical calls"), the
 * escalation due soonest first. Read only for the cases with a call still open (a few), one case at a time.
 */
export async function openCallsOfCases(
  db: DbOrTx,
  caseIds: readonly number[],
): Promise<Map<number, OpenCallNext[]>> {
  const result = new Map<number, OpenCallNext[]>();
  // Only a call tried already has someone to escalate to: one query finds the cases with any attempt.
  for (const caseId of await casesWithAttempts(db, caseIds)) {
    const found = await getCase(db, caseId);
    if (!found) continue;
    const [events, revisions, contacts, attempts] = await readAll(db, [
      () => listLatestRevisions(db, caseId, ['events']),
      () => ruleRevisions(db, found.clientId),
      () => contactsOfClient(db, found.clientId),
      () => attemptsOfCase(db, caseId),
    ]);
    const now = new Date();
    const open = events
      .filter((event) => !event.voided)
      .flatMap((event) => {
        const notification = notificationInForce(
          {
            type: event.body.type as string,
            occurredAt: event.body.occurredAt as string,
            attempts: attempts.get(event.itemId) ?? [],
          },
          revisions,
          found.protocolRevision,
          contacts,
          now,
        );
        return notification?.nextContact && notification.escalateBy
          ? [{ ...notification.nextContact, escalateBy: notification.escalateBy, eventId: event.itemId }]
          : [];
      })
      .sort((a, b) => Date.parse(a.escalateBy) - Date.parse(b.escalateBy));
    if (open.length > 0) result.set(caseId, open);
  }
  return result;
}

/** Whom each case must call next after an unanswered call, for the board: the escalation due soonest. */
export async function callNextOfCases(
  db: DbOrTx,
  caseIds: readonly number[],
): Promise<Map<number, CallNext>> {
  const result = new Map<number, CallNext>();
  for (const [caseId, [soonest]] of await openCallsOfCases(db, caseIds)) {
    const { eventId: _event, ...callNext } = soonest;
    result.set(caseId, callNext);
  }
  return result;
}
