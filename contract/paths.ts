/**
 * Every API path, written once (spec §7, DESIGN §5 and §8), under the configured API base URL. The
 * server's routes, the data provider, the menu and the breadcrumbs all build their paths from here. The
 * front end's routes are the same paths (spec §2), so a menu entry's URL is its API list path.
 *
 * A path with an id takes it as an argument: the server passes its route parameter (`':id'`), the front
 * end a record's id.
 */

const CLIENTS = '/continuous-monitoring/clients';
const CASES = '/continuous-monitoring/cases';
const BILLING = '/billing/continuous-monitoring';
const REPORTING = '/reporting/continuous-monitoring';
type Id = string | number;

export const API_PATHS = {
  chrome: '/chrome',
  /** GET: Server-Sent Events of committed changes the caller may read (`Last-Event-ID` resumes). */
  events: '/events',
  breadcrumbs: '/chrome/breadcrumbs',
  users: '/users',
  /** GET a user's details; PATCH `{name?, credentials?}` (admins). */
  user: (username: string) => `/users/${username}`,
  /** PUT `{groups}`: the user's whole set of access groups (Cognito groups). */
  userAccessGroups: (username: string) => `/users/${username}/access-groups`,
  /** PUT, no body: enable ↔ disable. */
  userToggle: (username: string) => `/users/${username}/toggle`,
  /** POST, no body (admins): ends every session of the user, on every device. */
  userSignOut: (username: string) => `/users/${username}/sign-out`,
  /** POST, no body (admins): the password stops working; the user sets a new one with an emailed code. */
  userPasswordReset: (username: string) => `/users/${username}/password-reset`,
  /** POST, no body: the caller ends every session of their own, on every device. */
  signOutEverywhere: '/session/sign-out-everywhere',

  /** GET the list, POST (no body) a new backup. */
  backups: '/backups',
  /** GET: a short-lived signed download link. */
  backup: (id: string) => `/backups/${id}`,
  /** GET `?expires&signature`: the file itself, for the holder of a signed link (no token). */
  backupFile: (id: string) => `/backups/${id}/file`,

  clients: CLIENTS,
  clientIds: `${CLIENTS}/ids`,
  enabledClientIds: `${CLIENTS}/ids/enabled`,
  client: (id: Id) => `${CLIENTS}/${id}`,
  /** A client's records of one kind: `contacts`, `useful-links`, `cases`. */
  clientRecords: (id: Id, segment: ClientRecordSegment) => `${CLIENTS}/${id}/${segment}`,
  protocol: (id: Id) => `${CLIENTS}/${id}/protocol`,
  transferProtocol: (id: Id) => `${CLIENTS}/${id}/protocol/transfer`,
  protocolRevisions: (id: Id) => `${CLIENTS}/${id}/protocol/revisions`,
  protocolRevision: (id: Id, revision: Id) => `${CLIENTS}/${id}/protocol/revisions/${revision}`,
  /** GET / PUT the client's hospital interface (admins); secrets are write-only. */
  clientInterface: (id: Id) => `${CLIENTS}/${id}/interface`,
  /** GET `?q=` (MRN or name): the client's patients its admissions feed told us of. */
  clientPatients: (id: Id) => `${CLIENTS}/${id}/patients`,
  /** GET `?clientId&direction&type&status&from&to`: every hospital message in and out (admins). */
  interfaceMessages: '/interfaces/messages',
  /** GET: one message with its raw text (an audited read of patient data). */
  interfaceMessage: (id: Id) => `/interfaces/messages/${id}`,
  /** POST, no body: sends an outbound message again. */
  interfaceMessageResend: (id: Id) => `/interfaces/messages/${id}/resend`,

  /** POST: intake. */
  cases: CASES,
  /** A stage list (`intake` … `closed`); the same path is the front end's list page. */
  caseStage: (stage: string) => `${CASES}/${stage}`,
  caseAssignments: `${CASES}/assignments`,
  caseDetails: (id: Id) => `${CASES}/details/${id}`,
  /** PATCH the header, DELETE an intake case. */
  case: (id: Id) => `${CASES}/${id}`,
  caseTransitions: (id: Id) => `${CASES}/${id}/transitions`,
  caseActions: (id: Id) => `${CASES}/${id}/actions`,
  /** POST `{from, to, at, note}`: a handover between technologists (DESIGN §4). */
  caseHandovers: (id: Id) => `${CASES}/${id}/handovers`,
  caseTransitionActions: (id: Id, transitionId: Id) => `${CASES}/${id}/transitions/${transitionId}/actions`,
  closedCaseProtocol: (id: Id) => `${CASES}/closed/${id}/client-protocol`,
  /** A case's records of one kind (billing notes live under `reviewed`, the rest under `monitoring`). */
  caseRecords: (id: Id, kind: string) =>
    kind === 'billing-notes' ? `${CASES}/reviewed/${id}/billing-notes` : `${CASES}/monitoring/${id}/${kind}`,
  caseRecordRevisions: (id: Id, kind: string, itemId: Id) =>
    `${API_PATHS.caseRecords(id, kind)}/${itemId}/revisions`,
  /** POST without an id: a revision of the case's latest time log. */
  /** POST: append a call attempt to an event's notification (DESIGN §4 "Orders and critical calls"). */
  callAttempts: (id: Id, itemId: Id) => `${API_PATHS.caseRecords(id, 'events')}/${itemId}/call-attempts`,
  latestTimeLogRevisions: (id: Id) => `${API_PATHS.caseRecords(id, 'time-logs')}/revisions`,
  /** POST `?location=before|after`: a new log next to this one. */
  timeLogInsertion: (id: Id, itemId: Id) => `${API_PATHS.caseRecords(id, 'time-logs')}/${itemId}/insertion`,
  /** GET / PUT the patient's details; GET `/revisions` their history. */
  patientDetails: (id: Id) => `${CASES}/monitoring/${id}/patient-details`,
  patientDetailsRevisions: (id: Id) => `${CASES}/monitoring/${id}/patient-details/revisions`,
  technologists: '/users/continuous-monitoring/technologists',
  /** GET: the enabled users who may be a case's reader, with their names and credentials. */
  readers: '/users/continuous-monitoring/readers',
  technologistCases: (username: string) => `/users/${username}/continuous-monitoring/cases`,

  /** GET `?actor&caseId&caseNumber&patient&outcome&from&to`: the audit log (admins); the same path is the front end's page. */
  accessLog: '/access-log',

  bugReports: '/bugs/reports',
  /** GET: the live self-checks. */
  selfChecks: '/bugs/unit-tests',

  home: '/getHome',
  home2: '/getHome2',
  /** GET: the caller's open attention items. */
  attention: '/attention',
  /** POST `{key}`: the caller acknowledges an item (on every device); again is no error. */
  attentionAcknowledgements: '/attention/acknowledgements',
  /** GET `?month=YYYY-MM`: per case, billable minutes and hours, adjustments, CPT codes. */
  billableHours: (clientId: Id) => `${BILLING}/client/${clientId}/billable-hours`,
  billingCycles: (clientId: Id) => `${BILLING}/client/${clientId}/billing-cycles`,
  /** GET: the statement of the month `cycleId` (`YYYY-MM`). */
  billingCycle: (clientId: Id, cycleId: string) => `${BILLING}/client/${clientId}/cycle/${cycleId}`,
  cycleRate: (clientId: Id, cycleId: string) => `${BILLING}/client/${clientId}/cycle/${cycleId}/rate`,
  cycleStatus: (clientId: Id, cycleId: string) => `${BILLING}/client/${clientId}/cycle/${cycleId}/status`,
  /** GET: every client's closed or invoiced months whose hours differ from their frozen lines. */
  changedStatements: `${BILLING}/changed-since-close`,
  /** GET `?from&to`: per month. */
  clientHoursReport: (clientId: Id) => `${REPORTING}/billable-hours/client/${clientId}`,
  hoursSummary: `${REPORTING}/billable-hours/summary`,
  /** GET `?from&to[&clientId]`. */
  monitoringHours: `${REPORTING}/monitoring-hours`,
  /**
   * GET `?from&to[&clientId]`: orders and their turnaround per client, month and priority, and the month's
   * critical calls (turn 4).
   */
  turnaround: `${REPORTING}/turnaround`,
} as const;

