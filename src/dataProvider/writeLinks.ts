import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { Identifier } from 'react-admin';
import { CASE_STAGES } from '../../contract/cases';
import { API_PATHS, PAGE_PATHS } from '../../contract/paths';
import { CASE_DETAILS_RESOURCE, CASES_RESOURCE, caseListResource, resourceOf } from './resourcePaths';

/**
 * A write the app made, named as react-admin names it: the resource written (`update` on a case's events is
 * a write on `…/cases/monitoring/7/events`) and the record's id. A write through a custom data provider
 * method (a transition, a handover, a call attempt) names the resource it changes through `useMutation`'s
 * `meta` (`writeTo`); the query client reads again, once it succeeds, what `readsAfter` lists.
 */
export interface Write {
  resource: string;
  id?: Identifier;
  /** react-admin's method (`create`, `update`, `delete`) or the custom one's name. */
  method?: string;
  /** The write answered the record itself, which the page has put in the cache: no need to read it again. */
  answered?: boolean;
}

/** `useMutation`'s `meta` of a write made through a custom data provider method. */
export const writeTo = (write: Write) => ({ write });

/** The home (the caller's work), the operations board, the attention items and the technologists' load. */
export const HOME_RESOURCE = resourceOf(API_PATHS.home);
export const BOARD_RESOURCE = resourceOf(API_PATHS.home2);
export const ATTENTION_RESOURCE = resourceOf(API_PATHS.attention);
export const TECHNOLOGISTS_RESOURCE = resourceOf(API_PATHS.technologists);

type Reads = (key: QueryKey) => boolean;

const named = (key: QueryKey) => (typeof key[0] === 'string' ? key[0] : undefined);

/** The reads of a resource and of the resources nested under it (`…/events` and `…/events/3/revisions`). */
const under =
  (resource: string): Reads =>
  (key) => {
    const name = named(key);
    return name === resource || (name?.startsWith(`${resource}/`) ?? false);
  };

const exactly =
  (...resources: string[]): Reads =>
  (key) =>
    resources.includes(named(key) ?? '');

/** A case page's record (`getOne` on `…/cases/details`); every case's when no id is given. */
const caseDetails =
  (caseId?: Identifier): Reads =>
  ([name, , params]) =>
    name === CASE_DETAILS_RESOURCE &&
    (caseId === undefined || String((params as { id?: Identifier } | undefined)?.id) === String(caseId));

/** The case lists: the stages, the assignments, a client's cases tab (`…/clients/7/cases`). */
const CASE_LIST_RESOURCES = [...CASE_STAGES, 'assignments' as const].map(caseListResource);
const caseLists: Reads = (key) =>
  CASE_LIST_RESOURCES.includes(named(key) ?? '') || (named(key)?.endsWith('/cases') ?? false);

/** The billing and reporting pages: hours, statements, turnaround (`billing/…`, `reporting/…`). */
const hours = [under(resourceOf(PAGE_PATHS.billing)), under(resourceOf(PAGE_PATHS.reporting))];

/** Where a case shows outside its own page: the lists, the technologists' load, the homes, the hours. */
const caseElsewhere = [
  caseLists,
  exactly(TECHNOLOGISTS_RESOURCE, HOME_RESOURCE, BOARD_RESOURCE, ATTENTION_RESOURCE),
  ...hours,
];

const CASE_RECORDS = new RegExp(`^${CASES_RESOURCE}/(?:monitoring|reviewed)/([1-9][0-9]*)/([a-z-]+)$`);

/**
 * What a write changes beyond the resource written, in one place (the resource itself and those nested
 * under it are always read again, but after a delete, whose record is gone):
 *
 * - a case's records of any kind → the case's page record: its stage moves depend on its records (a signed
 *   final interpretation, settled billing notes), its header shows the next report due, an event's open
 *   critical call, the next check;
 * - its time logs → also the home (the running log), the board (hours, last check) and the billing and
 *   reporting pages (the hours);
 * - its billing notes → also the billing and reporting pages;
 * - its events → also the attention items (a critical call due);
 * - its patient details → also the case lists (the patient's name and MRN columns);
 * - the case itself (header, order, transition, action, handover: `…/cases/details` with the case's id) →
 *   the case lists, the technologists' load, the home, the board, the attention items, the billing and
 *   reporting pages (a case closed, a turnaround), the case's time logs (a handover ends one log and opens
 *   another; a close ends them), and the case's page record unless the write answered it;
 * - the cases (intake, a deleted intake case) and the assignments (a reassignment) → the same but the
 *   case's time logs; a reassignment also every case page record (its technologists).
 */
function readsAfter(write: Write): Reads[] {
  const own = write.method?.startsWith('delete') ? [] : [under(write.resource)];
  const [, caseId, kind] = CASE_RECORDS.exec(write.resource) ?? [];
  if (caseId && kind) {
    return [
      ...own,
      caseDetails(caseId),
      ...(kind === 'time-logs' ? [exactly(HOME_RESOURCE, BOARD_RESOURCE), ...hours] : []),
      ...(kind === 'billing-notes' ? hours : []),
      ...(kind === 'events' ? [exactly(ATTENTION_RESOURCE)] : []),
      ...(kind === 'patient-details' ? [caseLists] : []),
    ];
  }
  if (write.resource === CASE_DETAILS_RESOURCE && write.id !== undefined)
    return [
      ...(write.answered ? [] : [caseDetails(write.id)]),
      ...caseElsewhere,
      under(resourceOf(API_PATHS.caseRecords(write.id, 'time-logs'))),
    ];
  if (write.resource === CASES_RESOURCE) return caseElsewhere;
  if (write.resource === caseListResource('assignments')) return [...caseElsewhere, caseDetails()];
  return own;
}

/** Reads again what a write changed (`readsAfter`): the shown queries at once, the others when next shown. */
export const refreshAfterWrite = (queryClient: QueryClient, write: Write) => {
  const reads = readsAfter(write);
  return queryClient.invalidateQueries({ predicate: ({ queryKey }) => reads.some((read) => read(queryKey)) });
};
