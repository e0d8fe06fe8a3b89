import { describe, expect, it } from 'vitest';
import {
  FUTURE_SKEW_MINUTES,
  futureTimeErrors,
  RECORD_RULES,
  RECORD_TIMES,
  withAnswerDefaults,
} from '../../contract/recordRules';

const interpretation = (fields: Record<string, unknown>) => RECORD_RULES.interpretations?.(fields);
const event = (fields: Record<string, unknown>) => RECORD_RULES.events?.(fields);

describe('the rules across a record’s fields', () => {
  it('has rules for interpretations and events only', () => {
    expect(Object.keys(RECORD_RULES)).toEqual(['interpretations', 'events']);
  });

  it('wants an interpretation’s period to end at or after its start, either end may be left open', () => {
    const start = '2026-03-14T08:00:00.000Z';
    expect(interpretation({ periodStart: start, periodEnd: '2026-03-14T07:59:00.000Z' })).toEqual([
      { field: 'periodEnd', message: 'The period must end after it starts' },
    ]);
    expect(interpretation({ periodStart: start, periodEnd: start })).toEqual([]);
    expect(interpretation({ periodStart: start, periodEnd: null })).toEqual([]);
    expect(interpretation({ periodStart: null, periodEnd: start })).toEqual([]);
    expect(interpretation({})).toEqual([]);
  });

  it('checks an interpretation’s findings against the ACNS definitions, lists left out as empty', () => {
    const status = { class: 'ESE', durationSeconds: 120 };
    expect(interpretation({ patterns: null, acnsSeizures: null, seizureBurdenPercent: null })).toEqual([]);
    expect(interpretation({ acnsSeizures: [status] })).toEqual([
      expect.objectContaining({ field: 'acnsSeizures.0.durationSeconds' }),
    ]);
    expect(interpretation({ acnsSeizures: [status], seizureBurdenPercent: 20 })).toEqual([]);
    expect(interpretation({ patterns: [{ mainTerm2: 'RDA', frequencyHz: 6 }] })).toEqual([
      expect.objectContaining({ field: 'patterns.0.frequencyHz' }),
    ]);
  });

  it('wants an event to end at or after it starts', () => {
    const occurredAt = '2026-03-14T08:00:00.000Z';
    expect(event({ occurredAt, endedAt: '2026-03-14T07:00:00.000Z' })).toEqual([
      { field: 'endedAt', message: 'An event cannot end before it starts' },
    ]);
    expect(event({ occurredAt, endedAt: occurredAt })).toEqual([]);
    expect(event({ occurredAt, endedAt: null })).toEqual([]);
  });

  it('wants a notified event to name the contact, and the call not before the event', () => {
    const occurredAt = '2026-03-14T08:00:00.000Z';
    expect(event({ occurredAt, notifiedAt: '2026-03-14T08:10:00.000Z', notifiedContactId: null })).toEqual([
      { field: 'notifiedContactId', message: 'Name the contact who was notified' },
    ]);
    expect(event({ occurredAt, notifiedAt: '2026-03-14T08:10:00.000Z', notifiedContactId: 4 })).toEqual([]);
    expect(event({ occurredAt, notifiedAt: null, notifiedContactId: 4 })).toEqual([]);
    expect(event({ occurredAt, notifiedAt: '2026-03-14T07:59:00.000Z', notifiedContactId: 4 })).toEqual([
      { field: 'notifiedAt', message: 'Notified at cannot be before the event occurred' },
    ]);
    expect(event({ occurredAt, notifiedAt: occurredAt, notifiedContactId: 4 })).toEqual([]);
    expect(event({ occurredAt: null, notifiedAt: '2026-03-14T07:59:00.000Z', notifiedContactId: 4 })).toEqual(
      [],
    );
  });
});

describe('record times not in the future (DESIGN §4)', () => {
  const now = new Date('2026-03-14T08:00:00.000Z');

  it('names every record time a revision may set', () => {
    expect(Object.keys(RECORD_TIMES)).toEqual([
      'measuredAt',
      'occurredAt',
      'notedAt',
      'notifiedAt',
      'periodStart',
      'periodEnd',
    ]);
    // Each as its field says it in words: `periodStart` is "Period start".
    for (const [field, label] of Object.entries(RECORD_TIMES))
      expect(label).toBe(
        field
          .replace(/^./, (first) => first.toUpperCase())
          .replace(/[A-Z]/g, (capital, at) => (at ? ` ${capital.toLowerCase()}` : capital)),
      );
    expect(FUTURE_SKEW_MINUTES).toBe(5);
  });

  it('allows a time up to 5 minutes after now, not one later', () => {
    expect(futureTimeErrors({ occurredAt: '2026-03-14T08:05:00.000Z' }, now)).toEqual([]);
    expect(futureTimeErrors({ occurredAt: '2026-03-14T08:05:00.001Z' }, now)).toEqual([
      { field: 'occurredAt', message: 'Occurred at cannot be in the future (more than 5 minutes from now)' },
    ]);
  });

  it('names each field ahead of the clock, and passes over the empty and the other fields', () => {
    const later = '2026-03-14T09:00:00.000Z';
    expect(
      futureTimeErrors(
        { measuredAt: later, periodEnd: later, notedAt: null, endedAt: later, text: later },
        now,
      ),
    ).toEqual([
      { field: 'measuredAt', message: 'Measured at cannot be in the future (more than 5 minutes from now)' },
      { field: 'periodEnd', message: 'Period end cannot be in the future (more than 5 minutes from now)' },
    ]);
    // Only times written as text are judged: the API's fields are strings.
    expect(futureTimeErrors({ occurredAt: new Date(later) }, now)).toEqual([]);
  });
});

describe('an older record answered with the fields it lacks', () => {
  it('fills what is missing or null, and keeps what is there', () => {
    const item: Record<string, unknown> = { signedBy: 'reader1', signedAt: null, patterns: [] };
    const answered = withAnswerDefaults(item, {
      signedBy: null,
      signedAt: 'x',
      amendsId: 3,
      patterns: ['y'],
    });
    expect(answered).toBe(item);
    expect(answered).toEqual({ signedBy: 'reader1', signedAt: 'x', amendsId: 3, patterns: [] });
  });
});
