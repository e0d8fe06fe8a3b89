import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { type Action, canAccess, type Resource, ROLES, type Role } from '../../contract/roles';
import { callApi, type DemoUsername, demoTokens } from './support/apiClient';
import { createTestUser, fetchIdToken } from './support/identity';
import { apiRoutes, clientRecordParams } from './support/routeTable';
import { describeEachDatabase, startTestServer, type TestServer } from './support/testServer';

/**
 * What each route of the API requires, written out by hand from contract/roles.ts and DESIGN §3/§8, so
 * that a route added without an entry here fails this test. `signed-in`: any enabled user; `some-role`:
 * a user with at least one role (a user in no group may open nothing); `public`: no token needed, the
 * route checks its own credential (a signed download link), so no caller gets a 401 or 403 for lack of one.
 */
type Access = { resource: Resource; action: Action } | 'signed-in' | 'some-role' | 'public';
const grant = (resource: Resource, action: Action): Access => ({ resource, action });

/** The four calls of one kind of case record, each needing that kind's grant (`cases.events`, …). */
function recordRoutes(area: string, kind: string): Record<string, Access> {
  const resource = `cases.${kind}` as Resource;
  const path = `/continuous-monitoring/cases/${area}/{caseId}/${kind}`;
  return {
    [`GET ${path}`]: grant(resource, 'list'),
    [`POST ${path}`]: grant(resource, 'create'),
    [`GET ${path}/{itemId}/revisions`]: grant(resource, 'show'),
    [`POST ${path}/{itemId}/revisions`]: grant(resource, 'edit'),
  };
}

