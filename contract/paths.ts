/**
 * Every API path, written once (spec §7, DESIGN §5 and §8), under the configured API base URL. The
 * server's routes, the data provider, the menu and the breadcrumbs all build their paths from here. The
 * front end's routes are the same paths (spec §2), so a menu entry's URL is its API list path.
 *
 * A path with an id takes it as an argument: the server passes its route parameter (`':id'`), the front
 * end a record's id.
 */

const CLIENTS = '/continuous-monitoring/clients';
type Id = string | number;

export const API_PATHS = {
  chrome: '/chrome',
  breadcrumbs: '/chrome/breadcrumbs',
  users: '/users',
  user: (username: string) => `/users/${username}`,

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
} as const;

/** The path segments of the records a client owns. */
export const CLIENT_RECORD_SEGMENTS = ['contacts', 'useful-links', 'cases'] as const;
export type ClientRecordSegment = (typeof CLIENT_RECORD_SEGMENTS)[number];
