import { describe, expect, it } from 'vitest';
import { refusalOf } from '../../src/resources/cases/records/recordFormat';

const LABELS = {
  notifiedAt: 'Notified at',
  notifiedContactId: 'Notified contact',
  description: 'Description',
};
const FUTURE = 'Notified at cannot be in the future (more than 5 minutes from now)';

describe("a record the server refused, said in one line instead of 'The form is not valid'", () => {
  it('names the time refused, the zone it was read in and the zone of the computer it was typed on', () => {
    expect(refusalOf({ notifiedAt: FUTURE }, LABELS, 'America/Denver', 'America/New_York')).toBe(
      `Not saved: ${FUTURE}. Times here are typed on the client's clock, America/Denver, not on this computer's (America/New_York).`,
    );
  });

  it("names the client's zone alone when the computer keeps the same one", () => {
    expect(refusalOf({ notifiedAt: FUTURE }, LABELS, 'America/Denver', 'America/Denver')).toBe(
      `Not saved: ${FUTURE}. Times here are typed on the client's clock, America/Denver.`,
    );
  });

  it('labels a message that does not name its field, and says nothing of zones when no time is refused', () => {
    expect(
      refusalOf(
        { notifiedContactId: 'Name the contact who was notified', description: 'Description is too long' },
        LABELS,
        'America/Denver',
        'Europe/Paris',
      ),
    ).toBe('Not saved: Notified contact: Name the contact who was notified; Description is too long.');
  });
});