/** The front end's pages outside the resources (spec §2): billing, reporting, administration. */
export const PAGE_PATHS = {
  /** The sign-in gate (spec §2); react-admin's `/login` redirects here. */
  signIn: '/signin',
  billing: '/billing',
  billingHome: BILLING,
  billingClient: (clientId: Id) => `${BILLING}/${clientId}`,
  statement: (clientId: Id, month: string) => `${BILLING}/${clientId}/${month}`,
  users: '/users',
  /** A user's page: their access groups, status and assigned cases. */
  user: (username: string) => `/users/${encodeURIComponent(username)}`,
  backups: '/backups',
  bugs: '/bugs',
  integrationTesting: '/bugs/integration-testing',
  reporting: '/reporting',
  reportingHome: REPORTING,
  billableHoursReport: `${REPORTING}/billable-hours`,
  billableHoursSummary: `${REPORTING}/billable-hours/summary`,
  clientBillableHours: (clientId: Id) => `${REPORTING}/billable-hours/${clientId}`,
  monitoringHoursReport: `${REPORTING}/monitoring-hours`,
  clientMonitoringHours: (clientId: Id) => `${REPORTING}/monitoring-hours/${clientId}`,
  turnaroundReport: `${REPORTING}/turnaround`,
} as const;

/**
 * Path prefixes that group pages but are no page themselves (`/continuous-monitoring`, `…/cases`): their
 * breadcrumbs are shown as plain text, not as links to "Page not found".
 */
export const SECTION_PATHS: readonly string[] = ['/continuous-monitoring', CASES];

/** The front end's case page: `/continuous-monitoring/cases/{stage}/{caseId}/{tab}` (DESIGN §9). */
/** The printable case report, a base-layout page: `/continuous-monitoring/cases/print-details/{caseId}`. */
export const casePrintPath = (id: Id) => `${CASES}/print-details/${id}`;

export const casePagePath = (stage: string, id: Id, tab = 'details') => `${CASES}/${stage}/${id}/${tab}`;

/** The path segments of the records a client owns. */
export const CLIENT_RECORD_SEGMENTS = ['contacts', 'useful-links', 'cases'] as const;
export type ClientRecordSegment = (typeof CLIENT_RECORD_SEGMENTS)[number];
