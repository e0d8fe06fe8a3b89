import { describe, expect, it } from 'vitest';
import {
  caseIdsOf,
  clientIdOf,
  type DescribedEntry,
  describeEntry,
  type EntryNames,
  shownActor,
} from '../../server/domain/accessLog';

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

  const CASE_NOTES = 'GET /api/continuous-monitoring/cases/monitoring/:caseId/case-notes';

  it.each([
    [
      'GET /api/continuous-monitoring/cases/details/:id',
      {},
      'opened case MVH-2026-0006',
      'tried to open case MVH-2026-0006',
    ],
    [
      'GET /api/getHome',
      { details: { caseIds: [1, 2] } },
      'opened their home page: MVH-2026-0001, MVH-2026-0002',
      'tried to open their home page: MVH-2026-0001, MVH-2026-0002',
    ],
    [
      'GET /api/getHome2',
      { details: { caseIds: [9] } },
      'read the operations board: MVH-2026-0009',
      'tried to read the operations board: MVH-2026-0009',
    ],
    [
      'GET /api/access-log',
      { details: { caseIds: [4] } },
      "looked up a patient's cases: MVH-2026-0004",
      "tried to look up a patient's cases: MVH-2026-0004",
    ],
    [
      'GET /api/continuous-monitoring/clients/:id/cases',
      { details: { clientId: '3', caseIds: [1, 2] } },
      'listed the cases of Mercy Valley: MVH-2026-0001, MVH-2026-0002',
      'tried to list the cases of Mercy Valley: MVH-2026-0001, MVH-2026-0002',
    ],
    [
      'GET /api/billing/continuous-monitoring/client/:clientId/billable-hours',
      { details: { clientId: '3', caseIds: [5] } },
      'read the billable hours of Mercy Valley: MVH-2026-0005',
      'tried to read the billable hours of Mercy Valley: MVH-2026-0005',
    ],
    [
      'GET /api/billing/continuous-monitoring/client/:clientId/cycle/:cycleId',
      { details: { clientId: '3', caseIds: [1] } },
      'read the billing statement of Mercy Valley: MVH-2026-0001',
      'tried to read the billing statement of Mercy Valley: MVH-2026-0001',
    ],
    [
      CASE_NOTES,
      {},
      'read the case notes of case MVH-2026-0006',
      'tried to read the case notes of case MVH-2026-0006',
    ],
    [
      `${CASE_NOTES}/:itemId`,
      {},
      'read one of the case notes of case MVH-2026-0006',
      'tried to read one of the case notes of case MVH-2026-0006',
    ],
    [
      'GET /api/continuous-monitoring/cases/monitoring/:caseId/time-logs/:itemId/revisions',
      {},
      'read the history of one of the time logs of case MVH-2026-0006',
      'tried to read the history of one of the time logs of case MVH-2026-0006',
    ],
    [
      'GET /api/continuous-monitoring/cases/monitoring/:caseId/patient-details/revisions',
      {},
      'read the history of the patient details of case MVH-2026-0006',
      'tried to read the history of the patient details of case MVH-2026-0006',
    ],
    [
      'GET /api/continuous-monitoring/cases/reviewed/:caseId/billing-notes',
      {},
      'read the billing notes of case MVH-2026-0006',
      'tried to read the billing notes of case MVH-2026-0006',
    ],
    [
      'GET /api/continuous-monitoring/cases/intake',
      { details: { caseIds: [3] } },
      'listed cases in intake: MVH-2026-0003',
      'tried to list cases in intake: MVH-2026-0003',
    ],
  ])('says the read %s as done and as tried', (action, overrides: Partial<DescribedEntry>, done, tried) => {
    expect(say({ action, ...overrides })).toBe(done);
    expect(say({ action, ...overrides, outcome: 'denied' })).toBe(tried);
  });

  it('reads a route template with or without the API base', () => {
    expect(say({ action: 'GET /getHome', details: { caseIds: [1] } })).toBe(
      'opened their home page: MVH-2026-0001',
    );
    expect(say({ action: 'GET /getHome', details: { caseIds: [1] }, outcome: 'denied' })).toBe(
      'tried to open their home page: MVH-2026-0001',
    );
    expect(say({ action: 'GET /users', resource: 'users', resourceId: null, outcome: 'denied' })).toBe(
      'tried to read /users',
    );
  });

  it('spells out five case numbers in full, and from the sixth on says how many more', () => {
    const home = (caseIds: number[]) => say({ action: 'GET /api/getHome', details: { caseIds } });
    expect(home([1, 2, 3, 4, 5])).toBe(
      'opened their home page: MVH-2026-0001, MVH-2026-0002, MVH-2026-0003, MVH-2026-0004, MVH-2026-0005',
    );
    expect(home([1, 2, 3, 4, 5, 6])).toBe(
      'opened their home page: MVH-2026-0001, MVH-2026-0002, MVH-2026-0003, MVH-2026-0004, MVH-2026-0005 and 1 more',
    );
  });

  it('names a client it has no name for by its id, and one it has no id for as "a client"', () => {
    expect(
      say({
        action: 'GET /api/continuous-monitoring/clients/:id/cases',
        details: { clientId: 7, caseIds: [] },
      }),
    ).toBe('listed the cases of client 7: no case');
    expect(
      say({
        action: 'GET /api/billing/continuous-monitoring/client/:clientId/billable-hours',
        resource: 'billing',
        resourceId: null,
        outcome: 'denied',
      }),
    ).toBe('tried to read the billable hours of a client: no case');
    expect(say({ action: 'contact.create', resource: 'contacts', resourceId: '12' })).toBe(
      'added a contact to a client',
    );
  });

  it('says "unknown" for the case of an entry that names none, and only the first of several', () => {
    expect(say({ action: CASE_NOTES, resource: 'case-notes', resourceId: null, outcome: 'denied' })).toBe(
      'tried to read the case notes of case unknown',
    );
    expect(say({ action: 'case.update', resource: 'api', resourceId: null })).toBe('edited case unknown');
    expect(say({ action: 'record.create', details: { kind: 'case-notes', caseIds: [7, 8] } })).toBe(
      'added to the case notes of case MVH-2026-0007',
    );
  });

  const onCase = { resource: 'cases', resourceId: '6' };
  const onClient = { resource: 'clients', resourceId: '3' };
  const onUser = { resource: 'users', resourceId: 'ada' };

  it.each([
    ['case.intake', onCase, 'took in case MVH-2026-0006'],
    ['case.update', onCase, 'edited case MVH-2026-0006'],
    ['case.delete', onCase, 'deleted case MVH-2026-0006'],
    [
      'case.transition',
      { ...onCase, details: { from: 'monitoring', to: 'reviewed' } },
      'moved case MVH-2026-0006 from monitoring to reviewed',
    ],
    ['case.action', onCase, 'recorded an action on case MVH-2026-0006'],
    ['case.handover', onCase, 'recorded a handover of case MVH-2026-0006'],
    [
      'case.technologists',
      { ...onCase, details: { technologist: 'ada', change: 'assigned' } },
      'assigned ada to case MVH-2026-0006',
    ],
    [
      'case.technologists',
      { ...onCase, details: { technologist: 'ada', change: 'unassigned' } },
      'unassigned ada from case MVH-2026-0006',
    ],
    ['patient.update', onCase, 'edited the patient details of case MVH-2026-0006'],
    [
      'record.create',
      { ...onCase, details: { kind: 'case-notes' } },
      'added to the case notes of case MVH-2026-0006',
    ],
    ['record.create', onCase, 'added to the record of case MVH-2026-0006'],
    [
      'record.revise',
      { ...onCase, details: { kind: 'events' } },
      'revised one of the events of case MVH-2026-0006',
    ],
    [
      'record.void',
      { ...onCase, details: { kind: 'time-logs' } },
      'voided one of the time logs of case MVH-2026-0006',
    ],
    ['client.create', onClient, 'added client Mercy Valley'],
    ['client.update', onClient, 'edited client Mercy Valley'],
    ['client.delete', onClient, 'deleted client Mercy Valley'],
    ['contact.create', onClient, 'added a contact to Mercy Valley'],
    ['contact.update', onClient, 'edited a contact of Mercy Valley'],
    ['usefulLink.create', onClient, 'added a useful link to Mercy Valley'],
    ['usefulLink.update', onClient, 'edited a useful link of Mercy Valley'],
    [
      'billing.rate',
      { resource: 'billing', resourceId: '3', details: { month: '2026-10' } },
      'set the rate of Mercy Valley for 2026-10',
    ],
    ['user.invite', onUser, 'invited user ada'],
    ['user.update', onUser, 'edited user ada'],
    ['user.access-groups', onUser, 'changed the access groups of ada'],
    ['user.enable', onUser, 'enabled user ada'],
    ['user.disable', onUser, 'disabled user ada'],
    ['user.sessions-ended', onUser, 'ended every session of ada'],
    ['user.enable', { resource: 'users', resourceId: null }, 'enabled user '],
    ['sign-in', onUser, 'signed in'],
    ['backup.create', { resource: 'backups', resourceId: null }, 'made a backup'],
    [
      'backup.link',
      { resource: 'backups', resourceId: 'backup-2026-10-01' },
      'asked for a download link to backup backup-2026-10-01',
    ],
    ['backup.restore', { resource: 'backups', resourceId: 'backup-2026-10-01' }, 'restored a backup'],
    ['bug.report', { resource: 'bugs', resourceId: null }, 'reported a bug'],
  ])('says the write %s as "%s"', (action, overrides: Partial<DescribedEntry>, words) => {
    expect(say({ action, ...overrides })).toBe(words);
  });

  it("says a change of a statement's status by the status in its name", () => {
    expect(
      say({ action: 'billing.closed', resource: 'billing', resourceId: '3', details: { month: '2026-09' } }),
    ).toBe('marked the statement of Mercy Valley for 2026-09 closed');
  });

  it('keeps an action it has no words for as it is', () => {
    expect(say({ action: 'call-attempt.create' })).toBe('call-attempt.create');
    expect(say({ action: 'report.billing.export', resource: 'billing', resourceId: '3' })).toBe(
      'report.billing.export',
    );
    expect(
      say({ action: 'Retry: GET /api/users', resource: 'users', resourceId: null, outcome: 'denied' }),
    ).toBe('Retry: GET /api/users');
    expect(
      say({ action: 'GET /api/users again', resource: 'users', resourceId: null, outcome: 'denied' }),
    ).toBe('GET /api/users again');
  });

  it('keeps a call it has no read phrase for as its call, and says a refused one by its route', () => {
    const protocol = 'GET /api/continuous-monitoring/cases/closed/:id/client-protocol';
    expect(say({ action: protocol })).toBe(protocol);
    expect(say({ action: protocol, outcome: 'denied' })).toBe(
      'tried to read /continuous-monitoring/cases/closed/:id/client-protocol (case MVH-2026-0006)',
    );
    const attempts = 'GET /api/continuous-monitoring/cases/monitoring/:caseId/events/:itemId/call-attempts';
    expect(say({ action: attempts })).toBe(attempts);
    const addNote = 'POST /api/continuous-monitoring/cases/monitoring/:caseId/case-notes';
    expect(say({ action: addNote })).toBe(addNote);
    expect(say({ action: addNote, outcome: 'denied' })).toBe(
      'tried to write to /continuous-monitoring/cases/monitoring/:caseId/case-notes (case MVH-2026-0006)',
    );
  });

  it.each([
    ['GET /api/users', { resource: 'users', resourceId: null }, 'tried to read /users'],
    ['POST /api/backups', { resource: 'backups', resourceId: null }, 'tried to write to /backups'],
    ['PUT /api/users/:username/toggle', onUser, 'tried to change /users/:username/toggle'],
    [
      'PATCH /api/continuous-monitoring/cases/:id',
      onCase,
      'tried to change /continuous-monitoring/cases/:id (case MVH-2026-0006)',
    ],
    [
      'DELETE /api/continuous-monitoring/cases/:id',
      onCase,
      'tried to delete /continuous-monitoring/cases/:id (case MVH-2026-0006)',
    ],
  ])('says the refused call %s by its method', (action, overrides: Partial<DescribedEntry>, words) => {
    expect(say({ action, ...overrides, outcome: 'denied' })).toBe(words);
  });
});

