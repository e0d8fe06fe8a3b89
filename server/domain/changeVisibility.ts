import type { ChangeEvent, ChangeKind } from '../../contract/changeEvents';
import { canAccess, type Resource, type Role } from '../../contract/roles';

/** The list each kind of change shows on: a user hears of a change only where they may read it. */
const SHOWN_IN: Record<ChangeKind, Resource> = {
  cases: 'cases',
  clients: 'clients',
  billing: 'billing',
  users: 'users',
  // Attention items are the board's: those who watch it acknowledge them.
  attention: 'operations',
};

/**
 * Whether a user with `roles` may hear of `event` (the read rules of the role table, DESIGN §3); a change
 * for one user (their acknowledgements) only that user.
 */
export function mayHearOf(
  roles: readonly Role[],
  event: Pick<ChangeEvent, 'kind' | 'username'>,
  username?: string,
): boolean {
  if (event.username !== undefined && event.username !== username) return false;
  return canAccess(roles, SHOWN_IN[event.kind], 'list');
}
