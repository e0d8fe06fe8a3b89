import type { ChangeEvent, ChangeKind } from '../../contract/changeEvents';
import { canAccess, type Resource, type Role } from '../../contract/roles';

/** The list each kind of change shows on: a user hears of a change only where they may read it. */
const SHOWN_IN: Record<ChangeKind, Resource> = {
  cases: 'cases',
  clients: 'clients',
  billing: 'billing',
  users: 'users',
};

/** Whether a user with `roles` may hear of `event` (the read rules of the role table, DESIGN §3). */
export function mayHearOf(roles: readonly Role[], event: Pick<ChangeEvent, 'kind'>): boolean {
  return canAccess(roles, SHOWN_IN[event.kind], 'list');
}
