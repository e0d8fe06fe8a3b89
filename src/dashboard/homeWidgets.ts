import { API_PATHS } from '../../contract/paths';
import { canAccess, type Role } from '../../contract/roles';

/**
 * Which of home's widgets a caller sees (DESIGN §9): billing's work for billing staff; their own work for
 * those who work or read cases (technologists, readers, admins); the operations board for the roles that
 * may see it (the server answers 403 to the others, so their page does not even ask).
 */
export function homeWidgets(roles: readonly Role[]) {
  return {
    billingWork: roles.includes('billing'),
    myWork: roles.some((role) => role !== 'billing'),
    board: canAccess(roles, 'operations', 'list'),
  };
}

/**
 * Whether the board flags cases' overdue reports: the reader's work, on readers' and admins' screens only
 * (a technologist's board keeps to the checks and notifications that need them now).
 */
export const seesReportsOnBoard = (roles: readonly Role[]) =>
  roles.includes('reader') || roles.includes('admin');

/** The calls home's own-work and board widgets make for these roles. */
export function homeReads(roles: readonly Role[]): string[] {
  const { myWork, board } = homeWidgets(roles);
  return [...(myWork ? [API_PATHS.home] : []), ...(board ? [API_PATHS.home2] : [])];
}
