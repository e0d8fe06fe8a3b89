import { describe, expect, it } from 'vitest';
import type { CallAttempt } from '../../contract/callAttempts';
import {
  callAttemptErrors,
  closingAttempt,
  escalationCount,
  firstReached,
  nextCall,
} from '../../contract/callOrder';

const at = (time: string) => `2026-03-14T${time}:00.000Z`;
const contacts = [{ id: 1 }, { id: 2 }, { id: 3 }];
let seq = 0;
const attempt = (
  time: string,
  contactId: number,
  outcome: CallAttempt['outcome'],
  readBack: boolean | null = false,
) => {
  seq += 1;
  return {
    id: seq,
    at: at(time),
    contactId,
    number: '1',
    outcome,
    readBack,
    reachedName: null,
    note: null,
    by: 'tech1',
  };
};

/** A new attempt that passes every rule: it reached the contact, who read the result back. */
const input = {
  at: at('10:10'),
  contactId: 1,
  outcome: 'reached' as const,
  readBack: true,
  reachedOther: false,
};

describe('critical calls (DESIGN §4 "Orders and critical calls")', () => {
  it('is closed by the first reached attempt with read-back (or unknown read-back), never one before the event', () => {
    expect(closingAttempt([attempt('10:05', 1, 'reached', false)], at('10:00'))).toBeUndefined();
    const unknown = attempt('10:06', 2, 'reached', null);
    expect(closingAttempt([attempt('10:08', 1, 'reached', true), unknown], at('10:00'))).toBe(unknown);
    expect(closingAttempt([attempt('09:59', 1, 'reached', true)], at('10:00'))).toBeUndefined();
  });

  it('calls the first contact, then the next after each attempt that did not close it, wrapping to the first', () => {
    expect(nextCall([], contacts, at('10:00'), 5)).toEqual({ nextContact: { id: 1 }, escalateBy: null });
    expect(nextCall([attempt('10:02', 1, 'busy')], contacts, at('10:00'), 5)).toEqual({
      nextContact: { id: 2 },
      escalateBy: at('10:07'),
    });
    expect(nextCall([attempt('10:02', 3, 'reached', false)], contacts, at('10:00'), 10)).toEqual({
      nextContact: { id: 1 },
      escalateBy: at('10:12'),
    });
    // Someone outside the rule was called: the order starts over.
    expect(nextCall([attempt('10:02', 9, 'voicemail')], contacts, at('10:00'), 5).nextContact).toEqual({
      id: 1,
    });
    expect(nextCall([attempt('10:02', 1, 'reached', true)], contacts, at('10:00'), 5)).toEqual({
      nextContact: null,
      escalateBy: null,
    });
  });

  it('counts an escalation each time the call moves to another contact', () => {
    const calls = [
      attempt('10:01', 1, 'busy'),
      attempt('10:02', 1, 'busy'),
      attempt('10:03', 2, 'voicemail'),
    ];
    expect(escalationCount([...calls, attempt('10:04', 1, 'reached', true)])).toBe(2);
    expect(escalationCount([])).toBe(0);
  });

  it('names every failing field of a new attempt', () => {
    const now = new Date(at('10:10'));
    expect(callAttemptErrors(input, { occurredAt: at('10:00') }, new Set([1]), now)).toEqual([]);
    expect(
      callAttemptErrors(
        { ...input, at: at('10:16'), reachedOther: true },
        { occurredAt: at('10:00') },
        new Set([1]),
        now,
      ),
    ).toEqual([
      { field: 'at', message: 'Called at cannot be in the future (more than 5 minutes from now)' },
      { field: 'reachedName', message: 'Name the person who answered instead of the contact' },
    ]);
    expect(
      callAttemptErrors(
        { ...input, outcome: 'no-answer', reachedName: 'Lee' },
        { occurredAt: at('10:00') },
        new Set([2]),
        now,
      ).map((error) => error.field),
    ).toEqual(['contactId', 'reachedName', 'readBack']);
  });
});

describe('the order and outcome of critical-call attempts', () => {
  const occurredAt = at('10:00');

  it('takes attempts in the order they were made, ties in the order they were written', () => {
    const later = { ...attempt('10:05', 1, 'reached', true), id: 1 };
    const earlier = { ...attempt('10:02', 2, 'reached', true), id: 2 };
    expect(closingAttempt([later, earlier], occurredAt)).toBe(earlier);
    const tied = [3, 1, 2].map((id) => ({ ...attempt('10:02', id, 'reached', true), id }));
    expect(closingAttempt(tied, occurredAt)?.id).toBe(1);
  });

  it('is closed only by a reached attempt, from the moment of the event on', () => {
    expect(closingAttempt([attempt('10:05', 1, 'busy', null)], occurredAt)).toBeUndefined();
    const atTheEvent = attempt('10:00', 1, 'reached', true);
    expect(closingAttempt([atTheEvent], occurredAt)).toBe(atTheEvent);
  });

  it('finds the first attempt that reached anyone at or after the event, read back or not', () => {
    const reached = attempt('10:03', 2, 'reached', false);
    expect(
      firstReached([attempt('09:59', 1, 'reached', true), attempt('10:01', 1, 'busy'), reached], occurredAt),
    ).toBe(reached);
    const atTheEvent = attempt('10:00', 1, 'reached', false);
    expect(firstReached([atTheEvent], occurredAt)).toBe(atTheEvent);
    expect(firstReached([attempt('10:01', 1, 'no-answer')], occurredAt)).toBeUndefined();
  });

  it('calls no one when the rule names no contact', () => {
    expect(nextCall([], [], occurredAt, 5)).toStrictEqual({ nextContact: null, escalateBy: null });
    expect(nextCall([attempt('10:02', 1, 'busy')], [], occurredAt, 5)).toStrictEqual({
      nextContact: null,
      escalateBy: null,
    });
  });

  it('says why a call is refused, field by field', () => {
    const event = { occurredAt };
    const now = new Date(at('10:10'));
    const errorsOf = (change: Partial<Parameters<typeof callAttemptErrors>[0]>, contacts = [1]) =>
      callAttemptErrors({ ...input, ...change }, event, new Set(contacts), now);
    // At the event and up to five minutes past the server's clock are accepted.
    expect(errorsOf({})).toEqual([]);
    expect(errorsOf({ at: occurredAt })).toEqual([]);
    expect(errorsOf({ at: at('10:15') })).toEqual([]);
    expect(errorsOf({ at: '2026-03-14T10:15:01.000Z' })).toEqual([
      { field: 'at', message: 'Called at cannot be in the future (more than 5 minutes from now)' },
    ]);
    expect(errorsOf({ at: '2026-03-14T09:59:59.000Z' })).toEqual([
      { field: 'at', message: 'A call cannot be before the event occurred' },
    ]);
    expect(errorsOf({}, [2])).toEqual([
      { field: 'contactId', message: "Contact 1 is not a contact of this case's client" },
    ]);
    // A call that reached no one names no one and has no read-back.
    expect(errorsOf({ outcome: 'busy', readBack: false })).toEqual([]);
    expect(errorsOf({ outcome: 'voicemail', readBack: false, reachedOther: true })).toEqual([
      { field: 'reachedName', message: 'Only a call that reached someone names who answered' },
    ]);
    expect(errorsOf({ outcome: 'no-answer' })).toEqual([
      { field: 'readBack', message: 'Only a call that reached someone has a read-back' },
    ]);
    expect(errorsOf({ reachedOther: true, reachedName: 'Dr Lee' })).toEqual([]);
  });
});
