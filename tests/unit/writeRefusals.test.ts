import { describe, expect, it } from 'vitest';
import { caseDeletionRefusal } from '../../contract/caseDeletion';
import { othersWork, ownHandoverRefusal, ownLogRefusal } from '../../contract/ownWork';
import { handoverFieldErrors, handoverStartRefusal } from '../../server/domain/handovers';
import { logStandingRefusal } from '../../server/domain/timeLogRules';
import { ownGroupsRefusal, ownToggleRefusal } from '../../server/domain/userAccess';

describe('a technologist’s own work', () => {
  const tech1 = { username: 'tech1', roles: ['technologist'] as const };
  const admin = { username: 'admin', roles: ['admin'] as const };

  it('is theirs to change, and anyone’s for an admin', () => {
    expect(othersWork(tech1, ['tech1'])).toBeUndefined();
    expect(othersWork(tech1, ['tech1', 'tech2', 'tech3'])).toBe('tech2');
    expect(othersWork(admin, ['tech1', 'tech2'])).toBeUndefined();
    expect(othersWork(tech1, [])).toBeUndefined();
  });

  it('refuses another’s time logs and handover in words naming the owner', () => {
    expect(ownLogRefusal(tech1, ['tech1'])).toBeUndefined();
    expect(ownLogRefusal(tech1, ['tech1', 'tech2'])).toBe(
      "Only tech2 or an admin may change tech2's time logs",
    );
    expect(ownLogRefusal(admin, ['tech2'])).toBeUndefined();
    expect(ownHandoverRefusal(tech1, 'tech1')).toBeUndefined();
    expect(ownHandoverRefusal(tech1, 'tech2')).toBe("Only tech2 or an admin may hand over tech2's case");
    expect(ownHandoverRefusal(admin, 'tech2')).toBeUndefined();
  });
});

describe('where a technologist stands for a log', () => {
  const standing = { assigned: true, activeCases: 2, runningElsewhere: ['BMH-2026-0041'] };

  it('wants a new owner assigned to the case', () => {
    expect(
      logStandingRefusal(
        'tech2',
        'BMH-2026-0042',
        { ...standing, assigned: false },
        { newOwner: true, starts: false },
      ),
    ).toBe('tech2 is not assigned to case BMH-2026-0042: assign them to the case before logging time on it');
    // A log already theirs stays theirs once they are no longer assigned.
    expect(
      logStandingRefusal(
        'tech2',
        'BMH-2026-0042',
        { ...standing, assigned: false },
        { newOwner: false, starts: false },
      ),
    ).toBeUndefined();
  });

  it('lets running logs match the active cases, not outnumber them', () => {
    const starts = { newOwner: false, starts: true };
    expect(logStandingRefusal('tech1', 'BMH-2026-0042', standing, starts)).toBeUndefined();
    expect(logStandingRefusal('tech1', 'BMH-2026-0042', { ...standing, activeCases: 1 }, starts)).toBe(
      'tech1 already has 1 running time logs (cases BMH-2026-0041) for 1 active assigned cases: stop one first',
    );
    // A log that does not start running adds none.
    expect(
      logStandingRefusal(
        'tech1',
        'BMH-2026-0042',
        { ...standing, activeCases: 1 },
        { newOwner: false, starts: false },
      ),
    ).toBeUndefined();
  });
});

describe('a handover', () => {
  const now = Date.parse('2026-11-20T18:00:00.000Z');
  const input = { from: 'tech1', to: 'tech2', at: '2026-11-20T18:05:00.000Z' };

  it('takes a time up to 5 minutes ahead, to another technologist', () => {
    expect(handoverFieldErrors(input, now, true)).toEqual([]);
  });

  it('names every failing field: a time in the future, oneself, a non-technologist', () => {
    expect(handoverFieldErrors({ ...input, at: '2026-11-20T18:05:00.001Z' }, now, false)).toEqual([
      { field: 'at', message: 'A handover cannot be in the future' },
      { field: 'to', message: 'tech2 is not a technologist' },
    ]);
    expect(handoverFieldErrors({ ...input, to: 'tech1' }, now, true)).toEqual([
      { field: 'to', message: 'Hand the case over to another technologist' },
    ]);
  });

  it('comes strictly after the outgoing open log started', () => {
    const since = new Date('2026-11-20T08:00:00.000Z');
    const who = { from: 'tech1', caseNumber: 'BMH-2026-0041' };
    expect(handoverStartRefusal(who, new Date('2026-11-20T08:00:00.001Z'), since)).toBeUndefined();
    expect(handoverStartRefusal(who, since, since)).toBe(
      "The handover must come after tech1's open log on case BMH-2026-0041 started (2026-11-20T08:00:00.000Z)",
    );
  });

  it('comes within one shift (16 h) of the outgoing open log’s start: a closed log lasts one shift at most', () => {
    const since = new Date('2026-11-20T08:00:00.000Z');
    const who = { from: 'tech1', caseNumber: 'BMH-2026-0041' };
    expect(handoverStartRefusal(who, new Date('2026-11-21T00:00:00.000Z'), since)).toBeUndefined();
    expect(handoverStartRefusal(who, new Date('2026-11-21T00:00:00.001Z'), since)).toBe(
      "The handover must come within 16 h (one shift) of when tech1's open log on case BMH-2026-0041 started (2026-11-20T08:00:00.000Z): stop that log at its latest end and start a new one first",
    );
  });
});

describe('deleting a case', () => {
  it('deletes an intake with nothing recorded, and no other', () => {
    expect(caseDeletionRefusal('BMH-2026-0041', 'intake', false)).toBeUndefined();
    expect(caseDeletionRefusal('BMH-2026-0041', 'intake', true)).toBe(
      'Case BMH-2026-0041 has records and cannot be deleted; cancel it: move it to closed with a reason.',
    );
    expect(caseDeletionRefusal('BMH-2026-0041', 'monitoring', false)).toBe(
      'Case BMH-2026-0041 is in monitoring and cannot be deleted; cancel it: move it to closed with a reason.',
    );
  });
});

describe('an administrator’s own account', () => {
  it('keeps its admin group against its own change only', () => {
    const refusal =
      'You cannot remove your own admin group: another administrator must do it, so the service always keeps one.';
    expect(ownGroupsRefusal('ada', 'ada', { from: ['admin', 'billing'], to: ['billing'] })).toBe(refusal);
    expect(ownGroupsRefusal('ada', 'ada', { from: ['admin'], to: ['admin', 'billing'] })).toBeUndefined();
    expect(ownGroupsRefusal('ada', 'ada', { from: ['billing'], to: [] })).toBeUndefined();
    expect(ownGroupsRefusal('ada', 'bob', { from: ['admin'], to: [] })).toBeUndefined();
  });

  it('is never disabled or enabled by itself', () => {
    expect(ownToggleRefusal('ada', 'ada')).toBe(
      'You cannot disable yourself: another administrator must do it.',
    );
    expect(ownToggleRefusal('ada', 'bob')).toBeUndefined();
  });
});
