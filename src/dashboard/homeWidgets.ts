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

/** The outbound messages that failed, as an admin's home counts them (FailedMessages): one row, for its total. */
export const FAILED_MESSAGES = {
  filter: { direction: 'out', status: 'failed' },
  pagination: { page: 1, perPage: 1 },
  sort: { field: 'createdAt', order: 'DESC' },
} as const;

/**
 * The calls home makes for these roles, as the HTTP client sends them (path and query): its own-work and
 * board widgets', the technologists' names the board shows, and an admin's failed messages.
 */
export function homeReads(roles: readonly Role[]): string[] {
  const { myWork, board } = homeWidgets(roles);
  const { filter, pagination, sort } = FAILED_MESSAGES;
  const failed = new URLSearchParams({
    ...filter,
    page: String(pagination.page),
    perPage: String(pagination.perPage),
    sort: sort.field,
    order: sort.order,
  });
  return [
    ...(myWork ? [API_PATHS.home] : []),
    ...(board ? [API_PATHS.home2, API_PATHS.technologists] : []),
    ...(canAccess(roles, 'interfaces', 'list') ? [`${API_PATHS.interfaceMessages}?${failed}`] : []),
  ];
}
