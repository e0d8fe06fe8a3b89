import type { CallNext } from '../../contract/callAttempts';
import { type Notification, notificationInForce } from '../../contract/notifications';
import { attemptsOfCase, casesWithAttempts } from './callAttempts';
import { listLatestRevisions } from './caseRecords';
import { getCase } from './cases';
import { contactsOfClient } from './clientContacts';
import { ruleRevisions } from './protocolRevisions';
import type { DbOrTx } from './transaction';

/**
 * Whom each case must call next after an unanswered call (DESIGN §4 "Orders and critical calls"), for the
 * board: of the case's open calls that have been tried, the one whose escalation is due soonest. Read only
 * for the cases with a call still open (a few), one case at a time.
 */
export async function callNextOfCases(
  db: DbOrTx,
  caseIds: readonly number[],
): Promise<Map<number, CallNext>> {
  const result = new Map<number, CallNext>();
  // Only a call tried already has someone to escalate to: one query finds the cases with any attempt.
  for (const caseId of await casesWithAttempts(db, caseIds)) {
    const found = await getCase(db, caseId);
    if (!found) continue;
    const [events, revisions, contacts, attempts] = await Promise.all([
      listLatestRevisions(db, caseId, ['events']),
      ruleRevisions(db, found.clientId),
      contactsOfClient(db, found.clientId),
      attemptsOfCase(db, caseId),
    ]);
    const now = new Date();
    const open = events
      .filter((event) => !event.voided)
      .map((event) =>
        notificationInForce(
          {
            type: event.body.type as string,
            occurredAt: event.body.occurredAt as string,
            attempts: attempts.get(event.itemId) ?? [],
          },
          revisions,
          found.protocolRevision,
          contacts,
          now,
        ),
      )
      .filter((n): n is Notification & { escalateBy: string } => Boolean(n?.nextContact && n.escalateBy))
      .sort((a, b) => Date.parse(a.escalateBy) - Date.parse(b.escalateBy));
    const first = open[0];
    if (first?.nextContact) result.set(caseId, { ...first.nextContact, escalateBy: first.escalateBy });
  }
  return result;
}
