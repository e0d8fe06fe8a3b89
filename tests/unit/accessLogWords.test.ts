import { describe, expect, it } from 'vitest';
import { type DescribedEntry, describeEntry, type EntryNames } from '../../server/domain/accessLog';

/** Cases 1 to 9 are numbered MVH-2026-000n; case 404 was deleted since. Client 3 is Mercy Valley. */
const NAMES: EntryNames = {
  caseNumber: (id) => (id < 10 ? `MVH-2026-000${id}` : undefined),
  clientName: (id) => (id === 3 ? 'Mercy Valley' : undefined),
};

const entry = (overrides: Partial<DescribedEntry>): DescribedEntry => ({
  action: 'GET /api/continuous-monitoring/cases/details/:id',
  resource: 'cases',
  resourceId: '6',
  outcome: 'ok',
  details: {},
  ...overrides,
});

const say = (overrides: Partial<DescribedEntry>) => describeEntry(entry(overrides), NAMES);

describe('the access log in words', () => {
  it('names the case a read or write is about by its number', () => {
    expect(say({})).toBe('opened case MVH-2026-0006');
    expect(say({ action: 'GET /api/continuous-monitoring/cases/monitoring/:caseId/patient-details' })).toBe(
      'read the patient details of case MVH-2026-0006',
    );
    expect(
      say({ action: 'GET /api/continuous-monitoring/cases/monitoring/:caseId/case-notes/:itemId/revisions' }),
    ).toBe('read the history of one of the case notes of case MVH-2026-0006');
    expect(say({ action: 'case.transition', details: { from: 'intake', to: 'monitoring' } })).toBe(
      'moved case MVH-2026-0006 from intake to monitoring',
    );
    expect(say({ action: 'record.void', details: { kind: 'time-logs', itemId: 4 } })).toBe(
      'voided one of the time logs of case MVH-2026-0006',
    );
    expect(say({ resourceId: '404' })).toBe('opened case #404 (deleted)');
  });

  it('lists the cases a list read showed, five by number and then how many more', () => {
    const list = (caseIds: number[]) =>
      say({
        action: 'GET /api/continuous-monitoring/cases/monitoring',
        resourceId: null,
        details: { caseIds },
      });
    expect(list([1, 2])).toBe('listed cases in monitoring: MVH-2026-0001, MVH-2026-0002');
    expect(list([1, 2, 3, 4, 5, 6, 7])).toBe(
      'listed cases in monitoring: MVH-2026-0001, MVH-2026-0002, MVH-2026-0003, MVH-2026-0004, MVH-2026-0005 and 2 more',
    );
    expect(list([])).toBe('listed cases in monitoring: no case');
    expect(say({ action: 'GET /api/getHome2', resourceId: null, details: { caseIds: [9] } })).toBe(
      'read the operations board: MVH-2026-0009',
    );
  });

  it("names a client's records and statements by the client's name", () => {
    expect(
      say({
        action: 'GET /api/billing/continuous-monitoring/client/:clientId/cycle/:cycleId',
        resourceId: null,
        details: { clientId: 3, caseIds: [1] },
      }),
    ).toBe('read the billing statement of Mercy Valley: MVH-2026-0001');
    expect(say({ action: 'client.update', resource: 'clients', resourceId: '3' })).toBe(
      'edited client Mercy Valley',
    );
    expect(
      say({
        action: 'billing.invoiced',
        resource: 'billing',
        resourceId: '3',
        details: { month: '2026-10' },
      }),
    ).toBe('marked the statement of Mercy Valley for 2026-10 invoiced');
  });

  it('says what a refused call tried, and keeps what it cannot say in words as it was', () => {
    expect(say({ outcome: 'denied' })).toBe('tried to open case MVH-2026-0006');
    expect(say({ action: 'POST /api/continuous-monitoring/cases/:id/transitions', outcome: 'denied' })).toBe(
      'tried to write to /continuous-monitoring/cases/:id/transitions (case MVH-2026-0006)',
    );
    expect(say({ action: 'GET /api/users', resource: 'users', resourceId: null, outcome: 'denied' })).toBe(
      'tried to read /users',
    );
    expect(say({ action: 'sign-in', resource: 'users', resourceId: 'ada' })).toBe('signed in');
    expect(say({ action: 'something.new', resource: 'users', resourceId: 'ada' })).toBe('something.new');
  });
});
