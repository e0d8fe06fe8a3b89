import { describe, expect, it } from 'vitest';
import { caseMonths, technologistMonths } from '../../server/domain/billing/caseHours';
import { cycleStatusRefusal, type StatusChange } from '../../server/domain/billing/cycleStatus';
import { assignmentRefusal, intakeClientRefusal } from '../../server/domain/caseStages';

describe('the moves of a billing cycle (DESIGN §4 "Billing cycle")', () => {
  const change = (overrides: Partial<StatusChange>): StatusChange => ({
    month: 'October 2026',
    from: 'open',
    to: 'closed',
    hasRate: true,
    isAdmin: false,
    monthEnded: true,
    ...overrides,
  });

  it('closes an ended month with a rate, and reopens or invoices a closed one', () => {
    expect(cycleStatusRefusal(change({}))).toBeUndefined();
    expect(cycleStatusRefusal(change({ from: 'closed', to: 'open' }))).toBeUndefined();
    expect(cycleStatusRefusal(change({ from: 'closed', to: 'invoiced' }))).toBeUndefined();
  });

  it('refuses a move to where the cycle already is', () => {
    expect(cycleStatusRefusal(change({ from: 'closed', to: 'closed' }))).toEqual({
      status: 409,
      message: 'October 2026 is already closed',
    });
  });

  it('lets only an admin take an invoiced month back, to either status', () => {
    for (const to of ['open', 'closed'] as const) {
      expect(cycleStatusRefusal(change({ from: 'invoiced', to }))).toEqual({
        status: 403,
        message: 'Only an admin may reopen October 2026: it is invoiced',
      });
      expect(cycleStatusRefusal(change({ from: 'invoiced', to, isAdmin: true }))).toBeUndefined();
    }
  });

  it('does not invoice an open month', () => {
    expect(cycleStatusRefusal(change({ from: 'open', to: 'invoiced', isAdmin: true }))).toEqual({
      status: 409,
      message: 'Close October 2026 before marking it invoiced',
    });
  });

  it('closes neither a month still running in the client’s zone nor one without a rate, the month first', () => {
    expect(cycleStatusRefusal(change({ monthEnded: false, hasRate: false }))).toEqual({
      status: 409,
      message: "October 2026 has not ended yet in the client's time zone",
    });
    expect(cycleStatusRefusal(change({ hasRate: false }))).toEqual({
      status: 409,
      message: 'Set a rate before closing October 2026',
    });
    // Reopening needs neither.
    expect(
      cycleStatusRefusal(change({ from: 'closed', to: 'open', hasRate: false, monthEnded: false })),
    ).toBeUndefined();
  });
});

describe('a case\'s hours per local month (DESIGN §4 "Hours and money")', () => {
  const at = (iso: string) => Date.parse(iso);
  it('counts billable hours from billable logs, monitoring hours from all, each overlap once, per technologist', () => {
    const logs = [
      // Oct 31 22:00 → Nov 1 02:00 UTC is Oct 31 16:00–20:00 in Denver (MDT): all October.
      {
        start: at('2026-10-31T22:00:00Z'),
        end: at('2026-11-01T02:00:00Z'),
        technologist: 'tech1',
        billable: true,
      },
      // Overlaps the first by one hour, and is not billable.
      {
        start: at('2026-11-01T01:00:00Z'),
        end: at('2026-11-01T03:00:00Z'),
        technologist: 'tech2',
        billable: false,
      },
      // Nov 1 07:00–08:00 UTC is Nov 1 01:00–01:00 (the hour repeats at the change to MST): November.
      {
        start: at('2026-11-01T07:00:00Z'),
        end: at('2026-11-01T08:00:00Z'),
        technologist: 'tech1',
        billable: true,
      },
    ];
    const months = caseMonths(
      logs,
      [
        { month: '2026-11', adjustMinutes: 30 },
        { month: '2026-11', adjustMinutes: -10 },
        { month: '2026-12', adjustMinutes: 15 },
      ],
      'America/Denver',
    );
    const technologists = technologistMonths(logs, 'America/Denver');
    expect(months).toEqual([
      { month: '2026-10', billableMinutes: 240, monitoringMinutes: 300, adjustMinutes: 0 },
      { month: '2026-11', billableMinutes: 60, monitoringMinutes: 60, adjustMinutes: 20 },
      { month: '2026-12', billableMinutes: 0, monitoringMinutes: 0, adjustMinutes: 15 },
    ]);
    expect(technologists).toEqual([
      { technologist: 'tech1', month: '2026-10', minutes: 240 },
      { technologist: 'tech1', month: '2026-11', minutes: 60 },
      { technologist: 'tech2', month: '2026-10', minutes: 120 },
    ]);
  });

  it('lists the months in order, an adjusted month before the logged ones first', () => {
    const log = {
      start: at('2026-10-05T14:00:00Z'),
      end: at('2026-10-05T15:00:00Z'),
      technologist: 'tech1',
      billable: true,
    };
    expect(caseMonths([log], [{ month: '2026-09', adjustMinutes: 15 }], 'UTC')).toEqual([
      { month: '2026-09', billableMinutes: 0, monitoringMinutes: 0, adjustMinutes: 15 },
      { month: '2026-10', billableMinutes: 60, monitoringMinutes: 60, adjustMinutes: 0 },
    ]);
  });

  it('has no months for no logs and no adjustments', () => {
    expect(caseMonths([], [], 'UTC')).toEqual([]);
    expect(technologistMonths([], 'UTC')).toEqual([]);
  });
});

describe('who may take technologists and cases', () => {
  it('assigns technologists to intake and monitoring cases only, saying why not', () => {
    expect(assignmentRefusal('C-1', 'intake')).toBeUndefined();
    expect(assignmentRefusal('C-1', 'monitoring')).toBeUndefined();
    expect(assignmentRefusal('C-1', 'preview')).toBe(
      'Case C-1 is in preview: only intake and monitoring cases take technologists',
    );
    expect(assignmentRefusal('C-1', 'reviewed')).toBe(
      'Case C-1 is in reviewed: only intake and monitoring cases take technologists',
    );
    expect(assignmentRefusal('C-1', 'closed')).toBe('Case C-1 is closed');
  });

  it('takes in cases for an enabled client only, naming an unknown id or the disabled client', () => {
    expect(intakeClientRefusal(7, { name: 'Mercy', isEnabled: true })).toBeUndefined();
    expect(intakeClientRefusal(7, undefined)).toBe('No client with id 7');
    expect(intakeClientRefusal(7, { name: 'Mercy', isEnabled: false })).toBe(
      'Mercy is disabled: enable the client to take in cases',
    );
  });
});
