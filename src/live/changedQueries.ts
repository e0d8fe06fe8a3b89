import type { QueryKey } from '@tanstack/react-query';
import type { ChangeKind } from '../../contract/changeEvents';
import { API_PATHS, PAGE_PATHS } from '../../contract/paths';
import { CASES_RESOURCE, CLIENTS_RESOURCE, resourceOf, USERS_RESOURCE } from '../dataProvider/resourcePaths';
import { ATTENTION_RESOURCE, TECHNOLOGISTS_RESOURCE } from '../dataProvider/writeLinks';

/** The resources (first part of a query key) whose pages show each kind of change. */
const SHOWN_BY: Record<ChangeKind, readonly string[]> = {
  // The homes and the board are made of cases; a case page's records are nested under its case.
  // The technologists' load counts their active cases.
  cases: [
    CASES_RESOURCE,
    resourceOf(API_PATHS.home),
    resourceOf(API_PATHS.home2),
    ATTENTION_RESOURCE,
    TECHNOLOGISTS_RESOURCE,
  ],
  // A case list and the board show each case's client.
  clients: [CLIENTS_RESOURCE, CASES_RESOURCE, resourceOf(API_PATHS.home2)],
  billing: [resourceOf(PAGE_PATHS.billing)],
  users: [USERS_RESOURCE],
  // The caller's acknowledgements, from another of their devices.
  attention: [ATTENTION_RESOURCE],
};

/** Whether a query shows something a change of one of `kinds` may have changed. */
export function showsChangeOf(kinds: ReadonlySet<ChangeKind>, queryKey: QueryKey): boolean {
  const [resource] = queryKey;
  if (typeof resource !== 'string') return false;
  return [...kinds].some((kind) =>
    SHOWN_BY[kind].some((shown) => resource === shown || resource.startsWith(`${shown}/`)),
  );
}
