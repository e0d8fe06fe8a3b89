import { type BugReport, bugReportInputSchema, type SelfCheck } from '../../contract/bugs';
import type { CurrentUser } from '../../contract/chrome';
import { API_PATHS } from '../../contract/paths';
import { rolesFromGroups } from '../../contract/roles';
import { accessDenied, buildUser } from './fakeApi';
import { type FakeRequest, now, page, validate } from './fakeApiRules';
import type { FakeHandler } from './HandlersHarness';

/**
 * The bug reports and self-checks in memory (DESIGN §8 "Administration"), for stories and component tests:
 * an admin lists every report, anyone else their own; a filed report takes the caller as reporter; only an
 * admin may run the self-checks.
 */

export interface BugsSeed {
  reports: BugReport[];
  checks: SelfCheck[];
}

const FAKE_USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0';

const buildBugReport = (overrides: Partial<BugReport> = {}): BugReport => ({
  id: 1,
  title: 'Impedance table does not scroll',
  description: 'With more than 20 electrodes the last rows are cut off.',
  steps: '1. Open a monitoring case\n2. Open Impedances',
  severity: 'medium',
  pageUrl: '/continuous-monitoring/cases/monitoring/7/impedances',
  reporter: 'technologist',
  userAgent: FAKE_USER_AGENT,
  status: 'open',
  createdAt: '2026-11-02T14:05:00.000Z',
  ...overrides,
});

const buildSelfCheck = (overrides: Partial<SelfCheck> = {}): SelfCheck => ({
  name: 'Database reachable and migrated',
  ok: true,
  ms: 12,
  detail: '',
  ...overrides,
});

/** The server's six checks, all passing. */
const passingChecks: SelfCheck[] = [
  buildSelfCheck({ name: 'Database reachable and migrated', ms: 12 }),
  buildSelfCheck({ name: "Identity's JWKS reachable", ms: 84 }),
  buildSelfCheck({ name: 'Clock drift vs identity ≤ 5 s', ms: 85 }),
  buildSelfCheck({ name: 'Backup folder writable', ms: 3 }),
  buildSelfCheck({ name: 'Free disk', ms: 1 }),
  buildSelfCheck({ name: 'Audit log writable', ms: 4 }),
];

export const BACKUP_FAILURE = "ENOTDIR: not a directory, mkdir '/srv/vigil/backups'";

/** The same six, the backup folder and the disk failing. */
export const failingChecks: SelfCheck[] = passingChecks.map((check) => {
  if (check.name === 'Backup folder writable') return { ...check, ok: false, detail: BACKUP_FAILURE };
  if (check.name === 'Free disk') return { ...check, ok: false, detail: '3% free on /srv/vigil (needs 10%)' };
  return check;
});

/** Reports of every severity by three people, filed over the first days of November 2026. */
export const bugsSeed: BugsSeed = {
  reports: [
    buildBugReport(),
    buildBugReport({
      id: 2,
      title: 'Statement CSV has the wrong month',
      description: 'The October statement downloads as September.',
      severity: 'high',
      pageUrl: '/billing/continuous-monitoring/1/2026-10',
      reporter: 'billing',
      status: 'in-progress',
      createdAt: '2026-11-03T09:30:00.000Z',
    }),
    buildBugReport({
      id: 3,
      title: 'Typo on the login page',
      description: '"Pasword" on the sign-in button.',
      steps: '',
      severity: 'low',
      pageUrl: '/login',
      reporter: 'reader',
      status: 'resolved',
      createdAt: '2026-11-01T08:00:00.000Z',
    }),
    buildBugReport({
      id: 4,
      title: 'Time log lost after saving',
      description: 'A stopped time log disappeared from the case.',
      severity: 'critical',
      pageUrl: '/continuous-monitoring/cases/monitoring/9/time-logs',
      reporter: 'technologist',
      createdAt: '2026-11-04T22:15:00.000Z',
    }),
  ],
  checks: passingChecks,
};

export const noBugsSeed: BugsSeed = { reports: [], checks: passingChecks };

export function fakeBugsHandler(seed: BugsSeed, user: CurrentUser = buildUser()): FakeHandler {
  const reports = structuredClone(seed.reports);
  const isAdmin = rolesFromGroups(user.roles).includes('admin');

  function create(body: unknown): BugReport {
    const input = validate(bugReportInputSchema, body);
    const report: BugReport = {
      id: Math.max(0, ...reports.map(({ id }) => id)) + 1,
      title: input.title,
      description: input.description,
      steps: input.steps ?? '',
      severity: input.severity,
      pageUrl: input.pageUrl ?? '',
      reporter: user.username,
      userAgent: FAKE_USER_AGENT,
      status: 'open',
      createdAt: now(),
    };
    reports.push(report);
    return report;
  }

  return ({ method, path, query, body }: FakeRequest) => {
    if (path === API_PATHS.bugReports && method === 'GET')
      return page(
        reports.filter((report) => isAdmin || report.reporter === user.username),
        { sort: 'createdAt', order: 'DESC', ...query },
      );
    if (path === API_PATHS.bugReports && method === 'POST') return { data: create(body) };
    if (path === API_PATHS.selfChecks && method === 'GET') {
      if (!isAdmin) throw accessDenied();
      return { data: structuredClone(seed.checks) };
    }
    return undefined;
  };
}