const ROUTE_ACCESS: Record<string, Access> = {
  'GET /getHome': 'some-role',
  'GET /bugs/reports': grant('bugs', 'list'),
  'POST /bugs/reports': grant('bugs', 'create'),
  'GET /bugs/unit-tests': grant('bugs.unit-tests', 'list'),
  'GET /backups': grant('backups', 'list'),
  'POST /backups': grant('backups', 'create'),
  'GET /backups/{id}': grant('backups', 'show'),
  'GET /backups/{id}/file': 'public',
  'GET /access-log': grant('access-log', 'list'),
  'GET /getHome2': grant('operations', 'list'),
  // Attention items (issue 36): whoever watches the board.
  'GET /attention': grant('operations', 'list'),
  'POST /attention/acknowledgements': grant('operations', 'list'),
  'GET /billing/continuous-monitoring/changed-since-close': grant('billing', 'list'),
  'GET /billing/continuous-monitoring/client/{clientId}/billable-hours': grant('billing', 'show'),
  'GET /billing/continuous-monitoring/client/{clientId}/billing-cycles': grant('billing', 'list'),
  'GET /billing/continuous-monitoring/client/{clientId}/cycle/{cycleId}': grant('billing', 'show'),
  'POST /billing/continuous-monitoring/client/{clientId}/cycle/{cycleId}/rate': grant('billing', 'edit'),
  'POST /billing/continuous-monitoring/client/{clientId}/cycle/{cycleId}/status': grant('billing', 'edit'),
  'GET /reporting/continuous-monitoring/billable-hours/client/{clientId}': grant('reporting', 'show'),
  'GET /reporting/continuous-monitoring/billable-hours/summary': grant('reporting', 'list'),
  'GET /reporting/continuous-monitoring/monitoring-hours': grant('reporting', 'list'),
  'GET /reporting/continuous-monitoring/turnaround': grant('reporting', 'list'),
  'GET /chrome': 'some-role',
  'GET /events': 'some-role',
  'GET /chrome/breadcrumbs': 'signed-in',
  'GET /users/{username}': 'signed-in',
  'PATCH /users/{username}': grant('users', 'edit'),
  'GET /users': grant('users', 'list'),
  'POST /users': grant('users', 'create'),
  'PUT /users/{username}/access-groups': grant('users', 'edit'),
  'PUT /users/{username}/toggle': grant('users', 'edit'),
  'POST /users/{username}/sign-out': grant('users', 'edit'),
  'POST /users/{username}/password-reset': grant('users', 'edit'),
  'POST /session/sign-out-everywhere': 'signed-in',
  'GET /continuous-monitoring/clients': grant('clients', 'list'),
  'POST /continuous-monitoring/clients': grant('clients', 'create'),
  'GET /continuous-monitoring/clients/ids': grant('clients', 'list'),
  'GET /continuous-monitoring/clients/ids/enabled': grant('clients', 'list'),
  'GET /continuous-monitoring/clients/{id}': grant('clients', 'show'),
  'PUT /continuous-monitoring/clients/{id}': grant('clients', 'edit'),
  'DELETE /continuous-monitoring/clients/{id}': grant('clients', 'delete'),
  'GET /continuous-monitoring/clients/{id}/protocol': grant('clients', 'show'),
  'GET /continuous-monitoring/clients/{id}/protocol/transfer': grant('clients', 'show'),
  'GET /continuous-monitoring/clients/{id}/protocol/revisions': grant('clients', 'show'),
  'POST /continuous-monitoring/clients/{id}/protocol/revisions': grant('clients', 'edit'),
  'GET /continuous-monitoring/clients/{id}/protocol/revisions/{revision}': grant('clients', 'show'),
  'GET /continuous-monitoring/clients/{id}/contacts': grant('clients', 'list'),
  'POST /continuous-monitoring/clients/{id}/contacts': grant('clients', 'create'),
  'GET /continuous-monitoring/clients/{id}/contacts/{contactId}': grant('clients', 'show'),
  'PUT /continuous-monitoring/clients/{id}/contacts/{contactId}': grant('clients', 'edit'),
  'GET /continuous-monitoring/clients/{id}/useful-links': grant('clients', 'list'),
  'POST /continuous-monitoring/clients/{id}/useful-links': grant('clients', 'create'),
  'GET /continuous-monitoring/clients/{id}/useful-links/{linkId}': grant('clients', 'show'),
  'PUT /continuous-monitoring/clients/{id}/useful-links/{linkId}': grant('clients', 'edit'),
  'GET /continuous-monitoring/clients/{id}/cases': grant('cases', 'list'),
  'GET /continuous-monitoring/clients/{id}/interface': grant('interfaces', 'show'),
  'PUT /continuous-monitoring/clients/{id}/interface': grant('interfaces', 'edit'),
  'GET /continuous-monitoring/clients/{id}/patients': grant('clients.patients', 'list'),
  'GET /interfaces/messages': grant('interfaces', 'list'),
  'GET /interfaces/messages/{id}': grant('interfaces', 'show'),
  'POST /interfaces/messages/{id}/resend': grant('interfaces', 'edit'),
  'POST /continuous-monitoring/cases': grant('cases', 'create'),
  'GET /continuous-monitoring/cases/intake': grant('cases', 'list'),
  'GET /continuous-monitoring/cases/monitoring': grant('cases', 'list'),
  'GET /continuous-monitoring/cases/preview': grant('cases', 'list'),
  'GET /continuous-monitoring/cases/reviewed': grant('cases', 'list'),
  'GET /continuous-monitoring/cases/closed': grant('cases', 'list'),
  'GET /continuous-monitoring/cases/assignments': grant('cases', 'list'),
  'GET /continuous-monitoring/cases/details/{id}': grant('cases', 'show'),
  'PATCH /continuous-monitoring/cases/{id}': grant('cases', 'edit'),
  'DELETE /continuous-monitoring/cases/{id}': grant('cases', 'delete'),
  // Any reader of cases may ask for a move; the stage machine answers 403 for a move the role may not make.
  'POST /continuous-monitoring/cases/{id}/transitions': grant('cases', 'show'),
  'POST /continuous-monitoring/cases/{id}/actions': grant('cases', 'show'),
  'POST /continuous-monitoring/cases/{id}/handovers': grant('cases', 'edit'),
  'POST /continuous-monitoring/cases/{id}/transitions/{tid}/actions': grant('cases', 'show'),
  'GET /continuous-monitoring/cases/closed/{id}/client-protocol': grant('cases', 'show'),
  ...recordRoutes('monitoring', 'interpretations'),
  ...recordRoutes('monitoring', 'impedances'),
  ...recordRoutes('monitoring', 'events'),
  'POST /continuous-monitoring/cases/monitoring/{caseId}/events/{itemId}/call-attempts': grant(
    'cases.call-attempts',
    'create',
  ),
  ...recordRoutes('monitoring', 'case-notes'),
  ...recordRoutes('reviewed', 'billing-notes'),
  ...recordRoutes('monitoring', 'time-logs'),
  'POST /continuous-monitoring/cases/monitoring/{caseId}/time-logs/revisions': grant(
    'cases.time-logs',
    'edit',
  ),
  'POST /continuous-monitoring/cases/monitoring/{caseId}/time-logs/{itemId}/insertion': grant(
    'cases.time-logs',
    'create',
  ),
  'GET /continuous-monitoring/cases/monitoring/{caseId}/patient-details': grant(
    'cases.patient-details',
    'show',
  ),
  'PUT /continuous-monitoring/cases/monitoring/{caseId}/patient-details': grant(
    'cases.patient-details',
    'edit',
  ),
  'GET /continuous-monitoring/cases/monitoring/{caseId}/patient-details/revisions': grant(
    'cases.patient-details',
    'show',
  ),
  'GET /users/continuous-monitoring/technologists': grant('cases', 'list'),
  'GET /users/continuous-monitoring/readers': grant('cases', 'list'),
  'PUT /users/{username}/continuous-monitoring/cases': grant('cases', 'edit'),
};

