import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PAGE_PATHS } from '../../contract/paths';
import { canAccess, type Role } from '../../contract/roles';
import { AppHarness } from '../support/AppHarness';
import { userWithRole } from '../support/clientFixtures';
import { menuForRole } from '../support/fakeApi';

/**
 * Spec §2's pages outside the resources, each with the grant that opens it (the resources' own pages are
 * guarded by react-admin's canAccess, and their tests). A role without the grant lands on /unauthorized.
 */
const GUARDED_PAGES: [path: string, resource: string, action: string][] = [
  [PAGE_PATHS.billing, 'billing', 'list'],
  [PAGE_PATHS.billingHome, 'billing', 'list'],
  [PAGE_PATHS.billingClient(3), 'billing', 'show'],
  [PAGE_PATHS.statement(3, '2026-10'), 'billing', 'show'],
  [PAGE_PATHS.reporting, 'reporting', 'list'],
  [PAGE_PATHS.reportingHome, 'reporting', 'list'],
  [PAGE_PATHS.billableHoursReport, 'reporting', 'list'],
  [PAGE_PATHS.billableHoursSummary, 'reporting', 'list'],
  [PAGE_PATHS.clientBillableHours(3), 'reporting', 'show'],
  [PAGE_PATHS.monitoringHoursReport, 'reporting', 'list'],
  [PAGE_PATHS.clientMonitoringHours(3), 'reporting', 'show'],
  [PAGE_PATHS.users, 'users', 'list'],
  [PAGE_PATHS.backups, 'backups', 'list'],
  [PAGE_PATHS.integrationTesting, 'bugs.unit-tests', 'list'],
];

/** Each page with a role that may not open it (the table is checked against the role table too). */
const REFUSED = GUARDED_PAGES.map(([path, resource, action]) => {
  const role = (['technologist', 'reader', 'billing'] as const).find(
    (candidate) => !canAccess([candidate], resource, action),
  );
  if (!role) throw new Error(`Every role may open ${path}`);
  return [path, role] as const;
});

describe('pages a role may not open', () => {
  it.each(REFUSED)('sends the user at %s (as %s) to /unauthorized', async (path, role: Role) => {
    render(<AppHarness path={path} user={userWithRole(role)} chrome={menuForRole(role)} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Unauthorized' })).toBeInTheDocument();
  });

  it('lets the roles the role table names open them', () => {
    expect(
      GUARDED_PAGES.filter(([, resource, action]) => canAccess(['billing'], resource, action)),
    ).toHaveLength(11);
    for (const [path, resource, action] of GUARDED_PAGES) {
      expect(canAccess(['admin'], resource, action), path).toBe(true);
    }
  });
});
