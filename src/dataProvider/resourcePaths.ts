import type { Identifier } from 'react-admin';
import type { CaseRecordKind } from '../../contract/caseRecords';
import { CASE_STAGES } from '../../contract/cases';
import { API_PATHS } from '../../contract/paths';

/** A resource is named after its route, which is its API path without the leading slash (spec §2). */
export const resourceOf = (apiPath: string) => apiPath.slice(1);

/** The clients resource; its nested records are `${CLIENTS_RESOURCE}/7/contacts`. */
export const CLIENTS_RESOURCE = resourceOf(API_PATHS.clients);

/** The cases themselves: a new case is created here (intake), an intake case deleted. */
export const CASES_RESOURCE = resourceOf(API_PATHS.cases);
/** A case page's record (`getOne` → GET …/cases/details/{id}), a nested path of the cases resource. */
export const CASE_DETAILS_RESOURCE = `${CASES_RESOURCE}/details`;

/** The case lists: the five stages and the assignments (spec §2); each is a resource of its own. */
const CASE_LISTS = [...CASE_STAGES, 'assignments'] as const;
export type CaseList = (typeof CASE_LISTS)[number];
export const caseListResource = (list: CaseList) => resourceOf(API_PATHS.caseStage(list));

/** The administration resources (DESIGN §8 "Administration"): the pool's users and the backups. */
export const USERS_RESOURCE = resourceOf(API_PATHS.users);
export const BACKUPS_RESOURCE = resourceOf(API_PATHS.backups);
/** The bug reports: an admin's list holds everyone's, anyone else's their own. */
export const BUG_REPORTS_RESOURCE = resourceOf(API_PATHS.bugReports);
/** The access log: the audit, read by admins. */
export const ACCESS_LOG_RESOURCE = resourceOf(API_PATHS.accessLog);
/** The hospital messages in and out (issue 32), read by admins. */
export const INTERFACE_MESSAGES_RESOURCE = resourceOf(API_PATHS.interfaceMessages);

/**
 * react-admin resource name → API path under the base URL (spec §7). A resource is added here and
 * registered as `<Resource name=… />` in AppAdmin.tsx; the data provider refuses names that are not listed,
 * except nested records of a listed one (`continuous-monitoring/clients/7/contacts` → its path + `/7/contacts`).
 */
export const RESOURCE_PATHS: Readonly<Record<string, string>> = {
  [CLIENTS_RESOURCE]: API_PATHS.clients,
  [CASES_RESOURCE]: API_PATHS.cases,
  ...Object.fromEntries(CASE_LISTS.map((list) => [caseListResource(list), API_PATHS.caseStage(list)])),
  [USERS_RESOURCE]: API_PATHS.users,
  [BACKUPS_RESOURCE]: API_PATHS.backups,
  [ACCESS_LOG_RESOURCE]: API_PATHS.accessLog,
  [INTERFACE_MESSAGES_RESOURCE]: API_PATHS.interfaceMessages,
  [BUG_REPORTS_RESOURCE]: API_PATHS.bugReports,
};

/**
 * The field that identifies a resource's records when the API has no `id` (react-admin needs one); any
 * other resource's records without an `id` are keyed `_id` (contacts, useful links: DESIGN §4).
 */
export const RESOURCE_KEYS: Readonly<Record<string, string>> = { [USERS_RESOURCE]: 'username' };

/**
 * A case's records of one kind, named after their API path (`continuous-monitoring/cases/monitoring/7/events`),
 * nested under the cases as a client's contacts are under the clients: a change to the case's records that the
 * live updates report reads them again. Read with `getList` (the latest revision of each item, keyed `_id`),
 * written with `create` (revision 1) and `update` (the next revision of `previousData`).
 */
export const caseRecordsResource = (caseId: Identifier, kind: CaseRecordKind) =>
  resourceOf(API_PATHS.caseRecords(caseId, kind));

/** Every revision of an item, newest first (keyed `revision`), nested under its kind's records. */
export const recordRevisionsResource = (caseId: Identifier, kind: CaseRecordKind, itemId: Identifier) =>
  resourceOf(API_PATHS.caseRecordRevisions(caseId, kind, itemId));

/** A case's patient details: one record (`getOne`/`update` with the case id as its id). */
export const patientDetailsResource = (caseId: Identifier) => caseRecordsResource(caseId, 'patient-details');

/** Every state of a case's patient details, newest first (keyed `revision`), nested under them. */
export const patientHistoryResource = (caseId: Identifier) =>
  resourceOf(API_PATHS.patientDetailsRevisions(caseId));
