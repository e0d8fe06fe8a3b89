import { canAccess, type Role } from '../../contract/roles';

const AREA_PREFIX = 'continuous-monitoring/';

/**
 * The role-table resource (contract/roles.ts) that governs a react-admin resource. Resources are named
 * after their routes: `continuous-monitoring/clients` → `clients`; a client's nested records
 * (`continuous-monitoring/clients/7/contacts`) fall under `clients`, except its cases, under `cases`, as on
 * the server.
 */
export function roleResource(resource: string): string {
  const name = resource.startsWith(AREA_PREFIX) ? resource.slice(AREA_PREFIX.length) : resource;
  const [parent, , child] = name.split('/');
  return child === 'cases' ? child : parent;
}

/** react-admin's `canAccess` over the role table. */
export const canAccessResource = (roles: readonly Role[], resource: string, action: string) =>
  canAccess(roles, roleResource(resource), action);
