import type { Breadcrumb, NavigationItem } from '../../contract/chrome';
import { API_PATHS, PAGE_PATHS } from '../../contract/paths';
import { type Action, canAccess, type Resource, type Role } from '../../contract/roles';

export type MenuEntry = NavigationItem & { requires?: { resource: Resource; action: Action } };

/** The case lists (spec §2), in the order a case moves through them; the assignments board last. */
const CASE_MENU = [
  ['Intake', 'intake'],
  ['Monitoring', 'monitoring'],
  ['Preview', 'preview'],
  ['Reviewed', 'reviewed'],
  ['Closed', 'closed'],
  ['Assignments', 'assignments'],
] as const;

/** The menu, in order; an entry is shown to a user whose roles grant what it requires. */
export const MENU: readonly MenuEntry[] = [
  { title: 'Home', url: '/' },
  {
    title: 'Clients',
    url: API_PATHS.clients,
    requires: { resource: 'clients', action: 'list' },
  },
  ...CASE_MENU.map(([title, list]) => ({
    title,
    url: API_PATHS.caseStage(list),
    requires: { resource: 'cases', action: 'list' } as const,
  })),
  { title: 'Billing', url: PAGE_PATHS.billing, requires: { resource: 'billing', action: 'list' } },
  { title: 'Reporting', url: PAGE_PATHS.reporting, requires: { resource: 'reporting', action: 'list' } },
  { title: 'Users', url: PAGE_PATHS.users, requires: { resource: 'users', action: 'list' } },
  { title: 'Backups', url: PAGE_PATHS.backups, requires: { resource: 'backups', action: 'list' } },
  { title: 'Access log', url: API_PATHS.accessLog, requires: { resource: 'access-log', action: 'list' } },
  {
    title: 'Hospital messages',
    url: API_PATHS.interfaceMessages,
    requires: { resource: 'interfaces', action: 'list' },
  },
  { title: 'Bugs', url: PAGE_PATHS.bugs, requires: { resource: 'bugs', action: 'list' } },
  {
    title: 'Self-checks',
    url: PAGE_PATHS.integrationTesting,
    requires: { resource: 'bugs.unit-tests', action: 'list' },
  },
];

/** The menu for a user's roles; `undefined` when the user may open nothing (no known role). */
export function menuFor(
  roles: readonly Role[],
  entries: readonly MenuEntry[] = MENU,
): NavigationItem[] | undefined {
  if (roles.length === 0) return undefined;
  return entries
    .filter((entry) => !entry.requires || canAccess(roles, entry.requires.resource, entry.requires.action))
    .map(({ title, url }) => ({ title, url }));
}

/** A segment reads as its words ('access-log' → 'Access log'); only these pages are named otherwise. */
const SEGMENT_TITLES: Record<string, string> = {
  // One name for the page, as in the menu.
  'integration-testing': 'Self-checks',
};

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment; // a malformed %-escape is shown as typed
  }
}

export function titleOfSegment(segment: string): string {
  const known = SEGMENT_TITLES[segment];
  if (known) return known;
  const words = safeDecode(segment).replace(/[-_]+/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Breadcrumbs for a path: Home, then one crumb per segment. `names` gives display names for record ids
 * (e.g. a client's name for its id), looked up by the caller.
 */
export function breadcrumbsFor(
  queryPath: string,
  names: ReadonlyMap<string, string> = new Map(),
): Breadcrumb[] {
  const segments = queryPath.split('?')[0].split('/').filter(Boolean);
  const crumbs: Breadcrumb[] = [{ title: 'Home', url: '/' }];
  segments.forEach((segment, index) => {
    const url = `/${segments.slice(0, index + 1).join('/')}`;
    crumbs.push({ title: names.get(url) ?? titleOfSegment(segment), url });
  });
  return crumbs;
}
