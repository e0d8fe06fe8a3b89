import type { Role } from './roles';

/**
 * A technologist's own work (DESIGN §4 "Monitoring operations"): their time logs and the handover of their
 * case are theirs to change; an admin may change anyone's.
 */

export interface Caller {
  username: string;
  roles: readonly Role[];
}

/** The first of `owners` whose work the caller may not change, or undefined. */
export function othersWork(caller: Caller, owners: readonly string[]): string | undefined {
  if (caller.roles.includes('admin')) return undefined;
  return owners.find((owner) => owner !== caller.username);
}

/** Why the caller may not write time logs of these technologists (403), or undefined. */
export function ownLogRefusal(caller: Caller, technologists: readonly string[]): string | undefined {
  const other = othersWork(caller, technologists);
  return other && `Only ${other} or an admin may change ${other}'s time logs`;
}

/** Why the caller may not hand over `from`'s case (403), or undefined. */
export function ownHandoverRefusal(caller: Caller, from: string): string | undefined {
  return othersWork(caller, [from]) && `Only ${from} or an admin may hand over ${from}'s case`;
}
