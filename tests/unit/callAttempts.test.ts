import { describe, expect, it } from 'vitest';
import {
  type CallAttempt,
  callAttemptErrors,
  closingAttempt,
  escalationCount,
  nextCall,
} from '../../contract/callAttempts';

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
    const input = {
      at: at('10:10'),
      contactId: 1,
      outcome: 'reached' as const,
      readBack: true,
      reachedOther: false,
    };
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
