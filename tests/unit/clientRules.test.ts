import { describe, expect, it } from 'vitest';
import {
  deletionBlockedMessage,
  duplicateCodeError,
  nextRevisionNumber,
  notifiedContactIds,
  staleRevisionMessage,
  staleVersionMessage,
  unknownNotifiedContacts,
} from '../../contract/clientRules';

describe('client rules', () => {
  it('numbers the next revision only when the author edited the current one', () => {
    expect(nextRevisionNumber(0, 0)).toBe(1);
    expect(nextRevisionNumber(3, 3)).toBe(4);
    expect(nextRevisionNumber(3, 2)).toBeUndefined();
    expect(nextRevisionNumber(3, 4)).toBeUndefined();
  });

  it('names each rule that notifies a contact the client does not have', () => {
    const rules = [
      { trigger: 'seizure' as const, notify: [1, 2], withinMinutes: 10 },
      { trigger: 'other' as const, notify: [7], withinMinutes: 60 },
      { trigger: 'electrode off' as const, notify: [8, 9], withinMinutes: 30 },
    ];
    expect(notifiedContactIds(rules)).toEqual([1, 2, 7, 8, 9]);
    expect(unknownNotifiedContacts(rules, new Set([1, 2]))).toEqual([
      { field: 'notificationRules.1.notify', message: 'Contact 7 is not a contact of this client' },
      { field: 'notificationRules.2.notify', message: 'Contacts 8, 9 are not contacts of this client' },
    ]);
  });

  it('names each contact once for the existence check, and no rule when every contact is known', () => {
    const rules = [
      { trigger: 'seizure' as const, notify: [4, 2], withinMinutes: 10 },
      { trigger: 'other' as const, notify: [2, 4, 5], withinMinutes: 60 },
    ];
    expect(notifiedContactIds(rules)).toEqual([4, 2, 5]);
    expect(unknownNotifiedContacts(rules, new Set([2, 4, 5]))).toEqual([]);
  });

  it('words a concurrent edit and a taken code the same way for every record', () => {
    expect(staleVersionMessage('useful link')).toBe(
      'This useful link was changed by someone else; reload and try again.',
    );
    expect(staleRevisionMessage('protocol')).toBe(
      'The protocol was changed by someone else; reload it, reapply your changes and try again.',
    );
    expect(staleRevisionMessage('transfer')).toBe(
      'The transfer protocol was changed by someone else; reload it, reapply your changes and try again.',
    );
    expect(duplicateCodeError('BMH')).toEqual({
      field: 'code',
      message: 'Code BMH is already used by another client',
    });
  });

  it('blocks deleting a client with cases, in words', () => {
    expect(deletionBlockedMessage(0)).toBeUndefined();
    expect(deletionBlockedMessage(1)).toBe('This client has 1 case and cannot be deleted.');
    expect(deletionBlockedMessage(12)).toBe('This client has 12 cases and cannot be deleted.');
  });
});