function mayCall(access: Access, roles: readonly Role[]): boolean {
  if (access === 'signed-in' || access === 'public') return true;
  if (access === 'some-role') return roles.length > 0;
  return canAccess(roles, access.resource, access.action);
}

const ROLE_OF: Record<DemoUsername, Role> = {
  admin: 'admin',
  tech1: 'technologist',
  reader1: 'reader',
  billing1: 'billing',
};

/**
 * Calls that end sessions even without a body: they name a user of their own, and the caller's own
 * sign-out everywhere comes last of all, so that no caller's token is ended before its other calls.
 */
const ENDS_SESSIONS = [
  'POST /users/{username}/sign-out',
  'POST /users/{username}/password-reset',
  'POST /session/sign-out-everywhere',
];
const sessionsLast = (routes: readonly string[]) => [
  ...routes.filter((route) => !ENDS_SESSIONS.includes(route)),
  ...ENDS_SESSIONS.filter((route) => routes.includes(route)),
];

describeEachDatabase('Every route × every role', (kind) => {
  let server: TestServer;
  let callers: { name: string; username?: string; token?: string; roles: Role[] }[];
  let routes: string[];
  const params: Record<string, string> = {};
  /** The user whose sessions the admin calls end. */
  let target: string;

  beforeAll(async () => {
    // Each caller without a grant is refused once per route: more than the refused-call limit allows.
    server = await startTestServer(kind, { DENIED_CALLS_MAX: '1000' });
    const tokens = await demoTokens();
    const identity = inject('identity');
    const noGroup = await createTestUser(identity);
    target = (await createTestUser(identity, { groups: ['reader'] })).username;
    callers = [
      { name: 'no token', roles: [] },
      ...Object.entries(ROLE_OF).map(([username, role]) => ({
        name: username,
        username,
        token: tokens[username as DemoUsername],
        roles: [role],
      })),
      {
        name: 'a user in no group',
        username: noGroup.username,
        token: await fetchIdToken(identity, noGroup.username, noGroup.password),
        roles: [],
      },
    ];
    // Records for the path parameters to name, so an allowed call can succeed rather than 404.
    Object.assign(params, await clientRecordParams(server, tokens.admin));
    Object.assign(params, { clientId: params.id, cycleId: '2025-01' });
    routes = (await apiRoutes(server)).map((route) => `${route.method} ${route.path}`);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('has an entry for every route of the API, and every entry is a route', () => {
    expect([...routes].sort()).toEqual(Object.keys(ROUTE_ACCESS).sort());
    expect(ROLES.every((role) => Object.values(ROLE_OF).includes(role))).toBe(true);
  });

  it('answers each caller as the role table says: 401 without a token, 403 without the grant, else neither', async () => {
    const outcomes: string[] = [];
    for (const route of sessionsLast(routes)) {
      const [method, template] = route.split(' ');
      const access = ROUTE_ACCESS[route];
      for (const caller of callers) {
        const username = ENDS_SESSIONS.includes(route) ? target : (caller.username ?? 'admin');
        const path = template.replace(/\{(\w+)\}/g, (_, name: string) =>
          name === 'username' ? encodeURIComponent(username) : String(params[name]),
        );
        // Writes carry no body: an allowed caller gets a 400, never a change, so the order of calls is free
        // (POST /backups needs no body: the admin's takes a backup, which changes no data).
        const reply = await callApi(server, method, path, { token: caller.token });
        const expected =
          !caller.token && access !== 'public' ? 401 : mayCall(access, caller.roles) ? 'allowed' : 403;
        const got = reply.status === 401 || reply.status === 403 ? reply.status : 'allowed';
        if (got !== expected || reply.status >= 500) {
          outcomes.push(`${route} as ${caller.name}: expected ${expected}, got ${reply.status}`);
        }
      }
    }
    expect(outcomes).toEqual([]);
  });
});
