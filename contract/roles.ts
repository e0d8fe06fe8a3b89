/**
 * The one role table (DESIGN §3), shared by react-admin's `canAccess` and the server's checks.
 * Cognito groups are the roles; a user may be in several groups and gets the union of their rights.
 */
export const ROLES = ['admin', 'technologist', 'reader', 'billing'] as const;
export type Role = (typeof ROLES)[number];

export const ACTIONS = ['list', 'show', 'create', 'edit', 'delete', 'export'] as const;
export type Action = (typeof ACTIONS)[number];

export const RESOURCES = [
  'clients',
  'cases',
  'cases.patient-details',
  'cases.interpretations',
  'cases.impedances',
  'cases.events',
  'cases.time-logs',
  'cases.case-notes',
  'cases.billing-notes',
  /** Critical-result call attempts on an event (append-only): those who watch and those who read call. */
  'cases.call-attempts',
  /**
   * Clinical content within what a role reads (interpretation text and findings, the patient's indication and
   * medications); without it the server empties them (minimum necessary, DESIGN §3).
   */
  'cases.clinical-content',
  'billing',
  'reporting',
  /** The home page's operations board (GET /getHome2). */
  'operations',
  'users',
  'backups',
  /** The access log: every write, read of patient data and refused call (admins only). */
  'access-log',
  'bugs',
  'bugs.unit-tests',
  /** Hospital interfaces: their settings and the message log (admins only). */
  'interfaces',
  /** A client's patient index, fed by its admissions: intake searches it. */
  'clients.patients',
] as const;
export type Resource = (typeof RESOURCES)[number];

const READ: readonly Action[] = ['list', 'show', 'export'];
const WRITE: readonly Action[] = ['create', 'edit'];
const ALL: readonly Action[] = ACTIONS;

type Grants = Partial<Record<Resource, readonly Action[]>>;

/** What each role may do; anything not listed is refused. */
export const GRANTS: Record<Role, Grants> = {
  admin: Object.fromEntries(RESOURCES.map((resource) => [resource, ALL])) as Grants,
  technologist: {
    clients: READ,
    cases: [...READ, ...WRITE],
    'cases.patient-details': [...READ, ...WRITE],
    'cases.impedances': [...READ, ...WRITE],
    'cases.events': [...READ, ...WRITE],
    'cases.time-logs': [...READ, ...WRITE],
    'cases.case-notes': [...READ, ...WRITE],
    'cases.call-attempts': ['create'],
    'cases.interpretations': READ,
    'cases.billing-notes': READ,
    'cases.clinical-content': READ,
    'clients.patients': READ,
    operations: READ,
    bugs: ['list', 'show'],
  },
  reader: {
    clients: READ,
    cases: READ,
    'cases.patient-details': READ,
    'cases.impedances': READ,
    'cases.events': READ,
    'cases.time-logs': READ,
    'cases.case-notes': READ,
    'cases.interpretations': [...READ, ...WRITE],
    'cases.call-attempts': ['create'],
    'cases.billing-notes': READ,
    'cases.clinical-content': READ,
    bugs: ['list', 'show'],
  },
  billing: {
    clients: READ,
    cases: READ,
    'cases.patient-details': READ,
    'cases.time-logs': READ,
    /** Whether each is signed: their text and findings are emptied (minimum necessary). */
    'cases.interpretations': READ,
    'cases.billing-notes': [...READ, ...WRITE],
    billing: [...READ, ...WRITE],
    reporting: READ,
    bugs: ['list', 'show'],
  },
};

/**
 * What every signed-in user may do, in a group or in none (DESIGN §3): file a bug report. Reading their own
 * details needs no grant; everything else needs a role.
 */
const EVERY_USER: Grants = { bugs: ['create'] };

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** Roles from the id token's `cognito:groups`; unknown groups are ignored. */
export function rolesFromGroups(groups: readonly string[] | undefined): Role[] {
  // Stryker disable next-line ArrayDeclaration: any stand-in without a role's name filters to no roles.
  return (groups ?? []).filter(isRole);
}

export function canAccess(roles: readonly Role[], resource: string, action: string): boolean {
  const grants = (granted: Grants) => granted[resource as Resource]?.includes(action as Action) ?? false;
  return grants(EVERY_USER) || roles.some((role) => grants(GRANTS[role]));
}
