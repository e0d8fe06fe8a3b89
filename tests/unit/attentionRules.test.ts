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
