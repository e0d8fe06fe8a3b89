import type { NotificationRule, RevisionKind } from './clients';
import type { FieldError } from './envelope';

/** Rules of clients, their contacts and protocols that the server and the front end (and its test fakes) share: pure functions, no HTTP or SQL. */

export type EditedThing = 'client' | 'contact' | 'useful link' | 'hospital interface';

/** The optimistic-lock refusal, same words for every record the user edits. */
export function staleVersionMessage(thing: EditedThing): string {
  return `This ${thing} was changed by someone else; reload and try again.`;
}

export function staleRevisionMessage(kind: RevisionKind): string {
  const what = kind === 'transfer' ? 'transfer protocol' : 'protocol';
  return `The ${what} was changed by someone else; reload it, reapply your changes and try again.`;
}

/**
 * The number of the revision to write, or `undefined` when the author edited something other than the
 * current revision (`current` and `baseRevision` are 0 while the client has none): numbers then
 * strictly increase and a concurrent edit is never silently overwritten.
 */
export function nextRevisionNumber(current: number, baseRevision: number): number | undefined {
  return baseRevision === current ? current + 1 : undefined;
}

/** One field error per rule that names a contact this client does not have. */
export function unknownNotifiedContacts(
  rules: readonly NotificationRule[],
  clientContactIds: ReadonlySet<number>,
): FieldError[] {
  return rules.flatMap((rule, index) => {
    const unknown = rule.notify.filter((contactId) => !clientContactIds.has(contactId));
    if (unknown.length === 0) return [];
    const message =
      unknown.length === 1
        ? `Contact ${unknown[0]} is not a contact of this client`
        : `Contacts ${unknown.join(', ')} are not contacts of this client`;
    return [{ field: `notificationRules.${index}.notify`, message }];
  });
}

/** Every contact id the rules name, once each, for a single existence check. */
export function notifiedContactIds(rules: readonly NotificationRule[]): number[] {
  return [...new Set(rules.flatMap((rule) => rule.notify))];
}

/** A client's cases keep their history, so a client with any case cannot be deleted. */
export function deletionBlockedMessage(caseCount: number): string | undefined {
  if (caseCount === 0) return undefined;
  return `This client has ${caseCount} ${caseCount === 1 ? 'case' : 'cases'} and cannot be deleted.`;
}

export function duplicateCodeError(code: string): FieldError {
  return { field: 'code', message: `Code ${code} is already used by another client` };
}
