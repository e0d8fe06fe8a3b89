import { describe, expect, it } from 'vitest';
import { type AttentionCase, attentionItems, nextAttentionMoment } from '../../server/domain/attention';

/** The attention rules at their edges: the moment itself, the stage, a met clock, the order of the items. */

const NOW = Date.parse('2026-11-26T10:00:00.000Z');
const at = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();

const active = (overrides: Partial<AttentionCase> = {}): AttentionCase => ({
  caseId: 7,
  caseNumber: 'BMH-2026-0007',
  stage: 'monitoring',
  technologists: ['tech1'],
  orderPriority: null,
  createdAt: at(-600),
  nextCheckBy: null,
  notifications: [],
  clocks: [],
  calls: [],
  ...overrides,
});

const keys = (cases: AttentionCase[], now = NOW) => attentionItems(cases, now).map((item) => item.key);

describe('attention rules at their edges', () => {
  it('counts a check due exactly now as overdue, and no longer as coming', () => {
    const dueNow = active({ nextCheckBy: at(0) });
    expect(keys([dueNow])).toEqual([`check-overdue:7:${at(0)}`]);
    expect(nextAttentionMoment([dueNow], NOW)).toBeUndefined();
  });

  it('asks for checks only of a case in monitoring, now or later', () => {
    const inIntake = active({ stage: 'intake', nextCheckBy: at(-30) });
    expect(keys([inIntake])).toEqual([]);
    expect(nextAttentionMoment([active({ stage: 'intake', nextCheckBy: at(30) })], NOW)).toBeUndefined();
    expect(nextAttentionMoment([active({ stage: 'preview', nextCheckBy: at(30) })], NOW)).toBeUndefined();
    expect(nextAttentionMoment([active({ nextCheckBy: at(30) })], NOW)).toBe(Date.parse(at(30)));
  });

  it('tells when a due call turns late, and nothing more once it is late', () => {
    const late = active({ notifications: [{ eventId: 3, occurredAt: at(-40), dueBy: at(-10) }] });
    expect(keys([late])).toEqual(['notification-late:7:3']);
    expect(nextAttentionMoment([late], NOW)).toBeUndefined();
    const dueNow = active({ notifications: [{ eventId: 4, occurredAt: at(-30), dueBy: at(0) }] });
    expect(keys([dueNow])).toEqual(['notification-late:7:4']);
  });

  it('asks for attention to a stat order only while the case is in intake', () => {
    const stat = active({ stage: 'intake', orderPriority: 'STAT', createdAt: at(-3) });
    expect(attentionItems([stat], NOW)).toEqual([
      {
        kind: 'stat-order',
        key: 'stat-order:7',
        caseId: 7,
        caseNumber: 'BMH-2026-0007',
        stage: 'intake',
        since: at(-3),
        dueBy: null,
      },
    ]);
    expect(keys([{ ...stat, stage: 'monitoring' }])).toEqual([]);
    expect(keys([{ ...stat, orderPriority: 'routine' }])).toEqual([]);
  });

  it('names a breached clock until it is met, even when met late', () => {
    const breached = { kind: 'hookup' as const, dueBy: at(-20), metAt: null };
    expect(keys([active({ clocks: [breached] })])).toEqual([`clock-breached:7:hookup:${at(-20)}`]);
    expect(keys([active({ clocks: [{ ...breached, metAt: at(-5) }] })])).toEqual([]);
    // A met clock does not come due later either.
    const metEarly = { kind: 'first-review' as const, dueBy: at(30), metAt: at(-1) };
    expect(nextAttentionMoment([active({ clocks: [metEarly] })], NOW)).toBeUndefined();
  });

  it('lists the items oldest first, the same moment by key', () => {
    const cases = [
      active({ caseId: 9, caseNumber: 'BMH-2026-0009', nextCheckBy: at(-5) }),
      active({
        caseId: 8,
        caseNumber: 'BMH-2026-0008',
        notifications: [{ eventId: 1, occurredAt: at(-50), dueBy: at(-30) }],
      }),
      active({ caseId: 2, caseNumber: 'BMH-2026-0002', nextCheckBy: at(-5) }),
      active({ caseId: 5, caseNumber: 'BMH-2026-0005', calls: [{ eventId: 6, escalateBy: at(-40) }] }),
    ];
    expect(keys(cases)).toEqual([
      `call-next:5:6:${at(-40)}`,
      'notification-late:8:1',
      `check-overdue:2:${at(-5)}`,
      `check-overdue:9:${at(-5)}`,
    ]);
  });

  it('tells the earliest of the moments to come', () => {
    const cases = [
      active({ caseId: 1, nextCheckBy: at(45) }),
      active({ caseId: 2, notifications: [{ eventId: 1, occurredAt: at(-1), dueBy: at(15) }] }),
      active({ caseId: 3, calls: [{ eventId: 2, escalateBy: at(30) }] }),
    ];
    expect(nextAttentionMoment(cases, NOW)).toBe(Date.parse(at(15)));
  });
});