describe('the ids an entry names', () => {
  it("takes a list's case ids, keeping only numbers", () => {
    expect(
      caseIdsOf({ resource: 'cases', resourceId: null, details: { caseIds: [1, '2', null, 3] } }),
    ).toEqual([1, 3]);
    expect(caseIdsOf({ resource: 'cases', resourceId: '6', details: { caseIds: [] } })).toEqual([]);
  });

  it("takes a case's own id, only from a case record with a whole-number id", () => {
    expect(caseIdsOf({ resource: 'cases', resourceId: '6', details: {} })).toEqual([6]);
    expect(caseIdsOf({ resource: 'clients', resourceId: '3', details: {} })).toEqual([]);
    expect(caseIdsOf({ resource: 'cases', resourceId: 'ada', details: {} })).toEqual([]);
    expect(caseIdsOf({ resource: 'cases', resourceId: '6.5', details: {} })).toEqual([]);
    // A call on the cases with no id in its path (an intake) names no case, not case 0.
    expect(caseIdsOf({ resource: 'cases', resourceId: null, details: {} })).toEqual([]);
    expect(caseIdsOf({ resource: 'cases', resourceId: '', details: {} })).toEqual([]);
  });

  it('says a refused intake without naming a case', () => {
    expect(
      say({
        action: 'POST /api/continuous-monitoring/cases',
        resourceId: null,
        outcome: 'denied',
      }),
    ).toBe('tried to write to /continuous-monitoring/cases');
  });

  it("takes a client's or a statement's own id, and otherwise the client the details name", () => {
    expect(clientIdOf(entry({ resource: 'clients', resourceId: '3', details: { clientId: 9 } }))).toBe(3);
    expect(clientIdOf(entry({ resource: 'billing', resourceId: '4', details: { clientId: 9 } }))).toBe(4);
    expect(clientIdOf(entry({ resource: 'cases', resourceId: '6', details: { clientId: '5' } }))).toBe(5);
    expect(clientIdOf(entry({ resource: 'cases', resourceId: '6', details: { clientId: 5 } }))).toBe(5);
  });

  it('names no client when the id is missing or not a whole number', () => {
    expect(clientIdOf(entry({ resource: 'clients', resourceId: null }))).toBeUndefined();
    expect(clientIdOf(entry({ resource: 'billing', resourceId: 'ada' }))).toBeUndefined();
    expect(clientIdOf(entry({ resource: 'cases', details: {} }))).toBeUndefined();
    expect(clientIdOf(entry({ resource: 'cases', details: { clientId: null } }))).toBeUndefined();
    expect(clientIdOf(entry({ resource: 'cases', details: { clientId: 2.5 } }))).toBeUndefined();
  });
});

describe('who an entry names', () => {
  it('shows the user, or the name a refused token claimed as unverified', () => {
    expect(shownActor({ actor: 'ada', details: {} })).toBe('ada');
    expect(shownActor({ actor: 'unverified token', details: { unverifiedUser: 'mallory' } })).toBe(
      'unverified: mallory',
    );
    expect(shownActor({ actor: 'unverified token', details: { unverifiedUser: 42 } })).toBe(
      'unverified token',
    );
  });
});
