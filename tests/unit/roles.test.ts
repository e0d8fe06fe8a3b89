import { describe, expect, it } from 'vitest';
import { ACTIONS, canAccess, GRANTS, RESOURCES, ROLES, rolesFromGroups } from '../../contract/roles';

describe('the role table', () => {
  it('maps Cognito groups to roles and ignores unknown groups', () => {
    expect(rolesFromGroups(['technologist', 'us-east-1_abc_Google', 'reader'])).toEqual([
      'technologist',
      'reader',
    ]);
    expect(rolesFromGroups(undefined)).toEqual([]);
  });

  it('lets an administrator do everything', () => {
    for (const resource of RESOURCES) {
      for (const action of ['list', 'show', 'create', 'edit', 'delete', 'export']) {
        expect(canAccess(['admin'], resource, action)).toBe(true);
      }
    }
  });

  it.each(['technologist', 'reader', 'billing'] as const)(
    'lets a %s read clients but never write them',
    (role) => {
      expect(canAccess([role], 'clients', 'list')).toBe(true);
      expect(canAccess([role], 'clients', 'show')).toBe(true);
      for (const action of ['create', 'edit', 'delete'])
        expect(canAccess([role], 'clients', action)).toBe(false);
    },
  );

  it('gives each role only its own writes (DESIGN §3)', () => {
    expect(canAccess(['technologist'], 'cases.time-logs', 'create')).toBe(true);
    expect(canAccess(['technologist'], 'cases.interpretations', 'create')).toBe(false);
    expect(canAccess(['reader'], 'cases.interpretations', 'edit')).toBe(true);
    expect(canAccess(['reader'], 'cases.events', 'create')).toBe(false);
    expect(canAccess(['billing'], 'billing', 'edit')).toBe(true);
    expect(canAccess(['billing'], 'cases.billing-notes', 'create')).toBe(true);
    expect(canAccess(['technologist'], 'billing', 'list')).toBe(false);
    for (const role of ROLES.filter((r) => r !== 'admin')) {
      expect(canAccess([role], 'users', 'list')).toBe(false);
      expect(canAccess([role], 'backups', 'create')).toBe(false);
      expect(canAccess([role], 'bugs', 'create')).toBe(true);
    }
  });

  it('lets every user file a bug report, in a group or not, and a user in no group nothing else', () => {
    expect(canAccess([], 'bugs', 'create')).toBe(true);
    expect(canAccess([], 'bugs', 'list')).toBe(false);
    for (const resource of RESOURCES.filter((name) => name !== 'bugs')) {
      for (const action of ['list', 'show', 'create', 'edit', 'delete', 'export']) {
        expect(canAccess([], resource, action), `${resource} ${action}`).toBe(false);
      }
    }
  });

  it('gives several roles the union of their rights, and no role nothing', () => {
    expect(canAccess(['reader', 'billing'], 'billing', 'edit')).toBe(true);
    expect(canAccess(['reader', 'billing'], 'cases.interpretations', 'edit')).toBe(true);
    expect(canAccess([], 'clients', 'list')).toBe(false);
    expect(canAccess(['reader'], 'no-such-resource', 'list')).toBe(false);
  });

  it('grants only known resources', () => {
    for (const role of ROLES) {
      for (const resource of Object.keys(GRANTS[role])) expect(RESOURCES).toContain(resource);
    }
  });

  it('gives each role exactly the rights of DESIGN §3’s table, resource by resource', () => {
    const rights = (role: (typeof ROLES)[number]) =>
      RESOURCES.map(
        (resource) => [resource, ACTIONS.filter((action) => canAccess([role], resource, action))] as const,
      )
        .filter(([, actions]) => actions.length > 0)
        .map(([resource, actions]) => `${resource}: ${actions.join(' ')}`);
    const read = 'list show export';
    const readWrite = 'list show create edit export';
    const bugs = 'bugs: list show create';
    expect(rights('technologist')).toEqual([
      `clients: ${read}`,
      `cases: ${readWrite}`,
      `cases.patient-details: ${readWrite}`,
      `cases.interpretations: ${read}`,
      `cases.impedances: ${readWrite}`,
      `cases.events: ${readWrite}`,
      `cases.time-logs: ${readWrite}`,
      `cases.case-notes: ${readWrite}`,
      `cases.billing-notes: ${read}`,
      // Critical-result calls are logged by whoever makes them (DESIGN §4 turn 4).
      'cases.call-attempts: create',
      `cases.clinical-content: ${read}`,
      `operations: ${read}`,
      bugs,
      // Intake finds the hospital's patients (issue 32).
      `clients.patients: ${read}`,
    ]);
    expect(rights('reader')).toEqual([
      `clients: ${read}`,
      `cases: ${read}`,
      `cases.patient-details: ${read}`,
      `cases.interpretations: ${readWrite}`,
      `cases.impedances: ${read}`,
      `cases.events: ${read}`,
      `cases.time-logs: ${read}`,
      `cases.case-notes: ${read}`,
      `cases.billing-notes: ${read}`,
      // Critical-result calls are logged by whoever makes them (DESIGN §4 turn 4).
      'cases.call-attempts: create',
      `cases.clinical-content: ${read}`,
      bugs,
    ]);
    // Billing staff read no clinical content, impedances, events or case notes (minimum necessary).
    expect(rights('billing')).toEqual([
      `clients: ${read}`,
      `cases: ${read}`,
      `cases.patient-details: ${read}`,
      `cases.interpretations: ${read}`,
      `cases.time-logs: ${read}`,
      `cases.billing-notes: ${readWrite}`,
      `billing: ${readWrite}`,
      `reporting: ${read}`,
      bugs,
    ]);
  });
});
