import { describe, expect, it } from 'vitest';
import { attentionText } from '../../contract/attentionText';
import {
  type AttentionCase,
  asksAttentionOf,
  attentionItems,
  isStatPriority,
  nextAttentionMoment,
} from '../../server/domain/attention';
import { DEFAULT_ATTENTION_SETTINGS, isQuietAt } from '../../src/live/attentionSettings';

const NOW = Date.parse('2026-11-26T10:00:00.000Z');
const at = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();

const monitoring = (overrides: Partial<AttentionCase> = {}): AttentionCase => ({
  caseId: 7,
  caseNumber: 'BMH-2026-0007',
  stage: 'monitoring',
  technologists: ['tech1'],
  orderPriority: null,
  createdAt: at(-600),
  nextCheckBy: at(10),
  notifications: [],
  clocks: [],
  calls: [],
  ...overrides,
});

describe('attention rules', () => {
  it('asks for a check once the next check time has passed, and tells when that will be', () => {
    expect(attentionItems([monitoring()], NOW)).toEqual([]);
    expect(nextAttentionMoment([monitoring()], NOW)).toBe(Date.parse(at(10)));
    expect(attentionItems([monitoring({ nextCheckBy: at(-1) })], NOW)).toEqual([
      {
        key: `check-overdue:7:${at(-1)}`,
        kind: 'check-overdue',
        caseId: 7,
        caseNumber: 'BMH-2026-0007',
        stage: 'monitoring',
        since: at(-1),
        dueBy: null,
      },
    ]);
    expect(attentionItems([monitoring({ nextCheckBy: null })], NOW)).toEqual([]);
  });

  it('asks for a call while it is due, and again under another key once late', () => {
    const due = monitoring({
      nextCheckBy: null,
      notifications: [{ eventId: 3, occurredAt: at(-5), dueBy: at(25) }],
    });
    expect(attentionItems([due], NOW).map(({ key, dueBy }) => ({ key, dueBy }))).toEqual([
      { key: 'notification-due:7:3', dueBy: at(25) },
    ]);
    expect(nextAttentionMoment([due], NOW)).toBe(Date.parse(at(25)));
    expect(attentionItems([due], Date.parse(at(26))).map((item) => item.key)).toEqual([
      'notification-late:7:3',
    ]);
  });

  it('asks of a stat order in intake, as the order form or HL7 writes stat', () => {
    const order = (orderPriority: string | null) =>
      monitoring({ stage: 'intake', orderPriority, nextCheckBy: null, technologists: [] });
    expect(attentionItems([order('stat')], NOW).map((item) => item.kind)).toEqual(['stat-order']);
    expect(attentionItems([order('S')], NOW).map((item) => item.kind)).toEqual(['stat-order']);
    expect(attentionItems([order('R'), order(null), order('ASAP')], NOW)).toEqual([]);
    expect(isStatPriority(' STAT ')).toBe(true);
  });

  it('asks of a running turnaround clock once past due, one item per clock and due time, until it is met', () => {
    const clocks = monitoring({
      nextCheckBy: null,
      clocks: [
        { kind: 'hookup', dueBy: at(-30), metAt: at(-40) },
        { kind: 'first-review', dueBy: at(-5), metAt: null },
        { kind: 'preliminary', dueBy: at(120), metAt: null },
      ],
    });
    expect(attentionItems([clocks], NOW)).toEqual([
      {
        key: `clock-breached:7:first-review:${at(-5)}`,
        kind: 'clock-breached',
        caseId: 7,
        caseNumber: 'BMH-2026-0007',
        stage: 'monitoring',
        since: at(-5),
        dueBy: null,
      },
    ]);
    expect(nextAttentionMoment([clocks], NOW)).toBe(Date.parse(at(120)));
    expect(attentionItems([clocks], Date.parse(at(121))).map((item) => item.key)).toEqual([
      `clock-breached:7:first-review:${at(-5)}`,
      `clock-breached:7:preliminary:${at(120)}`,
    ]);
    const intake = monitoring({
      stage: 'intake',
      nextCheckBy: null,
      clocks: [{ kind: 'hookup', dueBy: at(-1), metAt: null }],
    });
    expect(attentionItems([intake], NOW).map((item) => [item.kind, item.stage])).toEqual([
      ['clock-breached', 'intake'],
    ]);
  });

  it('asks for the next call once an unanswered call’s escalation time has come, anew after each attempt', () => {
    const tried = (escalateBy: string) =>
      monitoring({ nextCheckBy: null, calls: [{ eventId: 3, escalateBy }] });
    expect(attentionItems([tried(at(5))], NOW)).toEqual([]);
    expect(nextAttentionMoment([tried(at(5))], NOW)).toBe(Date.parse(at(5)));
    expect(attentionItems([tried(at(-1))], NOW)).toEqual([
      {
        key: `call-next:7:3:${at(-1)}`,
        kind: 'call-next',
        caseId: 7,
        caseNumber: 'BMH-2026-0007',
        stage: 'monitoring',
        since: at(-1),
        dueBy: null,
      },
    ]);
    expect(nextAttentionMoment([tried(at(-1))], NOW)).toBeUndefined();
    // Another unanswered attempt moves the escalation: a new key, asked again once it comes.
    expect(attentionItems([tried(at(-1))], NOW)[0].key).not.toBe(attentionItems([tried(at(-2))], NOW)[0].key);
  });

  it('asks the case’s technologists, every technologist while it has none, and administrators', () => {
    const tech = (username: string) => ({ username, roles: ['technologist' as const] });
    expect(asksAttentionOf(tech('tech1'), monitoring())).toBe(true);
    expect(asksAttentionOf(tech('tech2'), monitoring())).toBe(false);
    expect(asksAttentionOf(tech('tech2'), monitoring({ technologists: [] }))).toBe(true);
    expect(asksAttentionOf({ username: 'ada', roles: ['admin'] }, monitoring())).toBe(true);
    expect(asksAttentionOf({ username: 'rhea', roles: ['reader'] }, monitoring({ technologists: [] }))).toBe(
      false,
    );
  });

  it('names the case number and what is due, never the patient', () => {
    expect(attentionText({ kind: 'notification-late', caseNumber: 'BMH-2026-0007' })).toBe(
      'BMH-2026-0007: Notification late',
    );
    expect(attentionText({ kind: 'clock-breached', caseNumber: 'BMH-2026-0007' })).toBe(
      'BMH-2026-0007: Turnaround clock breached',
    );
    expect(attentionText({ kind: 'call-next', caseNumber: 'BMH-2026-0007' })).toBe(
      'BMH-2026-0007: Next call due',
    );
  });
});

/** The rules at their edges: the moment itself, the stage, a met clock, the order of the items. */
const active = (overrides: Partial<AttentionCase> = {}) => monitoring({ nextCheckBy: null, ...overrides });
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

describe('quiet hours', () => {
  const quiet = (quietFrom: string, quietTo: string) => ({
    ...DEFAULT_ATTENTION_SETTINGS,
    quietFrom,
    quietTo,
  });
  const clock = (hours: number, minutes = 0) => new Date(2026, 10, 26, hours, minutes);

  it('are off when they start and end at the same time', () => {
    expect(isQuietAt(quiet('00:00', '00:00'), clock(3))).toBe(false);
  });

  it('hold within a day, and across midnight', () => {
    expect(isQuietAt(quiet('12:00', '13:00'), clock(12, 30))).toBe(true);
    expect(isQuietAt(quiet('12:00', '13:00'), clock(13))).toBe(false);
    expect(isQuietAt(quiet('22:00', '06:00'), clock(23))).toBe(true);
    expect(isQuietAt(quiet('22:00', '06:00'), clock(5, 59))).toBe(true);
    expect(isQuietAt(quiet('22:00', '06:00'), clock(6))).toBe(false);
  });
});
