/**
 * What an administrator may not do to their own account (DESIGN §6): the service always keeps an admin who
 * can undo a mistake, so another administrator removes an admin's group or disables them.
 */

/** Why the caller may not give `username` these groups (409), or undefined. */
export function ownGroupsRefusal(
  caller: string,
  username: string,
  groups: { from: readonly string[]; to: readonly string[] },
): string | undefined {
  if (caller !== username || !groups.from.includes('admin') || groups.to.includes('admin')) return undefined;
  return 'You cannot remove your own admin group: another administrator must do it, so the service always keeps one.';
}

/** Why the caller may not enable or disable `username` (409), or undefined. */
export function ownToggleRefusal(caller: string, username: string): string | undefined {
  return caller === username ? 'You cannot disable yourself: another administrator must do it.' : undefined;
}
